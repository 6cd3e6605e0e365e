import { Badge } from '@mantine/core';
import { LEAVE_STATUS_COLORS, LEAVE_STATUS_NAMES, type LeaveStatusId } from '@tankha/contracts';

/** Pending yellow, Approved green, Rejected red, Cancelled grey; anything else Unknown. */
export function LeaveStatusBadge({ status }: { status: number }) {
  const known = status in LEAVE_STATUS_NAMES ? (status as LeaveStatusId) : null;
  return (
    <Badge color={known ? LEAVE_STATUS_COLORS[known] : 'gray'} variant="light">
      {known ? LEAVE_STATUS_NAMES[known] : 'Unknown'}
    </Badge>
  );
}
