import { reimbursementStatusBadge } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { DEFAULT_TIME_ZONE } from '../../app/today';

/** Payroll spec §9: dates dd/MM/yyyy, in the organisation's zone (India). */
export function requestDate(iso: string): string {
  const [y, m, d] = dateInZone(new Date(iso), DEFAULT_TIME_ZONE).split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

export { reimbursementStatusBadge };

/** The status filter menu (payroll spec §2): All Status, Pending, Approved, Rejected. */
export const STATUS_FILTERS = [
  { value: '0', label: 'All Status' },
  { value: '1', label: 'Pending' },
  { value: '2', label: 'Approved' },
  { value: '3', label: 'Rejected' },
] as const;
