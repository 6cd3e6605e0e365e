import { useQuery } from '@tanstack/react-query';
import { REGIME_CHOICE_STORAGE_KEY, regimeSwitchReplySchema, taxComparisonReplySchema, type TaxComparison } from '@tankha/contracts';
import { api } from '../../app/api';

export type RegimeCode = 0 | 1;

/** Every query of the tax calculator starts with this key: a switch refreshes them. */
export const TAX_COMPARISON_KEY = 'tax-comparison';

/** GET /ITDeclaration/tax-comparison for the signed-in employee and a financial year. */
export function useTaxComparison(financialYearStart: number) {
  return useQuery({
    queryKey: [TAX_COMPARISON_KEY, financialYearStart],
    queryFn: async ({ signal }): Promise<TaxComparison> =>
      (await api.get('/ITDeclaration/tax-comparison', taxComparisonReplySchema, { query: { financialYearStart, financialYearEnd: financialYearStart + 1 }, signal, quiet: true })).data,
    retry: false,
  });
}

/** POST /ITDeclaration/switch-regime (payroll spec §3 "Regime switch payload"); answers the server's message. */
export async function switchRegime(newRegimeType: RegimeCode, financialYearStart: number): Promise<string> {
  const reply = await api.post('/ITDeclaration/switch-regime', regimeSwitchReplySchema, { newRegimeType, financialYearStart, financialYearEnd: financialYearStart + 1 }, { quiet: true });
  return reply.message;
}

/** The locally stored choice (payroll spec §4): kept while the employee compares, cleared after a switch. */
export function storedRegimeChoice(): RegimeCode | null {
  try {
    const value = window.localStorage.getItem(REGIME_CHOICE_STORAGE_KEY);
    return value === '0' ? 0 : value === '1' ? 1 : null;
  } catch {
    return null;
  }
}

export function storeRegimeChoice(regime: RegimeCode | null): void {
  try {
    if (regime === null) window.localStorage.removeItem(REGIME_CHOICE_STORAGE_KEY);
    else window.localStorage.setItem(REGIME_CHOICE_STORAGE_KEY, String(regime));
  } catch {
    // Storage unavailable (private mode): the choice simply is not remembered.
  }
}

/** Payroll spec §4: the server's current regime, else the stored choice, else New. */
export function defaultRegimeChoice(current: RegimeCode | null | undefined, stored: RegimeCode | null): RegimeCode {
  return current ?? stored ?? 1;
}
