import { z } from 'zod';
import {
  BANK_FORMAT_AMOUNT_FORMATS,
  BANK_FORMAT_DATE_FORMATS,
  BANK_FORMAT_EXTENSIONS,
  BANK_FORMAT_FIELDS,
  BANK_FORMAT_LAYOUTS,
  BANK_FORMAT_LINE_ENDINGS,
  BANK_FORMAT_PRESETS,
  BANK_FORMAT_PRESET_KEYS,
  BANK_FORMAT_SEPARATORS,
  BANK_PAYMENT_MODES,
  RTGS_MINIMUM_PAISE,
  extensionFitsLayout,
  type BankFileProblem,
  type BankFormatField,
  type BankFormatPresetKey,
  type BankFormatSeparator,
} from '@tankha/domain';
import { envelope } from './envelope';

/**
 * An organisation's own bank file formats (issue 28) and the bank presets. Money on the wire is
 * rupees (the RTGS threshold). Paths under the API prefix:
 *
 *   GET    /PayrollBankFormats        bankFileFormatListReplySchema (the organisation's own formats)
 *   POST   /PayrollBankFormats        bankFileFormatInputSchema → bankFileFormatReplySchema
 *   PUT    /PayrollBankFormats/:id    bankFileFormatInputSchema → bankFileFormatReplySchema
 *   DELETE /PayrollBankFormats/:id    (a format in use goes back to the generic template)
 *
 * The format the bank file is written in is chosen in PUT /PayrollBankSettings (`bankFormat`: a
 * preset key or the id of one of the organisation's formats).
 */

export { BANK_FORMAT_PRESETS, BANK_FORMAT_PRESET_KEYS, BANK_FORMAT_LAYOUTS, BANK_FORMAT_FIELDS, BANK_FORMAT_SEPARATORS, BANK_FORMAT_DATE_FORMATS, BANK_FORMAT_AMOUNT_FORMATS, BANK_FORMAT_LINE_ENDINGS, type BankFormatPresetKey };

export const BANK_FORMAT_MAX_COLUMNS = 60;
export const BANK_FORMAT_MAX_WIDTH = 500;
export const BANK_FORMAT_NAME_MAX = 80;

export const BANK_FORMAT_FIELD_LABELS: Record<BankFormatField, string> = {
  beneficiaryName: 'Beneficiary name',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
  amount: 'Amount',
  paymentMode: 'Payment mode',
  narration: 'Narration',
  reference: 'Payment reference',
  employeeNumber: 'Employee number',
  email: 'E-mail',
  valueDate: 'Value date',
  debitAccount: 'Debit account number',
  debitIfsc: 'Debit account IFSC',
  accountType: 'Account type (10)',
  sequence: 'Serial number',
  constant: 'Fixed text',
  blank: 'Empty',
};
export const BANK_FORMAT_SEPARATOR_LABELS: Record<BankFormatSeparator, string> = { ',': 'Comma (,)', '|': 'Pipe (|)', '\t': 'Tab', ';': 'Semicolon (;)', '~': 'Tilde (~)' };
export const BANK_FORMAT_AMOUNT_LABELS = { rupees2: 'Rupees with 2 decimals (45231.50)', paise: 'Paise, no separator (4523150)' } as const;

export const PAYROLL_BANK_FORMAT_MSG = {
  created: 'Bank file format saved',
  updated: 'Bank file format saved',
  deleted: 'Bank file format deleted',
  notFound: 'Bank file format not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${String(BANK_FORMAT_NAME_MAX)} characters`,
  layoutInvalid: 'Layout must be delimited, fixedWidth or sheet',
  separatorInvalid: 'Separator must be a comma, pipe, tab, semicolon or tilde',
  dateFormatInvalid: `Date format must be one of ${BANK_FORMAT_DATE_FORMATS.join(', ')}`,
  amountFormatInvalid: 'Amount format must be rupees2 or paise',
  lineEndingInvalid: 'Line ending must be CRLF or LF',
  extensionInvalid: 'File extension must be csv, txt or xlsx',
  extensionMismatch: 'An Excel sheet is saved as .xlsx; a separated or fixed-width file as .csv or .txt',
  narrationTooLong: 'Narration must be at most 100 characters',
  columnsRequired: 'Add at least one column',
  tooManyColumns: `At most ${String(BANK_FORMAT_MAX_COLUMNS)} columns`,
  fieldInvalid: 'Choose what the column holds',
  columnHeaderRequired: 'Column name is required',
  columnHeaderTooLong: 'Column name must be at most 60 characters',
  constantTooLong: 'Fixed text must be at most 100 characters',
  widthInvalid: `Width must be a whole number from 1 to ${String(BANK_FORMAT_MAX_WIDTH)}`,
  widthRequired: 'Every column of a fixed-width file needs a width',
  headerTooWide: (header: string, width: number) => `Column name "${header}" is longer than its width (${String(width)})`,
  constantTooWide: (header: string, width: number) => `The fixed text of "${header}" is longer than its width (${String(width)})`,
  containsSeparator: 'Text cannot contain the separator',
  codeRequired: 'Each payment mode needs its code',
  codeTooLong: 'A payment mode code must be at most 10 characters',
  rtgsFromInvalid: `RTGS threshold must be at least ₹${(RTGS_MINIMUM_PAISE / 100).toLocaleString('en-IN')} (the RBI minimum) or empty`,
  standardModeInvalid: 'Standard payment mode must be NEFT or IMPS',
  bankFormatInvalid: 'Bank file format must be a bank preset or one of your own formats',
  debitAccountRequired: 'This bank file format needs the debit account number and IFSC: enter them in the bank file settings',
  renderRefused: (count: number) => `The bank file was not made: ${String(count)} ${count === 1 ? 'value does' : 'values do'} not fit the format. Correct the employees’ details or the format.`,
  valueTooWide: (p: BankFileProblem) =>
    `${p.employeeName}${p.employeeNumber ? ` (${p.employeeNumber})` : ''}: ${p.column} "${p.value}" is longer than the column's ${String(p.width)} characters`,
  valueHasSeparator: (p: BankFileProblem) => `${p.employeeName}${p.employeeNumber ? ` (${p.employeeNumber})` : ''}: ${p.column} "${p.value}" contains the separator`,
} as const;

const MSG = PAYROLL_BANK_FORMAT_MSG;

const columnSchema = z.object({
  field: z.enum(BANK_FORMAT_FIELDS, { error: MSG.fieldInvalid }),
  header: z.string({ error: MSG.columnHeaderRequired }).trim().min(1, { error: MSG.columnHeaderRequired }).max(60, { error: MSG.columnHeaderTooLong }),
  constant: z.string({ error: MSG.constantTooLong }).max(100, { error: MSG.constantTooLong }).optional(),
  width: z.number({ error: MSG.widthInvalid }).int({ error: MSG.widthInvalid }).min(1, { error: MSG.widthInvalid }).max(BANK_FORMAT_MAX_WIDTH, { error: MSG.widthInvalid }).nullable().optional().transform((v) => v ?? undefined),
  align: z.enum(['left', 'right']).optional(),
  pad: z.enum(['space', 'zero']).optional(),
});

const code = z.string({ error: MSG.codeRequired }).trim().min(1, { error: MSG.codeRequired }).max(10, { error: MSG.codeTooLong });

export const bankFileFormatInputSchema = z
  .object({
    name: z.string({ error: MSG.nameRequired }).trim().min(1, { error: MSG.nameRequired }).max(BANK_FORMAT_NAME_MAX, { error: MSG.nameTooLong }),
    layout: z.enum(BANK_FORMAT_LAYOUTS, { error: MSG.layoutInvalid }),
    separator: z.enum(BANK_FORMAT_SEPARATORS, { error: MSG.separatorInvalid }),
    header: z.boolean(),
    lineEnding: z.enum(BANK_FORMAT_LINE_ENDINGS, { error: MSG.lineEndingInvalid }),
    dateFormat: z.enum(BANK_FORMAT_DATE_FORMATS, { error: MSG.dateFormatInvalid }),
    amountFormat: z.enum(BANK_FORMAT_AMOUNT_FORMATS, { error: MSG.amountFormatInvalid }),
    narration: z.string().trim().max(100, { error: MSG.narrationTooLong }),
    extension: z.enum(BANK_FORMAT_EXTENSIONS, { error: MSG.extensionInvalid }),
    paymentMode: z.object({
      codes: z.object({ neft: code, rtgs: code, imps: code, internal: code }),
      standard: z.enum(['neft', 'imps'], { error: MSG.standardModeInvalid }),
      /** Rupees; null: never RTGS. */
      rtgsFrom: z.number({ error: MSG.rtgsFromInvalid }).int({ error: MSG.rtgsFromInvalid }).min(RTGS_MINIMUM_PAISE / 100, { error: MSG.rtgsFromInvalid }).max(1e10, { error: MSG.rtgsFromInvalid }).nullable(),
      internalWhenSameBank: z.boolean(),
    }),
    columns: z.array(columnSchema).min(1, { error: MSG.columnsRequired }).max(BANK_FORMAT_MAX_COLUMNS, { error: MSG.tooManyColumns }),
  })
  .superRefine((v, ctx) => {
    const delimited = v.layout === 'delimited';
    const fixed = v.layout === 'fixedWidth';
    if (!extensionFitsLayout(v.layout, v.extension)) ctx.addIssue({ code: 'custom', path: ['extension'], message: MSG.extensionMismatch });
    v.columns.forEach((c, i) => {
      // A width the column schema refused is reported there only.
      if (c.width !== undefined && !(Number.isInteger(c.width) && c.width >= 1 && c.width <= BANK_FORMAT_MAX_WIDTH)) return;
      const at = (key: string) => ['columns', i, key];
      if (fixed && c.width === undefined) ctx.addIssue({ code: 'custom', path: at('width'), message: MSG.widthRequired });
      if (fixed && v.header && c.width !== undefined && c.header.length > c.width) ctx.addIssue({ code: 'custom', path: at('header'), message: MSG.headerTooWide(c.header, c.width) });
      if (c.field === 'constant' && c.width !== undefined && (c.constant ?? '').length > c.width) ctx.addIssue({ code: 'custom', path: at('constant'), message: MSG.constantTooWide(c.header, c.width) });
      if (delimited && c.header.includes(v.separator)) ctx.addIssue({ code: 'custom', path: at('header'), message: MSG.containsSeparator });
      if (delimited && (c.constant ?? '').includes(v.separator)) ctx.addIssue({ code: 'custom', path: at('constant'), message: MSG.containsSeparator });
    });
    if (delimited) {
      for (const m of BANK_PAYMENT_MODES) if (v.paymentMode.codes[m].includes(v.separator)) ctx.addIssue({ code: 'custom', path: ['paymentMode', 'codes', m], message: MSG.containsSeparator });
      if (v.narration.includes(v.separator)) ctx.addIssue({ code: 'custom', path: ['narration'], message: MSG.containsSeparator });
    }
  });
export type BankFileFormatInput = z.input<typeof bankFileFormatInputSchema>;
export type BankFileFormatValues = z.output<typeof bankFileFormatInputSchema>;

export const bankFileFormatSchema = z.object({
  id: z.string(),
  name: z.string(),
  layout: z.enum(BANK_FORMAT_LAYOUTS),
  separator: z.enum(BANK_FORMAT_SEPARATORS),
  header: z.boolean(),
  lineEnding: z.enum(BANK_FORMAT_LINE_ENDINGS),
  dateFormat: z.enum(BANK_FORMAT_DATE_FORMATS),
  amountFormat: z.enum(BANK_FORMAT_AMOUNT_FORMATS),
  narration: z.string(),
  extension: z.enum(BANK_FORMAT_EXTENSIONS),
  paymentMode: z.object({
    codes: z.object({ neft: z.string(), rtgs: z.string(), imps: z.string(), internal: z.string() }),
    standard: z.enum(['neft', 'imps']),
    rtgsFrom: z.number().nullable(),
    internalWhenSameBank: z.boolean(),
  }),
  columns: z.array(
    z.object({
      field: z.enum(BANK_FORMAT_FIELDS),
      header: z.string(),
      constant: z.string().optional(),
      width: z.number().int().optional(),
      align: z.enum(['left', 'right']).optional(),
      pad: z.enum(['space', 'zero']).optional(),
    }),
  ),
  updatedAt: z.string(),
});
export type BankFileFormatDto = z.infer<typeof bankFileFormatSchema>;
export const bankFileFormatReplySchema = envelope(bankFileFormatSchema);
export const bankFileFormatListReplySchema = envelope(z.array(bankFileFormatSchema));
export const bankFileFormatPathSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** The builder's form values of a preset (to copy it into a format of one's own). */
export function presetAsInput(key: BankFormatPresetKey): BankFileFormatInput {
  const { format } = BANK_FORMAT_PRESETS[key];
  const { rtgsFromPaise, ...mode } = format.paymentMode;
  return { ...format, name: `${format.name} (copy)`, paymentMode: { ...mode, rtgsFrom: rtgsFromPaise === null ? null : rtgsFromPaise / 100 }, columns: format.columns.map((c) => ({ ...c })) };
}
