import { Badge } from '@mantine/core';
import { PAYROLL_RUN_STATUS_LABELS, type PayrollRunStatus } from '@tankha/contracts';
import { RUN_STATUS_COLORS } from './payroll-format';

/** A run's or a payslip's status. Its own module: the employee's payslip list shows it without RunSummary's cards. */
export function RunStatusBadge({ status, size = 'lg' }: { status: PayrollRunStatus; size?: 'sm' | 'lg' }) {
  return (
    <Badge color={RUN_STATUS_COLORS[status]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {PAYROLL_RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
