import { Badge } from '@mantine/core';
import { EXIT_REQUEST_STATUS_LABELS, type ExitRequestStatus } from '@tankha/contracts';

const COLORS: Record<ExitRequestStatus, string> = { pending: 'yellow', approved: 'blue', rejected: 'red', withdrawn: 'gray', relieved: 'green' };

export function ExitStatusBadge({ status }: { status: ExitRequestStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {EXIT_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
