import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { PROOF_MSG, type ProofReviewItem } from '@tankha/contracts';
import { rupeesText } from '../../ui/format';
import type { PoiRow } from '../proofs/poi-rows';

/** The amount a reviewer may allow: the actual amount, or the declared one when none was entered. */
export const claimed = (r: PoiRow) => r.actual ?? r.declared;

/**
 * Review of one item's proofs: the allowed amount of each of its amounts (at most the
 * claim), Approve or Reject, and a comment, required for a partial approval when the POI setting says so.
 */
export function ReviewItemModal({ rows, mandateComment, busy, onClose, onSubmit }: { rows: PoiRow[]; mandateComment: boolean; busy: boolean; onClose: () => void; onSubmit: (item: ProofReviewItem) => void }) {
  const [allowed, setAllowed] = useState<Record<string, number | ''>>(() => Object.fromEntries(rows.map((r) => [r.part, r.allowed ?? claimed(r)])));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const first = rows[0];
  if (!first) return null;
  const send = (isApproved: boolean) => {
    let partial = !isApproved;
    const item: ProofReviewItem = { itemId: first.itemId, isApproved, ...(comment.trim() ? { comment: comment.trim() } : {}) };
    if (isApproved) {
      for (const r of rows) {
        const value = allowed[r.part];
        const amount = value === '' || value === undefined ? 0 : value;
        if (amount > claimed(r)) {
          setError(PROOF_MSG.allowedTooHigh);
          return;
        }
        if (amount < claimed(r)) partial = true;
        item[r.part] = amount;
      }
    }
    if (partial && mandateComment && !comment.trim()) {
      setError(PROOF_MSG.partialCommentRequired);
      return;
    }
    setError(null);
    onSubmit(item);
  };
  return (
    <Modal opened onClose={onClose} title={`Review: ${first.label.replace(/ principal$| annual rent received$/, '')}`} size="lg">
      <Stack>
        {rows.map((r) => (
          <Group key={r.key} justify="space-between" align="flex-end">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {r.label}
              </Text>
              <Text size="xs" c="dimmed">
                Declared {rupeesText(r.declared)} · Actual {r.actual === null ? '—' : rupeesText(r.actual)}
              </Text>
            </Stack>
            <NumberInput label="Allowed amount" aria-label={`Allowed amount for ${r.label}`} value={allowed[r.part] ?? ''} onChange={(v) => setAllowed((p) => ({ ...p, [r.part]: v === '' ? '' : Number(v) }))} min={0} max={claimed(r)} decimalScale={2} prefix="₹" thousandSeparator="," thousandsGroupStyle="lakh" w={200} />
          </Group>
        ))}
        <Textarea label="Comment" description={mandateComment ? 'Required when allowing less than the amount claimed' : undefined} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} />
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" variant="light" onClick={() => send(false)} loading={busy}>
            Reject proof
          </Button>
          <Button onClick={() => send(true)} loading={busy}>
            Approve proof
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
