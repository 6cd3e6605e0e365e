import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFilter, IconRefresh, IconUserExclamation } from '@tabler/icons-react';
import { PAYROLL_MSG, type PayrollRun } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { useProcessStale } from './payroll.api';

interface StaleNoticeProps {
  run: PayrollRun;
  /** The user may re-process (payroll.run.manage on an editable run). */
  editable: boolean;
  /** The employee list is showing only the changed employees. */
  filtered: boolean;
  onShowThem: () => void;
}

/**
 * A processed month whose inputs changed for some employees since (leave decided, attendance
 * regularized): their payslips are out of date and finalize refuses until they are processed again
 * (DESIGN §10, a month's life). One button re-processes only them; the list shows why under each name.
 */
export function StaleNotice({ run, editable, filtered, onShowThem }: StaleNoticeProps) {
  const processStale = useProcessStale(run.id);
  if (run.status !== 'processed' || run.staleCount === 0) return null;
  const one = run.staleCount === 1;

  const reprocess = () =>
    processStale.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.message),
      onError: (error) => toastApiError(error, 'Failed to re-process the changed employees'),
    });

  return (
    <section aria-label="Changed since processing">
      {/* The icon sits in the title, not in a column of its own: on a phone the body keeps the whole width for its buttons. */}
      <Alert
        role="status"
        color="orange"
        variant="light"
        title={
          <Group gap={8} wrap="nowrap">
            <IconUserExclamation size={20} aria-hidden style={{ flexShrink: 0 }} />
            {PAYROLL_MSG.staleNotice(run.staleCount)}
          </Group>
        }
      >
        <Stack gap="sm">
          <Text size="sm">
            {`Leave or attendance changed after the payroll was processed, so ${one ? 'this payslip is' : 'these payslips are'} out of date and the month cannot be finalized yet. `}
            {editable ? `Re-process ${one ? 'the employee' : 'them'} to take the changes in; nobody else is processed again. ` : ''}
            What changed shows under each name in the list.
          </Text>
          <Group gap="sm">
            {editable && (
              <Button
                w={{ base: '100%', xs: 'auto' }}
                color="orange"
                leftSection={<IconRefresh size={16} />}
                loading={processStale.isPending}
                onClick={reprocess}
              >
                Re-process changed employees
              </Button>
            )}
            {!filtered && (
              <Button
                w={{ base: '100%', xs: 'auto' }}
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={onShowThem}
                disabled={processStale.isPending}
              >
                Show {one ? 'the employee' : 'them'}
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    </section>
  );
}
