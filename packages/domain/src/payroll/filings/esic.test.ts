import { describe, expect, it } from 'vitest';
import { buildEsicReturn, type EsicMemberInput } from './esic';

/**
 * The ESIC monthly contribution rows against ESIC's template instructions (payroll-rules §4; the
 * MC Excel template's notes): days for which wages were paid, whole, fractions rounded up; wages;
 * reason code for zero working days (0 none, 1 on leave, 2 left service, 4 out of coverage only in
 * April and October); last working day dd/MM/yyyy only for codes 2–6; every IP of last month appears.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const OCTOBER = { month: '2026-10', periodStart: '2026-10-01', periodEnd: '2026-10-31' };
const NOVEMBER = { month: '2026-11', periodStart: '2026-11-01', periodEnd: '2026-11-30' };

let n = 0;
function ip(overrides: Partial<EsicMemberInput> = {}): EsicMemberInput {
  n += 1;
  return {
    userId: `u${String(n)}`,
    employeeNumber: `E${String(n).padStart(3, '0')}`,
    name: 'Lakshmi Devi',
    ipNumber: `53000${String(n).padStart(5, '0')}`,
    payslip: { payableDays: 30, esiWagePaise: R(18_000), esiCharged: true },
    coveredLastMonth: true,
    dateOfLeaving: null,
    ...overrides,
  };
}

const columns = (r: { ipNumber: string; ipName: string; days: number; wagesPaise: number; reasonCode: number; lastWorkingDay: string }) => [r.ipNumber, r.ipName, r.days, r.wagesPaise / 100, r.reasonCode, r.lastWorkingDay];

describe('ESIC monthly contribution rows', () => {
  it('a covered IP paid for the month: days, ESI wages, reason 0, no last working day', () => {
    const f = buildEsicReturn({ ...NOVEMBER, members: [ip({ ipNumber: '5300012345' })] });
    expect(f.rows.map(columns)).toEqual([['5300012345', 'LAKSHMI DEVI', 30, 18_000, 0, '']]);
    expect(f.totals).toEqual({ members: 1, wagesPaise: R(18_000) });
  });

  it('loss of pay of an earlier month corrected in this one: its ESI wages are wages paid in this month; days stay this month’s', () => {
    // December: 31 days, ESI wages 20,000; 12 Nov (a covered month) paid back: +666 (10,000 × 29/30 = 9,666.67 → 9,667 twice
    // = 19,334 paid, 20,000 due). Reported 20,666; ESIC's 0.75% of it is 154.995 → 155 = the payslip's 150 + 4 on the correction
    // and 1 of rounding (each rounds up). A recovery of 666 instead: 19,334. More recovered than paid: rejected.
    const DECEMBER = { month: '2026-12', periodStart: '2026-12-01', periodEnd: '2026-12-31' };
    const slip = (correction: number, own = R(20_000)) => ({ payslip: { payableDays: 31, esiWagePaise: own, esiCharged: true, corrections: [{ kind: 'lop' as const, months: [], esiWagePaise: correction }] } });
    const f = buildEsicReturn({ ...DECEMBER, members: [ip(slip(R(666))), ip(slip(R(-666)))] });
    expect(f.rows.map((r) => [r.days, r.wagesPaise / 100, r.reasonCode])).toEqual([
      [31, 20_666, 0],
      [31, 19_334, 0],
    ]);
    expect(f.rows[0]?.explanation[1]).toBe("Wages ₹20,666: the payslip's ESI wages ₹20,000 + ₹666 of loss of pay reversed for earlier months (paid in this month)");
    expect(f.rows[1]?.explanation[1]).toBe("Wages ₹19,334: the payslip's ESI wages ₹20,000 − ₹666 of loss of pay recovered for earlier months (paid in this month)");
    expect(f.totals.wagesPaise).toBe(R(40_000));
    const negative = buildEsicReturn({ ...DECEMBER, members: [ip(slip(R(-666), 0))] });
    expect(negative.rows[0]?.rejected).toBe(true);
    expect(negative.errors[0]?.message).toBe("The loss of pay recovered for earlier months is more than this month's ESI wages: the return cannot carry negative wages; settle the recovery with ESIC separately");
  });

  it('rounds a fraction of a day up: 26.5 payable days → 27', () => {
    const f = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: { payableDays: 26.5, esiWagePaise: R(15_900), esiCharged: true } })] });
    expect(f.rows[0]).toMatchObject({ days: 27, wagesPaise: R(15_900), reasonCode: 0 });
    expect(f.rows[0]?.explanation[0]).toBe('Days 27: 26.5 payable days, a fraction rounded up');
  });

  it('a leaver in the month: reason 2 and the last working day dd/MM/yyyy, even with days paid', () => {
    const f = buildEsicReturn({ ...NOVEMBER, members: [ip({ dateOfLeaving: '2026-11-14', payslip: { payableDays: 14, esiWagePaise: R(8_400), esiCharged: true } })] });
    expect(f.rows[0]).toMatchObject({ days: 14, wagesPaise: R(8_400), reasonCode: 2, lastWorkingDay: '14/11/2026' });
  });

  it('loss of pay all month: 0 days, reason 1 (on leave), no last working day', () => {
    const f = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: { payableDays: 0, esiWagePaise: 0, esiCharged: false } })] });
    expect(f.rows.map(columns)).toEqual([[expect.any(String), 'LAKSHMI DEVI', 0, 0, 1, '']]);
  });

  it('an IP of last month whose wages left coverage: in October reason 4 with the eve of the period; not an IP any more otherwise', () => {
    const above = { payableDays: 31, esiWagePaise: 0, esiCharged: false };
    const oct = buildEsicReturn({ ...OCTOBER, members: [ip({ payslip: above })] });
    expect(oct.rows[0]).toMatchObject({ days: 0, wagesPaise: 0, reasonCode: 4, lastWorkingDay: '30/09/2026' });
    // Never an IP: not in the file at all.
    const never = buildEsicReturn({ ...OCTOBER, members: [ip({ payslip: above, coveredLastMonth: false })] });
    expect(never.rows).toEqual([]);
    // Mid-period (November) an IP stays covered to the period's end: no code 4; flagged for a look.
    const nov = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: { ...above, payableDays: 30 } })] });
    expect(nov.rows[0]).toMatchObject({ days: 30, wagesPaise: 0, reasonCode: 0, lastWorkingDay: '' });
    expect(nov.warnings.map((w) => w.field)).toEqual(['esi']);
  });

  it('an IP of last month with no payslip: left in the month → reason 2; left earlier → not listed; otherwise reason 0 and a warning', () => {
    const left = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: null, dateOfLeaving: '2026-11-01' })] });
    expect(left.rows[0]).toMatchObject({ days: 0, wagesPaise: 0, reasonCode: 2, lastWorkingDay: '01/11/2026' });
    const earlier = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: null, dateOfLeaving: '2026-10-31' })] });
    expect(earlier.rows).toEqual([]);
    const held = buildEsicReturn({ ...NOVEMBER, members: [ip({ payslip: null })] });
    expect(held.rows[0]).toMatchObject({ days: 0, reasonCode: 0, lastWorkingDay: '' });
    expect(held.warnings[0]?.message).toContain('has no payslip this month');
  });

  it('rejects a missing or short IP number, a duplicate IP number and a name with digits; cleans the name to letters and spaces', () => {
    const f = buildEsicReturn({
      ...NOVEMBER,
      members: [
        ip({ name: 'No Number', ipNumber: null }),
        ip({ name: 'Short Number', ipNumber: '53000' }),
        ip({ name: 'Twin One', ipNumber: '5300099999' }),
        ip({ name: 'Twin Two', ipNumber: '5300099999' }),
        ip({ name: 'R2 D2' }),
        ip({ name: 'K. R. Rao' }),
      ],
    });
    expect(f.errors.map((e) => [e.name, e.field, e.message])).toEqual([
      ['No Number', 'ipNumber', 'ESI IP number is missing'],
      ['Short Number', 'ipNumber', 'ESI IP number must be 10 digits (found 53000)'],
      ['Twin One', 'ipNumber', 'IP number 5300099999 is on 2 rows: ESIC refuses an IP twice in one month'],
      ['Twin Two', 'ipNumber', 'IP number 5300099999 is on 2 rows: ESIC refuses an IP twice in one month'],
      ['R2 D2', 'name', 'Name has digits (2): write it in English letters and spaces only'],
    ]);
    expect(f.rows.filter((r) => !r.rejected).map((r) => r.ipName)).toEqual(['K R RAO']);
    expect(f.totals.members).toBe(1);
  });
});
