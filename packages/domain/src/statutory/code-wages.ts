import { rupeeText } from '../money/inr';

/**
 * "Wages" under the labour codes (in force since 21 November 2025; india-tax-rules "Labour codes"):
 * Code on Wages 2019 s.2(y) and Code on Social Security 2020 s.2(88), worded alike.
 *  - Wages include (i) basic pay, (ii) dearness allowance and (iii) retaining allowance.
 *  - They do not include, among others, (a) statutory bonus, (b) the value of house accommodation and
 *    amenities, (c) employer PF/pension contributions, (d) conveyance allowance and travelling
 *    concession, (e) sums for special expenses of the employment, (f) HRA, (g) remuneration under an
 *    award or settlement, (h) overtime allowance, (i) commission, (j) gratuity, (k) retrenchment
 *    compensation.
 *  - First proviso: if the payments under clauses (a) to (i) exceed one-half of all remuneration,
 *    the amount by which they exceed it is deemed remuneration and added to wages.
 * Source: the Code on Wages 2019 (Act 29 of 2019) s.2(y); the Code on Social Security 2020 (Act 36 of
 * 2020) s.2(88); text as reproduced at https://www.citehr.com/amp.php?t=620801.
 *
 * Which salary component is a wage and which is excluded is the caller's classification (the salary
 * components' kind, see the month's `codeWage` flag); gratuity and retrenchment compensation (clauses
 * (j), (k)) are never monthly salary components and are not passed here.
 */

/**
 * What the PF and ESI contribution wages are, an organisation setting (india-tax-rules "Labour codes":
 * how EPFO applies the codes' definition during the transition is unconfirmed): 'codes' the wages above,
 * 'components' the salary components marked as PF or ESI wages (the practice before the codes).
 */
export const STATUTORY_WAGE_BASES = ['codes', 'components'] as const;
export type StatutoryWageBase = (typeof STATUTORY_WAGE_BASES)[number];

/**
 * The earning codes that are wages under the labour codes besides the basic component: the dearness
 * allowance earning type's code (salary component catalogue). Code on Wages s.2(y)(ii); a retaining
 * allowance (iii) has no earning type yet.
 */
export const CODE_WAGE_EARNING_CODES: readonly string[] = ['DA'];

/**
 * Basic pay and DA are wages under s.2(y); every other earning is taken as an excluded allowance (the
 * month's `codeWage` flag, and the CTC engine's PF wage on the codes' base).
 */
export function isCodeWageEarning(earning: { earningCategory?: string | undefined; isBasic?: boolean | undefined; code: string }): boolean {
  return earning.earningCategory === 'basic' || earning.isBasic === true || CODE_WAGE_EARNING_CODES.includes(earning.code);
}

/** The proviso's "one-half": the excluded payments may be at most this share of all remuneration. */
export const CODE_WAGES_EXCLUDED_LIMIT = { numerator: 1, denominator: 2, percentText: '50%' } as const;

export interface CodeWageComponent {
  /** As printed ("Basic", "HRA"). */
  name: string;
  amountPaise: number;
  /** 'wage': basic pay, dearness allowance, retaining allowance; 'excluded': clauses (a) to (i). */
  kind: 'wage' | 'excluded';
}

export interface CodeWagesResult {
  /** Wages under s.2(y) / s.2(88): the wage components plus any amount added back. */
  wagesPaise: number;
  /** Σ of the components classified as wages (basic, DA, retaining allowance). */
  wageComponentsPaise: number;
  /** Σ of the excluded components. */
  excludedPaise: number;
  /** All remuneration: wage components + excluded components. */
  totalPaise: number;
  /** The excess of the excluded payments over one-half of all remuneration (first proviso); 0 when within it. */
  addedBackPaise: number;
  explanation: string[];
}

function listText(parts: readonly CodeWageComponent[]): string {
  return parts.map((c) => `${c.name} ${rupeeText(c.amountPaise)}`).join(' + ');
}

/**
 * Wages under the labour codes from a month's salary components. Integer paise throughout; when all
 * remuneration is an odd number of paise, its half is taken down to the paisa, so the amount added
 * back is never short of the excess.
 */
export function codeWages(components: readonly CodeWageComponent[]): CodeWagesResult {
  components.forEach((c, i) => {
    if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise < 0) throw new RangeError(`components[${String(i)}].amountPaise must be a whole, non-negative number of paise`);
  });
  const wageParts = components.filter((c) => c.kind === 'wage');
  const excludedParts = components.filter((c) => c.kind === 'excluded' && c.amountPaise > 0);
  const wageComponentsPaise = wageParts.reduce((s, c) => s + c.amountPaise, 0);
  const excludedPaise = excludedParts.reduce((s, c) => s + c.amountPaise, 0);
  const totalPaise = wageComponentsPaise + excludedPaise;
  const limitPaise = Math.floor((totalPaise * CODE_WAGES_EXCLUDED_LIMIT.numerator) / CODE_WAGES_EXCLUDED_LIMIT.denominator);
  const addedBackPaise = Math.max(0, excludedPaise - limitPaise);
  const wagesPaise = wageComponentsPaise + addedBackPaise;

  const included = wageParts.length > 0 ? listText(wageParts) : `no basic pay, DA or retaining allowance ${rupeeText(0)}`;
  const excludedText = `excluded allowances ${rupeeText(excludedPaise)}`;
  const summary =
    addedBackPaise > 0
      ? `Wages under the Code on Wages s.2(y): ${included}; ${excludedText} exceed ${CODE_WAGES_EXCLUDED_LIMIT.percentText} of ${rupeeText(totalPaise)} by ${rupeeText(addedBackPaise)}, added back → ${rupeeText(wagesPaise)}`
      : `Wages under the Code on Wages s.2(y): ${included}; ${excludedText} within ${CODE_WAGES_EXCLUDED_LIMIT.percentText} of ${rupeeText(totalPaise)}, nothing added back → ${rupeeText(wagesPaise)}`;
  const explanation = [summary];
  if (excludedParts.length > 0) explanation.push(`Excluded (s.2(y)(a)–(i), e.g. HRA, conveyance, overtime, bonus, commission): ${listText(excludedParts)}`);
  return { wagesPaise, wageComponentsPaise, excludedPaise, totalPaise, addedBackPaise, explanation };
}
