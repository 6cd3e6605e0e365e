import { IconHourglassHigh } from '@tabler/icons-react';
import { StatusScreen } from '../../ui/StatusScreen';

/**
 * A Payroll tab whose page comes with a later issue (declarations, requests, lock/unlock,
 * reimbursements) or another part of this one: the tabs work, the page says it is not there yet.
 */
export function PayrollComingSoon() {
  return (
    <StatusScreen icon={<IconHourglassHigh size={32} />} color="gray" title="Not available yet">
      This part of payroll is not available yet.
    </StatusScreen>
  );
}
