/** Payroll spec §2: the POI pages. */
export const POI_PATHS = {
  landing: '/payroll/taxes/initialemployeePOI',
  form: '/payroll/taxes/employeePOI',
  summary: '/payroll/taxes/summaryPOI',
  taxCalculator: '/payroll/taxes/taxCalculator',
} as const;

/** 'dd/MM/yyyy' of an ISO date (payroll spec §9). */
export function slashDate(iso: string | null | undefined, fallback: string): string {
  if (!iso) return fallback;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : fallback;
}
