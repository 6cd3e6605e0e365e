import { z } from 'zod';
import { FINANCIAL_YEAR_RANGE_MSG, dateSchema, isFinancialYearStartInRange, monthLabel, monthSchema } from './dates';
import { rupeesSchema } from './money';
import { envelope, listEnvelope } from './envelope';

/**
 * Statutory files and the payroll journal of a finalized (or paid) month, and the
 * ledger accounts the journal posts to. Money on the wire is rupees (numbers with at most two
 * decimals; the statutory returns carry whole rupees). Paths are under the API prefix:
 *
 *   GET /PayrollRuns/:id/filings                      payrollFilingsReplySchema (which files, how many rows, errors)
 *   GET /PayrollRuns/:id/filings/ecr                  ecrCheckReplySchema (every line, the rejected ones with why)
 *   GET /PayrollRuns/:id/filings/ecr.txt              text/plain; 409 with the errors unless validOnly=true
 *   GET /PayrollRuns/:id/filings/esic                 esicCheckReplySchema
 *   GET /PayrollRuns/:id/filings/esic.xlsx            the ESIC upload template; 409 with the errors unless validOnly=true
 *   GET /PayrollRuns/:id/filings/professional-tax.xlsx   PT statement per state
 *   GET /PayrollRuns/:id/filings/lwf.xlsx             LWF statement for the states where it falls due
 *   GET /PayrollRuns/:id/filings/journal              journalReplySchema (lines, unmapped components)
 *   GET /PayrollRuns/:id/filings/journal.xlsx|.csv    409 while a component has no ledger account
 *   GET /PayrollLedgerAccounts                        ledgerAccountListReplySchema (query runId adds that month's components)
 *   PUT /PayrollLedgerAccounts                        ledgerAccountsInputSchema → ledgerAccountListReplySchema
 */

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

export const FILINGS_MSG = {
  notFinalized: 'Statutory files are available once the payroll is finalized',
  ecrNone: 'No EPF was charged in this month: there is no ECR to file',
  ecrHasErrors: (n: number) => `The ECR has ${plural(n, 'line', 'lines')} EPFO would reject. Fix ${n === 1 ? 'it' : 'them'}, or download the valid lines only.`,
  ecrNothingValid: 'Every ECR line would be rejected: there are no valid lines to download',
  esicNone: 'No ESI was charged in this month: there is no ESIC contribution to file',
  esicHasErrors: (n: number) => `The ESIC file has ${plural(n, 'row', 'rows')} ESIC would reject. Fix ${n === 1 ? 'it' : 'them'}, or download the valid rows only.`,
  esicNothingValid: 'Every ESIC row would be rejected: there are no valid rows to download',
  ptNone: (month: string) => `No professional tax in ${monthLabel(month)}: choose the professional tax state in Statutory Components`,
  lwfNotDue: (month: string) => `Labour Welfare Fund does not fall due in ${monthLabel(month)} in any state of this payroll`,
  journalUnmapped: (n: number) =>
    `${plural(n, 'component has', 'components have')} no ledger account. Map ${n === 1 ? 'it' : 'them'} in Payroll Settings → Ledger accounts, then download the journal.`,
  journalUnbalanced: 'The journal does not balance: the payslips’ lines do not add up to their net pay',
  ledgerSaved: 'Ledger accounts saved',
  accountBoth: 'Enter both the account code and the account name',
  accountCodeChars: 'Account code may have letters, digits, spaces and . _ / - only',
  accountDuplicate: 'This component is listed twice',
} as const;

export const payrollFilingDownloadQuerySchema = z.object({
  /** ECR and ESIC: leave out the lines the portal would reject instead of refusing the download. */
  validOnly: z
    .enum(['true', 'false'], { error: 'validOnly must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const filingIssueSchema = z.object({
  userId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  /** What to fix: 'uan', 'name', 'ipNumber'; warnings also 'eps', 'esi'. */
  field: z.string(),
  message: z.string(),
});
export type FilingIssue = z.infer<typeof filingIssueSchema>;

/** A file of the format as the server names and serves it: GET /PayrollRuns/:id/filings/<path>. */
export const payrollFilingDownloadSchema = z.object({
  /** The button's text: TXT, XLSX, CSV. */
  format: z.string(),
  path: z.string(),
  fileName: z.string(),
});
export type PayrollFilingDownload = z.infer<typeof payrollFilingDownloadSchema>;

/** One format of the server's registry of filing formats (the card lists what it sends, in its order). */
export const payrollFilingSchema = z.object({
  /** The format's id: ecr, esic, pt, lwf, journal. */
  kind: z.string(),
  label: z.string(),
  description: z.string(),
  /** What a row is: { one: 'member', many: 'members' }. */
  units: z.object({ one: z.string(), many: z.string() }),
  /** The card opens the check of every line (GET /PayrollRuns/:id/filings/<kind>) before the download. */
  check: z.boolean(),
  available: z.boolean(),
  /** Why the file cannot be downloaded (nothing to file, not due, unmapped components). */
  reason: z.string().nullable(),
  /** The first download's name. */
  fileName: z.string().nullable(),
  /** Lines (ECR), rows (ESIC), employees (PT, LWF) or journal lines. */
  rows: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  downloads: z.array(payrollFilingDownloadSchema),
});
export type PayrollFiling = z.infer<typeof payrollFilingSchema>;
export const payrollFilingsReplySchema = envelope(z.object({ runId: z.string(), month: z.string(), files: z.array(payrollFilingSchema) }));
export type PayrollFilings = z.infer<typeof payrollFilingsReplySchema>['data'];

const explained = { explanation: z.array(z.string()), rejected: z.boolean() };

export const ecrLineSchema = z.object({
  userId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  uan: z.string(),
  memberName: z.string(),
  grossWages: z.number().int(),
  epfWages: z.number().int(),
  epsWages: z.number().int(),
  edliWages: z.number().int(),
  employeeShare: z.number().int(),
  epsShare: z.number().int(),
  employerShare: z.number().int(),
  ncpDays: z.number().int(),
  refundOfAdvances: z.number().int(),
  /** The line exactly as the file carries it. */
  text: z.string(),
  ...explained,
});
export type EcrLine = z.infer<typeof ecrLineSchema>;

export const ecrCheckSchema = z.object({
  month: z.string(),
  fileName: z.string(),
  lines: z.array(ecrLineSchema),
  errors: z.array(filingIssueSchema),
  warnings: z.array(filingIssueSchema),
  /** Of the valid lines (what the file holds). */
  totals: z.object({
    members: z.number().int(),
    grossWages: z.number().int(),
    epfWages: z.number().int(),
    epsWages: z.number().int(),
    edliWages: z.number().int(),
    employeeShare: z.number().int(),
    epsShare: z.number().int(),
    employerShare: z.number().int(),
  }),
});
export type EcrCheck = z.infer<typeof ecrCheckSchema>;
export const ecrCheckReplySchema = envelope(ecrCheckSchema);

export const esicRowSchema = z.object({
  userId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  ipNumber: z.string(),
  ipName: z.string(),
  days: z.number().int(),
  wages: z.number(),
  reasonCode: z.number().int(),
  reasonLabel: z.string(),
  /** dd/MM/yyyy or ''. */
  lastWorkingDay: z.string(),
  ...explained,
});
export type EsicRow = z.infer<typeof esicRowSchema>;

export const esicCheckSchema = z.object({
  month: z.string(),
  fileName: z.string(),
  rows: z.array(esicRowSchema),
  errors: z.array(filingIssueSchema),
  warnings: z.array(filingIssueSchema),
  totals: z.object({ members: z.number().int(), wages: z.number() }),
});
export type EsicCheck = z.infer<typeof esicCheckSchema>;
export const esicCheckReplySchema = envelope(esicCheckSchema);

// ——— The journal and its ledger accounts ———

export const LEDGER_SECTIONS = ['earning', 'deduction', 'employer', 'total'] as const;
export type LedgerSection = (typeof LEDGER_SECTIONS)[number];
export const LEDGER_GROUPS = ['Earnings', 'Deductions', 'Statutory', 'Totals'] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];
/** Deduction codes that are statutory (the employer section is statutory throughout). */
export const STATUTORY_DEDUCTION_CODES = ['EPF_EE', 'ESI_EE', 'PT', 'LWF_EE', 'TDS'] as const;

export function ledgerGroupOf(section: LedgerSection, code: string): LedgerGroup {
  if (section === 'earning') return 'Earnings';
  if (section === 'total') return 'Totals';
  // A statutory line of an earlier month's loss of pay corrected here (LOP_EPF_EE, LOP_ESI_EE) is statutory too.
  if (section === 'employer' || (STATUTORY_DEDUCTION_CODES as readonly string[]).includes(code.replace(/^LOP_/, ''))) return 'Statutory';
  return 'Deductions';
}

export const journalComponentSchema = z.object({
  section: z.enum(LEDGER_SECTIONS),
  code: z.string(),
  label: z.string(),
  side: z.enum(['debit', 'credit']),
  amount: z.number(),
});
export type JournalComponent = z.infer<typeof journalComponentSchema>;

export const journalSchema = z.object({
  month: z.string(),
  /** The journal's date: the last day of the pay period (dd/MM/yyyy in the files). */
  date: z.string(),
  reference: z.string(),
  lines: z.array(
    z.object({
      accountCode: z.string(),
      accountName: z.string(),
      debit: z.number(),
      credit: z.number(),
      narration: z.string(),
    }),
  ),
  unmapped: z.array(journalComponentSchema),
  totalDebit: z.number(),
  totalCredit: z.number(),
});
export type Journal = z.infer<typeof journalSchema>;
export const journalReplySchema = envelope(journalSchema);

export const ledgerAccountRowSchema = z.object({
  section: z.enum(LEDGER_SECTIONS),
  code: z.string(),
  label: z.string(),
  group: z.enum(LEDGER_GROUPS),
  side: z.enum(['debit', 'credit']),
  accountCode: z.string().nullable(),
  accountName: z.string().nullable(),
});
export type LedgerAccountRow = z.infer<typeof ledgerAccountRowSchema>;
export const ledgerAccountListReplySchema = listEnvelope(ledgerAccountRowSchema);

export const ledgerAccountsQuerySchema = z.object({
  /** A month whose components (one-time items, components since deleted) are listed too. */
  runId: z.uuid({ error: 'runId must be a UUID' }).optional(),
});

const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/;

export const ledgerAccountsInputSchema = z.object({
  accounts: z
    .array(
      z.object({
        section: z.enum(LEDGER_SECTIONS, { error: 'section must be earning, deduction, employer or total' }),
        code: z
          .string({ error: 'code is required' })
          .trim()
          .min(1, { error: 'code is required' })
          .max(80, { error: 'code must be at most 80 characters' })
          .regex(/^[A-Za-z0-9_-]+$/, { error: 'code may have letters, digits, _ and - only' }),
        accountCode: z.string({ error: 'Account code must be text' }).trim().max(30, { error: 'Account code must be at most 30 characters' }),
        accountName: z.string({ error: 'Account name must be text' }).trim().max(100, { error: 'Account name must be at most 100 characters' }),
      }),
      { error: 'accounts must be a list' },
    )
    .max(500, { error: 'At most 500 components' })
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const key = `${r.section}:${r.code}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: FILINGS_MSG.accountDuplicate });
        seen.add(key);
        if ((r.accountCode === '') !== (r.accountName === '')) ctx.addIssue({ code: 'custom', path: [i, r.accountCode === '' ? 'accountCode' : 'accountName'], message: FILINGS_MSG.accountBoth });
        if (r.accountCode !== '' && !ACCOUNT_CODE.test(r.accountCode)) ctx.addIssue({ code: 'custom', path: [i, 'accountCode'], message: FILINGS_MSG.accountCodeChars });
      });
    }),
});
export type LedgerAccountsInput = z.infer<typeof ledgerAccountsInputSchema>;

// ——— Form 24Q ———
//
//   GET /PayrollFilings/Form24Q/check?financialYear=2025-26&quarter=4          form24QCheckReplySchema
//   GET /PayrollFilings/Form24Q/annexure.xlsx?financialYear=2025-26&quarter=4  Annexure I (+ II in Q4) and the validation list

export const FORM24Q_MSG = {
  financialYear: 'Financial year must be written as 2025-26',
  quarter: 'Quarter must be 1, 2, 3 or 4',
  nothingFinalized: (quarter: number, financialYear: string) => `No month of Q${String(quarter)} ${financialYear} is finalized: there is nothing to report yet`,
  monthNotFinalized: (month: string) => `${monthLabel(month)} is not finalized: its payslips are not in this export`,
} as const;

/** 'YYYY-YY' (2025-26) → 2025, or null. */
export function form24QYearStart(financialYear: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(financialYear);
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

/** A malformed year gets FORM24Q_MSG.financialYear; a well-formed one outside the date window this. */
function form24QYearInRange(financialYear: string): boolean {
  const start = form24QYearStart(financialYear);
  return start === null || isFinancialYearStartInRange(start);
}

export const form24QQuerySchema = z.object({
  financialYear: z
    .string({ error: FORM24Q_MSG.financialYear })
    .trim()
    .refine((v) => form24QYearStart(v) !== null, { error: FORM24Q_MSG.financialYear })
    .refine(form24QYearInRange, { error: FINANCIAL_YEAR_RANGE_MSG }),
  quarter: z.enum(['1', '2', '3', '4'], { error: FORM24Q_MSG.quarter }).transform((v) => Number(v) as 1 | 2 | 3 | 4),
});
export type Form24QQuery = z.infer<typeof form24QQuerySchema>;

const form24QTotalsSchema = z.object({ deductees: z.number().int(), amountPaid: z.number(), tdsDeducted: z.number(), tdsDeposited: z.number() });

export const form24QCheckSchema = z.object({
  financialYear: z.string(),
  quarter: z.number().int(),
  months: z.array(z.string()),
  /** Months of the quarter with no finalized payroll (not in the export). */
  missingMonths: z.array(z.string()),
  tan: z.string().nullable(),
  fileName: z.string(),
  annexureI: z.array(
    z.object({
      userId: z.string(),
      employeeNumber: z.string().nullable(),
      name: z.string(),
      month: z.string(),
      pan: z.string(),
      dateOfPayment: z.string(),
      amountPaid: z.number(),
      tdsDeducted: z.number(),
      tdsDeposited: z.number(),
      /** The challan the row is reported under (Annexure I), or null when no challan of its month has room. */
      challanId: z.string().nullable(),
    }),
  ),
  monthTotals: z.array(form24QTotalsSchema.extend({ month: z.string() })),
  totals: form24QTotalsSchema,
  /** Q4 only. */
  annexureII: z
    .array(
      z.object({
        userId: z.string(),
        employeeNumber: z.string().nullable(),
        name: z.string(),
        pan: z.string(),
        newRegime: z.enum(['Y', 'N']),
        grossSalary: z.number(),
        taxableIncome: z.number(),
        totalTax: z.number(),
        tds: z.number(),
      }),
    )
    .nullable(),
  organisationErrors: z.array(z.string()),
  errors: z.array(filingIssueSchema),
  warnings: z.array(z.string()),
});
export type Form24QCheck = z.infer<typeof form24QCheckSchema>;
export const form24QCheckReplySchema = envelope(form24QCheckSchema);

// ——— TDS challans and the FVU text file of Form 24Q ———
//
//   GET    /TdsChallans?financialYear=2025-26&quarter=3   tdsChallanListReplySchema (the challans of the quarter's months)
//   POST   /TdsChallans                                    tdsChallanInputSchema → tdsChallanReplySchema (201)
//   PUT    /TdsChallans/:id                                tdsChallanInputSchema → tdsChallanReplySchema
//   DELETE /TdsChallans/:id
//   POST   /PayrollFilings/Form24Q/fvu.txt  form24QFvuRequestSchema (a body: the responsible person's PAN stays out of URLs and logs)
//          text/plain; 422 with the problems our validator of the layout finds

export const TDS_CHALLAN_MSG = {
  bsrCode: 'BSR code must be 7 digits',
  depositedOn: 'Date of deposit must be a date',
  depositedOnFuture: 'Date of deposit cannot be in the future',
  serialNumber: 'Challan serial number must be 5 digits',
  minorHead: 'Minor head must be 200 (TDS payable by taxpayer) or 400 (regular assessment)',
  months: 'Choose the payroll month or months the challan deposits TDS for',
  month: 'Months must be written as 2025-10',
  monthsOneQuarter: 'A challan’s months must be in one quarter of a financial year',
  total: 'The challan’s tax, surcharge and cess must come to more than ₹0',
  duplicate: 'A challan with this BSR code, date of deposit and serial number is already recorded',
  notFound: 'No such challan',
  recorded: 'Challan recorded',
  updated: 'Challan updated',
  deleted: 'Challan deleted',
} as const;

/** The largest single challan amount accepted: ₹1,000 crore. */
const MAX_CHALLAN_RUPEES = 10_000_000_000;
const challanAmount = (label: string) => rupeesSchema({ label, max: MAX_CHALLAN_RUPEES }).default(0);

/** 'YYYY-MM' → the financial year (start) and quarter it falls in. */
export function quarterOfMonth(month: string): { financialYearStart: number; quarter: 1 | 2 | 3 | 4 } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const financialYearStart = m >= 4 ? y : y - 1;
  const quarter = (m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return { financialYearStart, quarter };
}

export const tdsChallanInputSchema = z
  .object({
    bsrCode: z.string({ error: TDS_CHALLAN_MSG.bsrCode }).trim().regex(/^[0-9]{7}$/, { error: TDS_CHALLAN_MSG.bsrCode }),
    depositedOn: dateSchema(TDS_CHALLAN_MSG.depositedOn),
    serialNumber: z.string({ error: TDS_CHALLAN_MSG.serialNumber }).trim().regex(/^[0-9]{5}$/, { error: TDS_CHALLAN_MSG.serialNumber }),
    minorHead: z.enum(['200', '400'], { error: TDS_CHALLAN_MSG.minorHead }),
    tax: challanAmount('Tax'),
    surcharge: challanAmount('Surcharge'),
    cess: challanAmount('Cess'),
    interest: challanAmount('Interest'),
    fee: challanAmount('Fee'),
    others: challanAmount('Others'),
    months: z
      .array(monthSchema(TDS_CHALLAN_MSG.month), { error: TDS_CHALLAN_MSG.months })
      .min(1, { error: TDS_CHALLAN_MSG.months })
      .max(3, { error: TDS_CHALLAN_MSG.monthsOneQuarter })
      .transform((months) => [...new Set(months)].sort()),
  })
  .superRefine((v, ctx) => {
    if (Math.round((v.tax + v.surcharge + v.cess) * 100) <= 0) ctx.addIssue({ code: 'custom', path: ['tax'], message: TDS_CHALLAN_MSG.total });
    const quarters = new Set(v.months.filter((m) => /^\d{4}-\d{2}$/.test(m)).map((m) => JSON.stringify(quarterOfMonth(m))));
    if (quarters.size > 1) ctx.addIssue({ code: 'custom', path: ['months'], message: TDS_CHALLAN_MSG.monthsOneQuarter });
  });
export type TdsChallanInput = z.infer<typeof tdsChallanInputSchema>;

export const tdsChallanIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

export const tdsChallanSchema = z.object({
  id: z.string(),
  bsrCode: z.string(),
  depositedOn: z.string(),
  serialNumber: z.string(),
  minorHead: z.enum(['200', '400']),
  tax: z.number(),
  surcharge: z.number(),
  cess: z.number(),
  interest: z.number(),
  fee: z.number(),
  others: z.number(),
  /** Tax + surcharge + cess + interest + fee + others. */
  total: z.number(),
  months: z.array(z.string()),
});
export type TdsChallan = z.infer<typeof tdsChallanSchema>;
export const tdsChallanReplySchema = envelope(tdsChallanSchema);
export const tdsChallanListReplySchema = listEnvelope(tdsChallanSchema);

export const FORM24Q_FVU_MSG = {
  stateCode: 'State code must be the 2-digit code of Annexure 1 of the file format (e.g. 15)',
  pin: 'PIN code must be 6 digits',
  deductorType: 'Deductor type must be a code of Annexure 4 of the file format (K for a company)',
  responsibleName: 'Enter the name of the person responsible for deduction',
  responsibleDesignation: 'Enter the designation of the person responsible',
  responsiblePan: 'PAN of the person responsible must be five letters, four digits and a letter',
  responsibleMobile: 'Mobile number must be 10 digits',
  earlierStatementFiled: 'Say whether the statement of the previous quarter was filed (true or false)',
  fourthQuarter: 'The fourth quarter’s file adds Annexure II: each employee’s year as Form 16 Part B computes it (salary, section 16, Chapter VI-A, tax and TDS)',
  noTaxRules: 'Annexure II needs the tax rules of the year, which Tankha does not have for this financial year',
  problems: (n: number) => `The text file has ${plural(n, 'problem', 'problems')} the File Validation Utility would reject`,
} as const;

/** The batch header's fields the organisation profile does not hold, asked at download. */
export const form24QFvuRequestSchema = form24QQuerySchema.extend({
  // A JSON body carries the quarter as a number (the query form's enum of texts would refuse it).
  quarter: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: FORM24Q_MSG.quarter }),
  stateCode: z.string({ error: FORM24Q_FVU_MSG.stateCode }).trim().regex(/^[0-9]{2}$/, { error: FORM24Q_FVU_MSG.stateCode }),
  pin: z.string({ error: FORM24Q_FVU_MSG.pin }).trim().regex(/^[0-9]{6}$/, { error: FORM24Q_FVU_MSG.pin }),
  deductorType: z.string({ error: FORM24Q_FVU_MSG.deductorType }).trim().toUpperCase().regex(/^[A-Z]$/, { error: FORM24Q_FVU_MSG.deductorType }).default('K'),
  responsibleName: z.string({ error: FORM24Q_FVU_MSG.responsibleName }).trim().min(1, { error: FORM24Q_FVU_MSG.responsibleName }).max(75, { error: FORM24Q_FVU_MSG.responsibleName }),
  responsibleDesignation: z.string({ error: FORM24Q_FVU_MSG.responsibleDesignation }).trim().min(1, { error: FORM24Q_FVU_MSG.responsibleDesignation }).max(20, { error: FORM24Q_FVU_MSG.responsibleDesignation }),
  responsiblePan: z.string({ error: FORM24Q_FVU_MSG.responsiblePan }).trim().toUpperCase().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, { error: FORM24Q_FVU_MSG.responsiblePan }),
  responsibleMobile: z.string({ error: FORM24Q_FVU_MSG.responsibleMobile }).trim().regex(/^[0-9]{10}$/, { error: FORM24Q_FVU_MSG.responsibleMobile }),
  earlierStatementFiled: z.boolean({ error: FORM24Q_FVU_MSG.earlierStatementFiled }).default(true),
});
export type Form24QFvuRequest = z.infer<typeof form24QFvuRequestSchema>;
