import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconExternalLink, IconReceiptRefund, IconRefresh, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type SubscriptionRow } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { billingDurationText, billingTypeText, epochToDisplayDate, statusColor } from './subscription-row';
import { cancelSubscription, downloadCreditNote, downloadInvoice, mySubscriptionsKey, retryRefund, undoScheduledChange, useMySubscriptions } from './subscription.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

/** Platform §2.4: the My Subscriptions table's columns. */
export const SUBSCRIPTION_COLUMNS = ['Plan', 'Start Date', 'End Date', 'Billing Type', 'Status', 'Seats Purchased', 'Billing Duration', 'Actions'] as const;
export const NO_SUBSCRIPTIONS = 'No subscriptions yet';
export const SUBSCRIPTIONS_FAILED = 'Failed to load subscriptions';
export const SELECT_MONTH = 'Please select a month.';

/**
 * Where the refund of a credit note stands (Razorpay charged the upgrade's full price and the credit is paid back
 * on that payment); nothing for a credit taken off the charge (the local provider).
 */
export const REFUND_TEXT: Record<NonNullable<SubscriptionRow['creditNotes'][number]['refundStatus']>, { text: string; color: string }> = {
  processed: { text: 'Refunded to the original payment', color: 'teal' },
  pending: { text: 'Refund pending', color: 'dimmed' },
  failed: { text: 'Refund failed', color: 'red' },
};

/**
 * A downgrade Razorpay would not apply to the subscription (a UPI or domestic-card mandate) is a new subscription from
 * the change date, which the customer authorises on Razorpay's page.
 */
export const NEEDS_AUTHORISING = 'The new plan needs your authorisation';
export const AUTHORISED = 'The new plan is authorised';
export const AUTHORISE = 'Authorise';
export const RETRY_REFUND = 'Retry refund';

/** The link to Razorpay's page where the customer authorises a new subscription (opens in a new tab). */
function AuthoriseLink({ url, planName }: { url: string; planName: string }) {
  return (
    <Button component="a" href={url} target="_blank" rel="noopener noreferrer" size="compact-xs" variant="light" rightSection={<IconExternalLink size={12} />} aria-label={`Authorise the ${planName} plan`}>
      {AUTHORISE}
    </Button>
  );
}

/** Platform §4: only an active, non-trial subscription can be cancelled or have an invoice downloaded; free plans have no invoices. */
export const canCancel = (r: SubscriptionRow) => r.status === 'active' && !r.isTrial && r.cancelRequestedAt === null;
export const canDownload = (r: SubscriptionRow) => r.status === 'active' && !r.isTrial && !r.isFreePlan;

function CancelDialog({ row, onClose }: { row: SubscriptionRow; onClose: () => void }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const message = await cancelSubscription(row);
      toast.success(message || MSG.cancellationInitiated);
      await queryClient.invalidateQueries({ queryKey: mySubscriptionsKey(user.tenantId) });
      onClose();
    } catch (error) {
      toastApiError(error, MSG.subscriptionNotInProvider);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Cancel Subscription" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">
        Cancel the {row.planName} plan? {row.isFreePlan || row.endAt === null ? 'It ends now.' : `It stays active until ${epochToDisplayDate(row.endAt)} and will not renew.`}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Keep Subscription
        </Button>
        <Button color="red" loading={busy} onClick={() => void submit()}>
          Cancel Subscription
        </Button>
      </Group>
    </Modal>
  );
}

/** A downgrade waiting for the end of the paid period, and its undo. */
function ScheduledChange({ row, change }: { row: SubscriptionRow; change: NonNullable<SubscriptionRow['scheduledChange']> }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      toast.success(await undoScheduledChange(row.subscriptionId));
      await queryClient.invalidateQueries({ queryKey: mySubscriptionsKey(user.tenantId) });
    } catch (error) {
      toastApiError(error, MSG.noScheduledChange);
    } finally {
      setBusy(false);
    }
  };
  const fresh = change.newSubscription;
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {MSG.planChangeScheduled.replace('{plan}', change.planName).replace('{date}', epochToDisplayDate(change.at))}
        </Text>
        {/* A change made as a new subscription cannot be undone: the current one is already cancelled at its period's end at Razorpay. */}
        {!fresh && (
          <Button size="compact-xs" variant="subtle" loading={busy} onClick={() => void undo()} aria-label={`Undo the change to ${change.planName}`}>
            Undo
          </Button>
        )}
      </Group>
      {fresh && (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c={fresh.authorised ? 'teal' : 'orange'}>
            {fresh.authorised ? AUTHORISED : NEEDS_AUTHORISING}
          </Text>
          {!fresh.authorised && fresh.authorisationUrl && <AuthoriseLink url={fresh.authorisationUrl} planName={change.planName} />}
        </Group>
      )}
    </Stack>
  );
}

/** The credit notes of a subscription (an upgrade credited its unused days), each a PDF download. */
function CreditNotes({ notes }: { notes: SubscriptionRow['creditNotes'] }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = async (id: string) => {
    setRetrying(id);
    try {
      toast.success(await retryRefund(id));
      await queryClient.invalidateQueries({ queryKey: mySubscriptionsKey(user.tenantId) });
    } catch (error) {
      toastApiError(error, MSG.refundNotFailed);
    } finally {
      setRetrying(null);
    }
  };
  const download = async (id: string) => {
    setBusy(id);
    try {
      await downloadCreditNote(id);
    } catch (error) {
      toastApiError(error, MSG.creditNoteNotFound);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={2}>
      {notes.map((n) => (
        <Stack key={n.id} gap={0}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconReceiptRefund size={14} />}
            loading={busy === n.id}
            onClick={() => void download(n.id)}
            aria-label={`Download credit note ${n.creditNoteNumber}`}
          >
            Credit note {n.creditNoteNumber}
          </Button>
          {n.refundStatus && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c={REFUND_TEXT[n.refundStatus].color}>
                {REFUND_TEXT[n.refundStatus].text}
              </Text>
              {n.refundStatus === 'failed' && (
                <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} loading={retrying === n.id} onClick={() => void retry(n.id)} aria-label={`Retry the refund of credit note ${n.creditNoteNumber}`}>
                  {RETRY_REFUND}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function InvoiceDialog({ row, onClose }: { row: SubscriptionRow; onClose: () => void }) {
  const [month, setMonth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!month) {
      setError(SELECT_MONTH);
      return;
    }
    setBusy(true);
    try {
      await downloadInvoice(row.subscriptionId, month);
      onClose();
    } catch (e) {
      toastApiError(e, MSG.noInvoiceForMonth);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Download Invoice" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">The GST tax invoice of the {row.planName} plan for the month you choose.</Text>
        <TextInput
          type="month"
          label="Invoice month"
          value={month}
          onChange={(e) => {
            setMonth(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void submit()} leftSection={<IconDownload size={16} />}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The My Subscriptions tab (platform §2.4): every subscription of the organisation, newest first. */
export function MySubscriptionsTab() {
  const subscriptions = useMySubscriptions();
  const [cancelling, setCancelling] = useState<SubscriptionRow | null>(null);
  const [invoiceOf, setInvoiceOf] = useState<SubscriptionRow | null>(null);

  if (subscriptions.isPending) return <PageLoader label="Loading subscriptions" />;
  if (subscriptions.isError) return <ErrorState message={SUBSCRIPTIONS_FAILED} onRetry={() => void subscriptions.refetch()} retryLabel="Retry" />;
  const rows = subscriptions.data;

  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={960} type="native">
        <Table aria-label="My subscriptions" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {SUBSCRIPTION_COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={SUBSCRIPTION_COLUMNS.length}>
                  <EmptyState message={NO_SUBSCRIPTIONS} />
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.subscriptionId}>
                  <Table.Td fw={600}>{row.planName}</Table.Td>
                  <Table.Td>{epochToDisplayDate(row.startAt)}</Table.Td>
                  <Table.Td>{row.endAt === null ? '—' : epochToDisplayDate(row.endAt)}</Table.Td>
                  <Table.Td>{billingTypeText(row)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={statusColor(row.status)} variant="light" tt="capitalize">
                        {row.status}
                      </Badge>
                      {row.cancelRequestedAt !== null && row.status === 'active' && (
                        <Text size="xs" c="dimmed">
                          {row.endAt === null ? 'Cancels at period end' : `Cancels on ${epochToDisplayDate(row.endAt)}`}
                        </Text>
                      )}
                      {row.scheduledChange && row.status === 'active' && <ScheduledChange row={row} change={row.scheduledChange} />}
                      {row.authorisationUrl && (
                        <Group gap={4} wrap="nowrap">
                          <Text size="xs" c="orange">
                            {row.status === 'halted' ? `Unpaid since ${epochToDisplayDate(row.startAt)}: authorise to start` : `Starts on ${epochToDisplayDate(row.startAt)} once authorised`}
                          </Text>
                          <AuthoriseLink url={row.authorisationUrl} planName={row.planName} />
                        </Group>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{row.isTrial ? '—' : row.quantity}</Table.Td>
                  <Table.Td>{billingDurationText(row)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      {canDownload(row) && (
                        <Tooltip label="Download invoice">
                          <ActionIcon variant="subtle" aria-label={`Download invoice of ${row.planName}`} onClick={() => setInvoiceOf(row)}>
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {canCancel(row) && (
                        <Tooltip label="Cancel subscription">
                          <ActionIcon variant="subtle" color="red" aria-label={`Cancel ${row.planName} subscription`} onClick={() => setCancelling(row)}>
                            <IconX size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                    {row.creditNotes.length > 0 && <CreditNotes notes={row.creditNotes} />}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {cancelling && <CancelDialog row={cancelling} onClose={() => setCancelling(null)} />}
      {invoiceOf && <InvoiceDialog row={invoiceOf} onClose={() => setInvoiceOf(null)} />}
    </Card>
  );
}
