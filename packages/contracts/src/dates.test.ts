import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DATE_RANGE_MSG, FINANCIAL_YEAR_RANGE_MSG, MONTH_RANGE_MSG, dateProblem, dateSchema, monthSchema } from './dates';
import { attendanceDaysQuerySchema, attendanceGridQuerySchema } from './attendance.contract';
import { settingValueError, type SettingDefinition } from './employment-settings.contract';
import { form16FinancialYearSchema } from './form16.contract';
import { holidayInputSchema, leaveApplySchema } from './leave.contract';
import { loanInputSchema } from './loans.contract';
import { form24QQuerySchema } from './payroll-filings.contract';
import { employeeFormSchema } from './people.contract';
import { validateRegularization } from './requests.contract';
import { shiftRosterQuerySchema } from './shifts.contract';

/** The messages of a failed parse, by field path ('body' for the value itself), first per field as the error handler keeps them. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

describe('the date window (1900-01-01 to 2100-12-31)', () => {
  const date = dateSchema('must be a date (YYYY-MM-DD)', { required: 'Please select a date' });

  it.each(['1900-01-01', '1999-12-31', '2026-02-28', '2028-02-29', '2100-12-31'])('accepts %s', (value) => {
    expect(date.safeParse(value)).toEqual({ success: true, data: value });
  });

  it.each(['9999-12-31', '2101-01-01', '1899-12-31', '0100-01-01'])('refuses %s with the window message', (value) => {
    expect(messages(date, value)).toEqual({ body: DATE_RANGE_MSG });
  });

  it('keeps the schema’s own messages for a missing or malformed date, which never also get the window message', () => {
    expect(messages(date, '')).toEqual({ body: 'Please select a date' });
    expect(messages(date, undefined)).toEqual({ body: 'Please select a date' });
    for (const bad of ['2026-02-30', '31/12/9999', '99999-12-31', '9999-13-01', 'x']) expect(messages(date, bad)).toEqual({ body: 'must be a date (YYYY-MM-DD)' });
    expect(dateSchema('bad', { trim: true }).safeParse(' 2026-04-01 ')).toEqual({ success: true, data: '2026-04-01' });
  });

  it('months: Jan 1900 to Dec 2100', () => {
    const month = monthSchema('must be a month (YYYY-MM)');
    expect(month.safeParse('1900-01').success).toBe(true);
    expect(month.safeParse('2100-12').success).toBe(true);
    expect(messages(month, '9999-12')).toEqual({ body: MONTH_RANGE_MSG });
    expect(messages(month, '1899-12')).toEqual({ body: MONTH_RANGE_MSG });
    expect(messages(month, '2026-13')).toEqual({ body: 'must be a month (YYYY-MM)' });
  });

  it('dateProblem, for validations that are not schemas', () => {
    expect(dateProblem('2026-04-01', 'bad')).toBeNull();
    expect(dateProblem('2026-02-30', 'bad')).toBe('bad');
    expect(dateProblem('9999-12-31', 'bad')).toBe(DATE_RANGE_MSG);
  });
});

describe('every kind of date field uses the window', () => {
  it('a holiday and a leave application (9999-12-31 was a 500, or a stored holiday whose recompute failed)', () => {
    expect(messages(holidayInputSchema, { date: '9999-12-31', name: 'Far away' })).toEqual({ date: DATE_RANGE_MSG });
    const leave = { leaveTypeId: '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f', startDate: '9999-12-31', endDate: '9999-12-31', reason: 'Later' };
    expect(messages(leaveApplySchema, leave)).toMatchObject({ startDate: DATE_RANGE_MSG, endDate: DATE_RANGE_MSG });
  });

  it('optional and nullable dates, queries, months and financial years', () => {
    const employee = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', dateOfJoining: '2024-04-01', experience: 1, employeeNumber: 'E1', regimeType: 1, annualCTC: 600_000 };
    expect(employeeFormSchema.safeParse(employee).success).toBe(true);
    expect(messages(employeeFormSchema, { ...employee, dateOfBirth: '9999-12-31' })).toEqual({ dateOfBirth: DATE_RANGE_MSG });
    expect(messages(employeeFormSchema, { ...employee, dateOfJoining: '1899-12-31' })).toEqual({ dateOfJoining: DATE_RANGE_MSG });
    expect(messages(attendanceDaysQuerySchema, { startDate: '2026-04-01', endDate: '9999-12-31' })).toEqual({ endDate: DATE_RANGE_MSG });
    expect(messages(shiftRosterQuerySchema, { startDate: '9999-12-25', endDate: '9999-12-31' })).toMatchObject({ startDate: DATE_RANGE_MSG, endDate: DATE_RANGE_MSG });
    expect(shiftRosterQuerySchema.safeParse({ startDate: '' }).success).toBe(true);
    expect(messages(attendanceGridQuerySchema, { month: '9999-12' })).toEqual({ month: MONTH_RANGE_MSG });
    expect(messages(loanInputSchema, { userId: '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f', kind: 'loan', purpose: 'other', amount: 1000, startMonth: '9999-12', termsBy: 'instalments', instalments: 2 })).toMatchObject({ startMonth: MONTH_RANGE_MSG });
    expect(messages(form16FinancialYearSchema, '9998-9999')).toEqual({ body: FINANCIAL_YEAR_RANGE_MSG });
    expect(messages(form24QQuerySchema, { financialYear: '2100-01', quarter: '1' })).toEqual({ financialYear: FINANCIAL_YEAR_RANGE_MSG });
    expect(form24QQuerySchema.safeParse({ financialYear: '2099-00', quarter: '4' }).success).toBe(true);
  });

  it('validations written as functions: the regularization form and an employment-type setting', () => {
    const request = { startDate: '9999-12-31', endDate: '9999-12-31', startTime: '09:30', endTime: '18:30', reason: 'x' };
    expect(validateRegularization(request, '2026-03-18', { allowFutureDates: true })).toEqual({ ok: false, field: 'startDate', message: DATE_RANGE_MSG });
    const setting: SettingDefinition = { employmentTypeSettingId: 1, name: 'Date', label: 'Date', description: '', dataType: 'DateTime', categoryId: 1, defaults: [] };
    expect(settingValueError(setting, '9999-12-31')).toBe(DATE_RANGE_MSG);
    expect(settingValueError(setting, '2026-04-01')).toBeNull();
  });
});
