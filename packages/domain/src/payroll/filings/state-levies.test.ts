import { describe, expect, it } from 'vitest';
import { buildLwfStatement, buildProfessionalTaxStatement, slabRangeLabel, stateOfLevyLine } from './state-levies';

/**
 * PT and LWF statements on the state tables of india-tax-rules §12 and §13: the slab an employee
 * falls in, what it levies in the month, and the totals by slab.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const person = <T extends object>(n: number, extra: T) => ({ userId: `u${String(n)}`, employeeNumber: `E${String(n)}`, name: `Person ${String(n)}`, ...extra });

describe('slab labels follow the published boundaries', () => {
  it('more than / up to / from / below', () => {
    // Maharashtra (§12): ≤ 7,500 nil; 7,501–10,000: 175; > 10,000: 200.
    expect(slabRangeLabel(0, R(7_500) + 1)).toBe('Up to ₹7,500');
    expect(slabRangeLabel(R(7_500) + 1, R(10_000) + 1)).toBe('More than ₹7,500 up to ₹10,000');
    expect(slabRangeLabel(R(10_000) + 1, null)).toBe('More than ₹10,000');
    // Karnataka: "25,000 and more" pays.
    expect(slabRangeLabel(0, R(25_000))).toBe('Below ₹25,000');
    expect(slabRangeLabel(R(25_000), null)).toBe('₹25,000 and above');
    expect(slabRangeLabel(R(12_000), R(18_000))).toBe('From ₹12,000 to below ₹18,000');
  });
});

describe('professional tax statement', () => {
  it('Karnataka, October 2026: below 25,000 nil, 25,000 and above 200; totals by slab', () => {
    const s = buildProfessionalTaxStatement('2026-10', [
      person(1, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(24_999), ptPaise: 0 }),
      person(2, { gender: 'Female' as const, stateCode: 'KA', grossPaise: R(25_000), ptPaise: R(200) }),
      person(3, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(80_000), ptPaise: R(200) }),
    ]);
    expect(s).toHaveLength(1);
    const ka = s[0];
    expect(ka).toMatchObject({ stateCode: 'KA', stateName: 'Karnataka', cycle: 'Monthly', dueThisMonth: true, dueText: 'Monthly' });
    expect(ka?.rows.map((r) => [r.slabLabel, r.slabAmountPaise / 100, r.ptPaise / 100, r.note])).toEqual([
      ['Below ₹25,000', 0, 0, null],
      ['₹25,000 and above', 200, 200, null],
      ['₹25,000 and above', 200, 200, null],
    ]);
    expect(ka?.slabs.map((x) => [x.label, x.amountPaise / 100, x.employees, x.ptPaise / 100])).toEqual([
      ['Below ₹25,000', 0, 1, 0],
      ['₹25,000 and above', 200, 2, 400],
    ]);
    expect(ka?.totals).toEqual({ employees: 3, grossPaise: R(129_999), ptPaise: R(400) });
  });

  it('one statement per state and registration: two Karnataka registrations, then Telangana, each with its own slab totals', () => {
    const s = buildProfessionalTaxStatement('2026-10', [
      person(1, { gender: 'Male' as const, stateCode: 'TG', grossPaise: R(18_000), ptPaise: R(150), registrationNumber: 'TG-1' }),
      person(2, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(30_000), ptPaise: R(200), registrationNumber: 'KA-2' }),
      person(3, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(40_000), ptPaise: R(200), registrationNumber: 'KA-1' }),
      person(4, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(26_000), ptPaise: R(200), registrationNumber: 'KA-1' }),
    ]);
    // Telangana (G.O.Ms.No.82, 2013): 15,001–20,000 pays 150.
    expect(s.map((x) => [x.stateName, x.registrationNumber, x.rows.map((r) => r.employeeNumber), x.totals.ptPaise / 100])).toEqual([
      ['Karnataka', 'KA-1', ['E3', 'E4'], 400],
      ['Karnataka', 'KA-2', ['E2'], 200],
      ['Telangana', 'TG-1', ['E1'], 150],
    ]);
    // Rows without a registration form their own statement, listed before the registered ones.
    const none = buildProfessionalTaxStatement('2026-10', [person(1, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(30_000), ptPaise: R(200), registrationNumber: 'KA-1' }), person(2, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(30_000), ptPaise: R(200) })]);
    expect(none.map((x) => x.registrationNumber)).toEqual([null, 'KA-1']);
  });

  it('Karnataka in February: 300 (Act 33 of 2025); a payslip that deducted 200 is pointed out', () => {
    const [ka] = buildProfessionalTaxStatement('2027-02', [person(1, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(30_000), ptPaise: R(200) })]);
    expect(ka?.rows[0]).toMatchObject({ slabAmountPaise: R(300), ptPaise: R(200), note: 'Deducted ₹200; the slab gives ₹300' });
  });

  it("Maharashtra: women's table (≤ 25,000 nil) beside the men's (> 10,000: 200)", () => {
    const [mh] = buildProfessionalTaxStatement('2026-10', [
      person(1, { gender: 'Female' as const, stateCode: 'MH', grossPaise: R(20_000), ptPaise: 0 }),
      person(2, { gender: 'Male' as const, stateCode: 'MH', grossPaise: R(9_000), ptPaise: R(175) }),
      person(3, { gender: 'Male' as const, stateCode: 'MH', grossPaise: R(20_000), ptPaise: R(200) }),
    ]);
    expect(mh?.rows.map((r) => r.slabLabel)).toEqual(['Women: Up to ₹25,000', 'More than ₹7,500 up to ₹10,000', 'More than ₹10,000']);
    expect(mh?.slabs.filter((x) => x.employees > 0).map((x) => [x.table, x.label, x.ptPaise / 100])).toEqual([
      [null, 'More than ₹7,500 up to ₹10,000', 175],
      [null, 'More than ₹10,000', 200],
      ['Women', 'Up to ₹25,000', 0],
    ]);
  });

  it('Tamil Nadu is half-yearly on the half year: nothing due in October; in September the slab of 6 × the month', () => {
    const oct = buildProfessionalTaxStatement('2026-10', [person(1, { gender: 'Male' as const, stateCode: 'TN', grossPaise: R(9_000), ptPaise: 0 })]);
    expect(oct[0]).toMatchObject({ dueThisMonth: false, dueText: 'Half-Yearly, in September and March' });
    expect(oct[0]?.rows[0]).toMatchObject({ slabAmountPaise: 0, note: null });
    // 9,000 × 6 = 54,000: 45,001–60,000 → 930 (§12, Chennai 2024-25).
    const sep = buildProfessionalTaxStatement('2026-09', [person(1, { gender: 'Male' as const, stateCode: 'TN', grossPaise: R(9_000), ptPaise: R(930) })]);
    expect(sep[0]?.rows[0]).toMatchObject({ basePaise: R(54_000), slabLabel: 'More than ₹45,000 up to ₹60,000', slabAmountPaise: R(930), note: null });
  });

  it("Madhya Pradesh is stated on the year's income: 12 × the month, the label says a year, March carries 212", () => {
    // MP Vritti Kar Schedule: above 4,00,000 a year, 208 a month for eleven months and 212 in the twelfth.
    const jun = buildProfessionalTaxStatement('2026-06', [person(1, { gender: 'Male' as const, stateCode: 'MP', grossPaise: R(40_000), ptPaise: R(208) })]);
    expect(jun[0]?.rows[0]).toMatchObject({ basePaise: R(480_000), slabLabel: 'More than ₹4,00,000 a year', slabAmountPaise: R(208), note: null });
    const mar = buildProfessionalTaxStatement('2027-03', [person(1, { gender: 'Male' as const, stateCode: 'MP', grossPaise: R(40_000), ptPaise: R(212) })]);
    expect(mar[0]?.rows[0]).toMatchObject({ slabAmountPaise: R(212), note: null });
  });

  it('groups by state, states in name order', () => {
    const s = buildProfessionalTaxStatement('2026-10', [person(1, { gender: 'Male' as const, stateCode: 'WB', grossPaise: R(30_000), ptPaise: R(150) }), person(2, { gender: 'Male' as const, stateCode: 'KA', grossPaise: R(30_000), ptPaise: R(200) })]);
    expect(s.map((x) => x.stateName)).toEqual(['Karnataka', 'West Bengal']);
  });
});

describe('labour welfare fund statement', () => {
  it('Karnataka in December (annual, 50 / 100): one row per employee, totals', () => {
    const [ka, ...rest] = buildLwfStatement('2026-12', [
      person(1, { stateCode: 'KA', grossPaise: R(30_000), employeePaise: R(50), employerPaise: R(100) }),
      person(2, { stateCode: 'KA', grossPaise: R(18_000), employeePaise: R(50), employerPaise: R(100) }),
    ]);
    expect(rest).toEqual([]);
    expect(ka).toMatchObject({ stateName: 'Karnataka', cycle: 'Annual', dueNote: 'on the 31 December roll, due 15 January' });
    expect(ka?.totals).toEqual({ employees: 2, grossPaise: R(48_000), employeePaise: R(100), employerPaise: R(200) });
  });

  it('December: one statement per state and registration (Karnataka 50 / 100 on two registrations)', () => {
    const s = buildLwfStatement('2026-12', [
      person(1, { stateCode: 'KA', grossPaise: R(30_000), employeePaise: R(50), employerPaise: R(100), registrationNumber: 'LWF-B' }),
      person(2, { stateCode: 'KA', grossPaise: R(30_000), employeePaise: R(50), employerPaise: R(100), registrationNumber: 'LWF-A' }),
    ]);
    expect(s.map((x) => [x.registrationNumber, x.totals.employeePaise / 100, x.totals.employerPaise / 100])).toEqual([
      ['LWF-A', 50, 100],
      ['LWF-B', 50, 100],
    ]);
  });

  it('only the states where it falls due: Karnataka not in June; Maharashtra in June (25 / 75 since June 2024)', () => {
    const s = buildLwfStatement('2026-06', [
      person(1, { stateCode: 'KA', grossPaise: R(30_000), employeePaise: 0, employerPaise: 0 }),
      person(2, { stateCode: 'MH', grossPaise: R(30_000), employeePaise: R(25), employerPaise: R(75) }),
      person(3, { stateCode: 'MH', grossPaise: R(2_500), employeePaise: R(12), employerPaise: R(36) }),
    ]);
    expect(s.map((x) => x.stateCode)).toEqual(['MH']);
    // The 2024 Act fixes 25 / 75 whatever the wages: the old 12 / 36 is pointed out.
    expect(s[0]?.rows.map((r) => r.note)).toEqual([null, 'Deducted ₹12 / ₹36; the table gives ₹25 / ₹75']);
  });
});

describe('the state of a levy line', () => {
  it('reads the state the month calculation named', () => {
    expect(stateOfLevyLine(["Professional tax, Karnataka, on the month's gross ₹30,000: ₹200"], 'pt')).toBe('KA');
    expect(stateOfLevyLine(['Labour Welfare Fund, Tamil Nadu (December salary, due 31 January): employee ₹10, employer ₹20'], 'lwf')).toBe('TN');
    expect(stateOfLevyLine(['something else'], 'pt')).toBeNull();
  });
});
