import { Badge } from '@mantine/core';
import { requestStatusBadge } from '@tankha/contracts';

/** People spec §4: Opened yellow, Completed green, Rejected and Cancelled red, anything else Unknown. */
export function RequestStatusBadge({ status }: { status: number }) {
  const { label, color } = requestStatusBadge(status);
  return (
    <Badge color={color} variant="light" data-color={color}>
      {label}
    </Badge>
  );
}
