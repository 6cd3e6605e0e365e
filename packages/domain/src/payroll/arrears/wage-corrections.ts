/**
 * Wages of earlier months paid on a later payslip (DESIGN §10, a month's life): a loss-of-pay
 * correction of a finalized month (computeLopAdjustments) or the pay of a month the employee was
 * excluded from (computeExcludedPay). Each is one earlier month's PF, EPS, EDLI and ESI wages, kept on
 * the paying payslip (payslips.wages.corrections) so the ECR and the ESIC return of the month that
 * pays them report them with its own, as the contributions on their lines already are.
 */

export type WageCorrectionKind = 'lop' | 'excluded';

/** Wage bases in paise (negative: a recovery). */
export interface CorrectionWages {
  pfWagePaise: number;
  epsWagePaise: number;
  edliWagePaise: number;
  esiWagePaise: number;
}

export interface WageCorrection extends CorrectionWages {
  /** 'YYYY-MM' of the earlier month; null on a payslip stored before months were kept (one LOP total). */
  month: string | null;
  kind: WageCorrectionKind;
}

/** The line code prefix of each kind's contribution lines (LOP_EPF_EE, EXC_ESI_EE …). */
export const WAGE_CORRECTION_CODE_PREFIX: Readonly<Record<WageCorrectionKind, string>> = Object.freeze({ lop: 'LOP_', excluded: 'EXC_' });

export const WAGE_CORRECTION_KINDS: readonly WageCorrectionKind[] = ['lop', 'excluded'];

export function hasCorrectionWages(w: CorrectionWages): boolean {
  return w.pfWagePaise !== 0 || w.epsWagePaise !== 0 || w.edliWagePaise !== 0 || w.esiWagePaise !== 0;
}

/**
 * The corrections a stored payslip's wages carry: `corrections`, or on a payslip stored before they
 * were a list, its one `lopCorrection` total (read as a LOP correction of no named month).
 */
export function wageCorrectionsOf(wages: { corrections?: readonly WageCorrection[] | undefined; lopCorrection?: Partial<CorrectionWages> | undefined }): WageCorrection[] {
  if (wages.corrections) return wages.corrections.filter(hasCorrectionWages);
  const old = wages.lopCorrection;
  if (!old) return [];
  const legacy: WageCorrection = {
    month: null,
    kind: 'lop',
    pfWagePaise: old.pfWagePaise ?? 0,
    epsWagePaise: old.epsWagePaise ?? 0,
    edliWagePaise: old.edliWagePaise ?? 0,
    esiWagePaise: old.esiWagePaise ?? 0,
  };
  return hasCorrectionWages(legacy) ? [legacy] : [];
}
