import { describe, expect, it } from 'vitest';
import { FORM16_MSG, form16DefaultYear, form16FinancialYearSchema, form16Years, precheckForm16File } from './form16.contract';

describe('Form 16 years (payroll spec §2: from 2022-2023 up to the current year, newest first)', () => {
  it.each([
    ['2026-11-27', ['2026-2027', '2025-2026', '2024-2025', '2023-2024', '2022-2023'], '2025-2026'],
    // Before April the financial year is still last year's.
    ['2026-03-31', ['2025-2026', '2024-2025', '2023-2024', '2022-2023'], '2024-2025'],
    ['2022-04-01', ['2022-2023'], '2022-2023'],
  ])('on %s', (today, years, defaultYear) => {
    expect(form16Years(today)).toEqual(years);
    expect(form16DefaultYear(today)).toBe(defaultYear);
  });

  it('a financial year is written 2023-2024', () => {
    expect(form16FinancialYearSchema.safeParse('2023-2024').success).toBe(true);
    for (const bad of ['2023-24', '2023-2025', '2023', 'x']) expect(form16FinancialYearSchema.safeParse(bad).success).toBe(false);
  });
});

describe('the client-side file check (payroll spec §5, §9)', () => {
  it.each([
    [null, FORM16_MSG.noFile],
    [{ name: 'a.docx', size: 10, type: 'application/msword' }, FORM16_MSG.onlyPdf],
    [{ name: 'a.pdf', size: 10, type: 'image/png' }, FORM16_MSG.onlyPdf],
    [{ name: 'a.pdf', size: 0, type: 'application/pdf' }, FORM16_MSG.empty],
    [{ name: 'a.pdf', size: 5_242_881, type: 'application/pdf' }, FORM16_MSG.tooLarge],
    [{ name: 'A.PDF', size: 5_242_880, type: '' }, null],
  ])('%o → %s', (file, message) => {
    expect(precheckForm16File(file)).toBe(message);
  });
});
