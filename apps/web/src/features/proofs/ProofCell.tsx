import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PROOF_MSG, USER_DOCUMENT_ACCEPT, precheckProofFile, type Proof } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useTouchSize } from '../../ui/kit/touch';
import { POI_KEY, deleteProof, downloadProof, uploadProof } from './proofs.api';
import type { PoiRow } from './poi-rows';

/** The upload failure text of payroll spec §8: 'Upload failed' on a non-200, else the server's message or 'Failed to upload file'. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || PROOF_MSG.uploadFailed;
  return PROOF_MSG.uploadFailedFallback;
}

/** The Proofs column of one row: the files attached to its item and a per-row upload (payroll spec §2). */
export function ProofCell({ declarationId, row, proofs, editable }: { declarationId: string; row: PoiRow; proofs: Proof[]; editable: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const touch = useTouchSize();
  const client = useQueryClient();
  const mine = proofs.filter((p) => p.itemId === row.itemId && (row.part === 'allowedAmount' || p.documentType === row.documentType));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = precheckProofFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const { message } = await uploadProof({ declarationId, documentType: row.documentType, ...(row.upload ?? {}) }, file);
      toast.success(message);
      await client.invalidateQueries({ queryKey: [POI_KEY] });
    } catch (error) {
      toast.error(uploadFailure(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (proof: Proof) => {
    try {
      toast.success(await deleteProof(proof.id));
      await client.invalidateQueries({ queryKey: [POI_KEY] });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : PROOF_MSG.uploadFailedFallback);
    }
  };

  return (
    <Stack gap={2}>
      {mine.map((p) => (
        <Group key={p.id} gap={4} wrap="nowrap">
          <Anchor size="xs" component="button" type="button" onClick={() => void downloadProof(p)} title={p.documentTypeName}>
            {p.fileName}
          </Anchor>
          {editable ? (
            <Tooltip label="Remove proof">
              <ActionIcon size={touch.icon ?? 'xs'} variant="subtle" color="red" aria-label={`Remove ${p.fileName}`} onClick={() => void remove(p)}>
                <IconTrash size={12} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ))}
      {mine.length === 0 && !editable ? (
        <Text size="xs" c="dimmed">
          No proof
        </Text>
      ) : null}
      {editable ? (
        <>
          {/* The server reads proofs as documents (PDF, JPEG, PNG by content); the MIME types let a phone offer its camera. */}
          <input ref={input} type="file" hidden accept={USER_DOCUMENT_ACCEPT} aria-label={`Proof for ${row.label}`} onChange={(e) => void onFile(e.currentTarget.files?.[0])} />
          <Button size={touch.button ?? 'compact-xs'} variant="light" leftSection={<IconPaperclip size={12} />} loading={busy} onClick={() => input.current?.click()} aria-label={`Upload proof for ${row.label}`}>
            Upload
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
