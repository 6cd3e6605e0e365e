import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, FileInput, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { formatFileSize } from '@tankha/domain';
import { DOCUMENT_MSG, USER_DOCUMENT_ACCEPT, USER_DOCUMENT_TYPES, precheckDocumentFile, type UserDocument } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { displayDate } from '../../ui/format';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { downloadDocument, useDeleteDocument, useDocuments, useUploadDocument } from './profile.api';

const TYPE_OPTIONS = USER_DOCUMENT_TYPES.map((t) => ({ value: String(t.id), label: t.name }));

/** The local calendar day of an instant, shown as dd MMM yyyy. */
function localDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const pad = (n: number) => n.toString().padStart(2, '0');
  return displayDate(`${d.getFullYear().toString()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}

function UploadForm({ userId }: { userId: string }) {
  const upload = useUploadDocument(userId);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // One key per picked file, kept across retries, so an upload whose reply was lost is not stored twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<{ documentType?: string; file?: string }>({});
  const [resetKey, setResetKey] = useState(0);

  const choose = (picked: File | null) => {
    setFile(picked);
    setIdempotencyKey(crypto.randomUUID());
    setErrors((e) => ({ ...e, file: picked ? (precheckDocumentFile(picked) ?? undefined) : undefined }));
  };

  const submit = async () => {
    const next: { documentType?: string; file?: string } = {};
    if (!documentType) next.documentType = DOCUMENT_MSG.selectType;
    if (!file) next.file = DOCUMENT_MSG.selectFile;
    else next.file = precheckDocumentFile(file) ?? undefined;
    setErrors(next);
    if (next.documentType || next.file || !file || !documentType) return;
    try {
      await upload.mutateAsync({ documentType: Number(documentType), file, idempotencyKey });
      toast.success(DOCUMENT_MSG.uploaded);
      setDocumentType(null);
      setFile(null);
      setIdempotencyKey(crypto.randomUUID());
      setResetKey((k) => k + 1);
    } catch (error) {
      // A refused field is shown under the field; anything else as a toast.
      if (error instanceof ApiError && (error.errors.documentType || error.errors.file)) setErrors({ documentType: error.errors.documentType, file: error.errors.file });
      else toastApiError(error, 'Failed to upload the document');
    }
  };

  return (
    <Group align="flex-start" gap="sm" wrap="wrap" key={resetKey}>
      <Select
        label="Document type"
        placeholder="Select type"
        data={TYPE_OPTIONS}
        value={documentType}
        onChange={(v) => {
          setDocumentType(v);
          setErrors((e) => ({ ...e, documentType: undefined }));
        }}
        error={errors.documentType}
        w={220}
        allowDeselect={false}
      />
      <FileInput
        label="File"
        fileInputProps={{ 'aria-label': 'Document file' }}
        placeholder="Choose a file"
        accept={USER_DOCUMENT_ACCEPT}
        description="PDF, JPG or PNG, at most 5 MB"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={file}
        onChange={choose}
        error={errors.file}
        clearable
        w={280}
      />
      <Button mt={24} leftSection={<IconUpload size={16} />} loading={upload.isPending} onClick={() => void submit()}>
        Upload
      </Button>
    </Group>
  );
}

/** Documents: the list with download and delete, and the upload control. */
export function DocumentsCard({ userId, canManage }: { userId: string; canManage: boolean }) {
  const documents = useDocuments(userId);
  const remove = useDeleteDocument(userId);
  const [toDelete, setToDelete] = useState<UserDocument | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(DOCUMENT_MSG.deleted);
      setToDelete(null);
    } catch (error) {
      toastApiError(error, 'Failed to delete the document');
    }
  };

  const download = (doc: UserDocument) =>
    downloadDocument(userId, doc).catch((error: unknown) => {
      toastApiError(error, 'Failed to download the document');
    });

  let list;
  if (documents.isPending) list = <Text c="dimmed">Loading documents…</Text>;
  else if (documents.isError) list = <Alert color="red">{errorMessage(documents.error, 'Could not load the documents.')}</Alert>;
  else if (documents.data.length === 0) list = <Text c="dimmed">{DOCUMENT_MSG.none}</Text>;
  else
    list = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded on</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.data.map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>{doc.documentTypeName}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{doc.fileName}</Table.Td>
                <Table.Td>{formatFileSize(doc.sizeBytes)}</Table.Td>
                <Table.Td>{localDay(doc.uploadedAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Download">
                      <ActionIcon variant="subtle" aria-label={`Download ${doc.fileName}`} onClick={() => void download(doc)}>
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {canManage && (
                      <Tooltip label="Delete">
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${doc.fileName}`} onClick={() => setToDelete(doc)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Card component="section" aria-label="Documents">
      <Title order={3} size="h5" mb="sm">
        Documents
      </Title>
      <Stack>
        {canManage && <UploadForm userId={userId} />}
        {list}
      </Stack>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete document"
        message={
          <>
            Delete <b>{toDelete?.fileName}</b>? This cannot be undone.
          </>
        }
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
