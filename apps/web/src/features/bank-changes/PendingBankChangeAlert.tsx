import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BANK_CHANGE_MSG, type BankChange } from '@tankha/contracts';
import { usePendingBankChange } from './bank-changes.api';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The requested details of a pending change, as text lines. */
function requestedLines(change: BankChange): string[] {
  const r = change.requested;
  return [
    `Account holder: ${r.accountHolderName ?? '—'}`,
    `Bank: ${r.bankName ?? '—'}`,
    `Account number: ${r.bankAccountNumber ?? '—'}`,
    `IFSC: ${r.ifscCode ?? '—'}`,
  ];
}

/**
 * "Bank change pending approval" with the requested details: on the employee form (an employee's id)
 * and on one's own profile ('mine'). Nothing when no change waits.
 */
export function PendingBankChangeAlert({ userId }: { userId: string | 'mine' }) {
  const change = usePendingBankChange(userId);
  const c = change.data;
  if (!c) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={BANK_CHANGE_MSG.pendingBanner} mb="sm" role="status" aria-label={BANK_CHANGE_MSG.pendingBanner}>
      <Text size="sm">
        Requested {c.requestedByName ? `by ${c.requestedByName} ` : ''}on {when(c.requestedAt)}. Salary is paid to the current account until{' '}
        {c.effectiveAt ? `the change takes effect on ${when(c.effectiveAt)}` : 'another administrator approves the change'}.
      </Text>
      {requestedLines(c).map((line) => (
        <Text size="sm" key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Alert>
  );
}
