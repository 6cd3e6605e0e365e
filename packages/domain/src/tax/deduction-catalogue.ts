/**
 * The deduction option catalogue of the declaration form (payroll spec §3 "Deduction option
 * catalogue": categories 80C, 80D and Other Investments, each item with a max limit). Item ids are
 * stable: declarations store them. Limits are the statutory caps of each item's section (reference §7)
 * in paise; `null` means the section has no cap of its own (80E, 80G at 100%). The form clamps each
 * item to its limit (spec §5) and the server does the same when it saves; the category limits (80C
 * ₹1,50,000, 80D ₹1,00,000, spec §9) are checked over the category's total.
 */

export const TaxDeductionCategoryId = { Section80C: 1, Section80D: 2, OtherInvestments: 3 } as const;
export type TaxDeductionCategoryIdValue = (typeof TaxDeductionCategoryId)[keyof typeof TaxDeductionCategoryId];

/** Where an item goes in the income-tax computation (computeIncomeTax's deductions). */
export type TaxDeductionSection = '80C' | '80CCD1B' | '80D.self' | '80D.selfSenior' | '80D.parents' | '80D.parentsSenior' | '80D.checkup' | '80E' | 'other';

export interface TaxDeductionItem {
  itemId: number;
  name: string;
  maxLimitPaise: number | null;
  section: TaxDeductionSection;
}

export interface TaxDeductionCategory {
  categoryId: TaxDeductionCategoryIdValue;
  /** 'Section 80C'. */
  name: string;
  /** Payroll spec §3: '80C Investments', '80D Exemptions', 'Other Investments'. */
  label: string;
  /** The category's total limit (s.80CCE for 80C; spec §9 for 80D); null for Other Investments. */
  limitPaise: number | null;
  items: readonly TaxDeductionItem[];
}

const L = 1_50_000_00;

export const TAX_DEDUCTION_CATALOGUE: readonly TaxDeductionCategory[] = [
  {
    categoryId: 1,
    name: 'Section 80C',
    label: '80C Investments',
    limitPaise: L,
    items: [
      { itemId: 101, name: 'Public Provident Fund (PPF)', maxLimitPaise: L, section: '80C' },
      { itemId: 102, name: 'Life Insurance Premium', maxLimitPaise: L, section: '80C' },
      { itemId: 103, name: 'ELSS Mutual Funds', maxLimitPaise: L, section: '80C' },
      { itemId: 104, name: 'National Savings Certificate (NSC)', maxLimitPaise: L, section: '80C' },
      { itemId: 105, name: 'Tuition Fees for Children', maxLimitPaise: L, section: '80C' },
      { itemId: 106, name: 'Five-year Tax Saving Fixed Deposit', maxLimitPaise: L, section: '80C' },
      { itemId: 107, name: 'Sukanya Samriddhi Yojana', maxLimitPaise: L, section: '80C' },
      { itemId: 108, name: 'Senior Citizens Savings Scheme', maxLimitPaise: L, section: '80C' },
      { itemId: 109, name: 'Voluntary Provident Fund (VPF)', maxLimitPaise: L, section: '80C' },
      { itemId: 110, name: 'Unit Linked Insurance Plan (ULIP)', maxLimitPaise: L, section: '80C' },
      { itemId: 111, name: 'Pension Fund Contribution (80CCC)', maxLimitPaise: L, section: '80C' },
      { itemId: 112, name: 'NPS Employee Contribution (80CCD(1))', maxLimitPaise: L, section: '80C' },
      { itemId: 113, name: 'Stamp Duty and Registration of a House', maxLimitPaise: L, section: '80C' },
    ],
  },
  {
    categoryId: 2,
    name: 'Section 80D',
    label: '80D Exemptions',
    limitPaise: 1_00_000_00,
    items: [
      { itemId: 201, name: 'Medical Insurance - Self, Spouse and Children', maxLimitPaise: 25_000_00, section: '80D.self' },
      { itemId: 202, name: 'Medical Insurance - Self, Spouse and Children (Senior Citizen)', maxLimitPaise: 50_000_00, section: '80D.selfSenior' },
      { itemId: 203, name: 'Medical Insurance - Parents', maxLimitPaise: 25_000_00, section: '80D.parents' },
      { itemId: 204, name: 'Medical Insurance - Parents (Senior Citizen)', maxLimitPaise: 50_000_00, section: '80D.parentsSenior' },
      { itemId: 205, name: 'Preventive Health Check-up', maxLimitPaise: 5_000_00, section: '80D.checkup' },
    ],
  },
  {
    categoryId: 3,
    name: 'Other Investments',
    label: 'Other Investments',
    limitPaise: null,
    items: [
      { itemId: 301, name: 'Additional NPS Contribution (80CCD(1B))', maxLimitPaise: 50_000_00, section: '80CCD1B' },
      { itemId: 302, name: 'Interest on Education Loan (80E)', maxLimitPaise: null, section: '80E' },
      { itemId: 303, name: 'Donations to Approved Funds, 100% (80G)', maxLimitPaise: null, section: 'other' },
      { itemId: 304, name: 'Person with Disability (80U)', maxLimitPaise: 75_000_00, section: 'other' },
      { itemId: 305, name: 'Person with Severe Disability (80U)', maxLimitPaise: 1_25_000_00, section: 'other' },
      { itemId: 306, name: 'Dependant with Disability (80DD)', maxLimitPaise: 75_000_00, section: 'other' },
      { itemId: 307, name: 'Dependant with Severe Disability (80DD)', maxLimitPaise: 1_25_000_00, section: 'other' },
      { itemId: 308, name: 'Medical Treatment of Specified Diseases (80DDB)', maxLimitPaise: 40_000_00, section: 'other' },
      { itemId: 309, name: 'Medical Treatment of Specified Diseases, Senior Citizen (80DDB)', maxLimitPaise: 1_00_000_00, section: 'other' },
      { itemId: 310, name: 'Interest on Electric Vehicle Loan (80EEB)', maxLimitPaise: 1_50_000_00, section: 'other' },
    ],
  },
];

const ITEMS = new Map<number, TaxDeductionItem & { categoryId: TaxDeductionCategoryIdValue }>(
  TAX_DEDUCTION_CATALOGUE.flatMap((c) => c.items.map((i) => [i.itemId, { ...i, categoryId: c.categoryId }] as const)),
);

/** The item and its category, or undefined for an id not in the catalogue. */
export function taxDeductionItem(itemId: number): (TaxDeductionItem & { categoryId: TaxDeductionCategoryIdValue }) | undefined {
  return ITEMS.get(itemId);
}

export function taxDeductionCategory(categoryId: number): TaxDeductionCategory | undefined {
  return TAX_DEDUCTION_CATALOGUE.find((c) => c.categoryId === categoryId);
}

/** Payroll spec §5 "Each item amount is clamped to the item's maxLimit". */
export function clampToItemLimit(itemId: number, amountPaise: number): number {
  const limit = ITEMS.get(itemId)?.maxLimitPaise ?? null;
  const amount = Math.max(0, amountPaise);
  return limit === null ? amount : Math.min(amount, limit);
}

/**
 * The category limits the form enforces before submitting (spec §5): 80C over ₹1,50,000 is 'Investment
 * Limit Exceeded', 80D over ₹1,00,000 'Exemption Limit Exceeded'. The 80C total here is the items
 * declared in the 80C section (home-loan principal and EPF count toward 80C in the tax, where the cap
 * applies again, but they are not part of this form check).
 */
export function deductionLimitViolations(deductions: readonly { itemId: number; amountPaise: number }[]): { sec80C: boolean; sec80D: boolean; totals: Record<TaxDeductionCategoryIdValue, number> } {
  const totals: Record<TaxDeductionCategoryIdValue, number> = { 1: 0, 2: 0, 3: 0 };
  for (const d of deductions) {
    const item = ITEMS.get(d.itemId);
    if (item) totals[item.categoryId] += d.amountPaise;
  }
  const limit = (id: TaxDeductionCategoryIdValue) => taxDeductionCategory(id)?.limitPaise ?? Number.MAX_SAFE_INTEGER;
  return { sec80C: totals[1] > limit(1), sec80D: totals[2] > limit(2), totals };
}
