/**
 * Payroll spec §9: 'Just now' under 1 hour, 'Nh ago' under 24 hours, 'Nd ago' under 7 days, otherwise
 * a short date (dd/MM/yyyy, the product's date format).
 */
export function commentTimeLabel(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 60) return 'Just now';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${String(hours)}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${String(days)}d ago`;
  const dd = String(at.getDate()).padStart(2, '0');
  const mm = String(at.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${String(at.getFullYear())}`;
}
