import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { SessionUser } from '@tankha/contracts';
import { computeTaxPosition, formatInr } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { administratorContext } from '../../seed/demo-payroll';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import type { PartBOfEmployee } from './form16-part-b.service';

/**
 * Issue 13 item 7: the demo as `npm start` seeds it (the payroll from April of the last financial
 * year) has a Form 16 Part B for every employee of that year — uploaded for some, generated from the
 * payroll for the rest — and every generated Part B's figures are the year as the payroll paid it.
 *
 * "Now" is 10 May 2026: FY 2025-26 is April 2025 – February 2026 run plainly, then March 2026 with
 * the demo's bonus, incentives, payout hold, approved claims and the first loan instalments (a
 * perquisite), all finalized. The expected figures are summed here from the payslips' own lines
 * (taxable earnings by the component's, adjustment's or claim type's taxability, PT, employee EPF,
 * TDS) and the loans' perquisites — not from the payslips' year-to-date snapshot Part B reads — and
 * the tax is computeTaxPosition (the payroll's one tax path) of those sums.
 */
const NOW = new Date('2026-05-10T05:30:00Z');
const YEAR = '2025-2026';
const STANDARD_DEDUCTION = { old: 50_000_00, new: 75_000_00 } as const;

interface Line extends Record<string, unknown> {
  payslip_id: string;
  user_id: string;
  month: string;
  run_id: string;
  tax_regime: number;
  section: string;
  code: string;
  label: string;
  amount: number;
}

describe.each(BACKENDS)('demo: Form 16 Part B of the last year for everyone, equal to the payroll (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let tenantId = '';
  let parts: PartBOfEmployee[] = [];
  let lines: Line[] = [];
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(NOW);
    await t.seedDemo({ payroll: true, lastYear: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    tenantId = admin.tenantId;
    // The figures the generated PDFs were rendered from: the service's own read of the year, as the administrator.
    const ctx = await administratorContext(t.database.db, tenantId);
    const employees = await rows<{ id: string; date_of_birth: string | null }>(sql`
      SELECT DISTINCT u.id, u.date_of_birth::text FROM users u JOIN payslips p ON p.user_id = u.id JOIN payroll_runs r ON r.id = p.run_id
       WHERE u.tenant_id = ${tenantId} AND r.status IN ('finalized', 'paid') AND p.month BETWEEN '2025-04' AND '2026-03'`);
    parts = await t.tenantScope(tenantId, (scope) => t.app.services.form16PartB.figures({ ...scope, ctx }, 2025, '2025-26', employees.map((e) => ({ id: e.id, dateOfBirth: e.date_of_birth }))));
    lines = await rows<Line>(sql`
      SELECT l.payslip_id, p.user_id, p.month, p.run_id, p.tax_regime, l.section, l.code, l.label, l.amount_paise::float AS amount
        FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id JOIN payroll_runs r ON r.id = p.run_id
       WHERE p.tenant_id = ${tenantId} AND r.status IN ('finalized', 'paid') AND p.month BETWEEN '2025-04' AND '2026-03'`);
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  it('the payroll ran every month of the year, the last one with one-time items and claims', async () => {
    const runs = await rows<{ month: string; status: string }>(sql`SELECT month, status FROM payroll_runs WHERE tenant_id = ${tenantId} ORDER BY month`);
    expect(runs.map((r) => r.month)).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(runs.filter((r) => r.status === 'paid').map((r) => r.month).at(-1)).toBe('2026-03');
    expect(runs.at(-1)?.status).toBe('draft');
    expect(lines.filter((l) => l.month === '2026-03' && l.code.startsWith('ADJ_')).length).toBe(3);
    expect(lines.filter((l) => l.month === '2026-03' && l.code === 'REIMBURSEMENT').length).toBe(2);
  });

  it('every employee of the year has a Part B: uploaded for some, generated for the rest', async () => {
    const stats = (await t.call('GET', `/Form16/stats?financialYear=${YEAR}`, { token: admin.token })).json() as { data: { totalEmployees: number; pendingForms: number } };
    expect(stats.data.pendingForms).toBe(0);
    const partBs = await rows<{ user_id: string; kind: string }>(sql`SELECT user_id, kind FROM form16_documents WHERE tenant_id = ${tenantId} AND financial_year_start = 2025 AND form_type = 2`);
    const withPayroll = new Set(lines.map((l) => l.user_id));
    expect(withPayroll.size).toBe(43);
    expect(new Set(partBs.map((p) => p.user_id))).toEqual(withPayroll);
    expect(partBs.length).toBe(43);
    expect(partBs.filter((p) => p.kind === 'uploaded').length).toBeGreaterThan(0);
    expect(partBs.filter((p) => p.kind === 'generated').length).toBeGreaterThan(partBs.length / 2);
  });

  it("every employee's Part B figures equal the sums of the year's finalized payslips and the tax on them", async () => {
    const taxableEarnings = new Set((await rows<{ code: string }>(sql`SELECT code FROM tenant_earnings WHERE tenant_id = ${tenantId} AND is_taxable_earning`)).map((r) => r.code));
    const allEarnings = new Set((await rows<{ code: string }>(sql`SELECT code FROM tenant_earnings WHERE tenant_id = ${tenantId}`)).map((r) => r.code));
    const adjustments = await rows<{ run_id: string; user_id: string; label: string; amount: number; taxable: boolean }>(sql`
      SELECT run_id, user_id, label, amount_paise::float AS amount, taxable FROM payroll_adjustments WHERE tenant_id = ${tenantId} AND kind = 'earning'`);
    const perquisites = await rows<{ user_id: string; amount: number }>(sql`
      SELECT lr.user_id, sum(lr.perquisite_paise)::float AS amount FROM loan_recoveries lr JOIN payslips p ON p.id = lr.payslip_id JOIN payroll_runs r ON r.id = p.run_id
       WHERE lr.tenant_id = ${tenantId} AND r.status IN ('finalized', 'paid') AND p.month BETWEEN '2025-04' AND '2026-03' GROUP BY lr.user_id`);
    const declared = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM tax_declarations WHERE tenant_id = ${tenantId} AND financial_year_start = 2025`);
    // Nobody declared for 2025-26 in the demo: no rent (no HRA exemption) and only EPF under s.80C.
    expect(declared[0]?.n).toBe(0);
    expect(perquisites.some((p) => p.amount > 0)).toBe(true);

    const byUser = new Map<string, Line[]>();
    for (const l of lines) byUser.set(l.user_id, [...(byUser.get(l.user_id) ?? []), l]);
    expect(parts).toHaveLength(byUser.size);
    let oldRegime = 0;
    for (const [userId, mine] of byUser) {
      const part = parts.find((p) => p.userId === userId);
      if (!part) throw new Error(`no Part B figures for ${userId}`);
      const who = part.employee.name;
      const sum = (pick: (l: Line) => boolean) => mine.filter(pick).reduce((s, l) => s + l.amount, 0);
      // Taxable salary, line by line: a component by its taxability, a one-time item by its own, a claim by its type's.
      let gross = 0;
      for (const l of mine.filter((x) => x.section === 'earning')) {
        if (allEarnings.has(l.code)) gross += taxableEarnings.has(l.code) ? l.amount : 0;
        else if (l.code === 'REIMBURSEMENT_TAXABLE') gross += l.amount;
        else if (l.code === 'REIMBURSEMENT') continue;
        else if (l.code.startsWith('ADJ_')) {
          const item = adjustments.find((a) => a.run_id === l.run_id && a.user_id === userId && a.label === l.label && a.amount === l.amount);
          if (!item) throw new Error(`${who}: no one-time item for ${l.label}`);
          gross += item.taxable ? l.amount : 0;
        } else throw new Error(`${who}: an earning line this test does not know: ${l.code}`);
      }
      const perquisite = perquisites.find((p) => p.user_id === userId)?.amount ?? 0;
      const pt = sum((l) => l.section === 'deduction' && l.code === 'PT');
      const epf = sum((l) => l.section === 'deduction' && l.code === 'EPF_EE');
      const tds = sum((l) => l.section === 'deduction' && l.code === 'TDS');
      const regimes = new Set(mine.map((l) => l.tax_regime));
      expect(regimes.size, who).toBe(1);
      const regime = mine[0]?.tax_regime === 0 ? 0 : 1;
      if (regime === 0) oldRegime += 1;
      const f = part.figures;

      expect(f.regime, who).toBe(regime);
      expect(f.grossSalaryPaise, `${who}: gross salary`).toBe(gross + perquisite);
      expect(f.perquisites17_2Paise, `${who}: perquisites`).toBe(perquisite);
      expect(f.exemptionsPaise, `${who}: s.10 exemptions`).toBe(0);
      expect(f.standardDeductionPaise, `${who}: standard deduction`).toBe(Math.min(gross + perquisite, regime === 0 ? STANDARD_DEDUCTION.old : STANDARD_DEDUCTION.new));
      // s.16(iii) and Chapter VI-A (s.80C: the employee's EPF, up to ₹1.5 lakh) only in the old regime.
      expect(f.professionalTaxPaise, `${who}: professional tax`).toBe(regime === 0 ? pt : 0);
      expect(f.chapterVIAPaise, `${who}: Chapter VI-A`).toBe(regime === 0 ? Math.min(epf, 1_50_000_00) : 0);
      const income = Math.max(0, gross + perquisite - f.standardDeductionPaise - f.professionalTaxPaise - f.chapterVIAPaise);
      // s.288A: total income rounded to the nearest ten rupees.
      expect(f.totalIncomePaise, `${who}: taxable income`).toBe(Math.round(income / 1000) * 1000);
      const position = computeTaxPosition({
        financialYear: '2025-26',
        regime,
        salary: { grossSalaryPaise: gross + perquisite, months: [], professionalTaxPaise: pt, employeeEpfPaise: epf },
        declaration: null,
        useAllowed: false,
      });
      expect(f.taxPayablePaise, `${who}: tax`).toBe(position.tax.totalTaxPaise);
      expect(f.tdsDeductedPaise, `${who}: TDS deducted`).toBe(tds);
      expect(f.balancePaise, `${who}: balance`).toBe(position.tax.totalTaxPaise - tds);
    }
    expect(oldRegime, 'old-regime employees in the demo').toBeGreaterThan(0);
  });

  it("each generated Part B PDF prints its employee's gross salary, taxable income and TDS", async () => {
    const generated = await rows<{ id: string; user_id: string }>(sql`SELECT id, user_id FROM form16_documents WHERE tenant_id = ${tenantId} AND financial_year_start = 2025 AND form_type = 2 AND kind = 'generated'`);
    for (const doc of generated) {
      const res = await t.app.inject({ method: 'GET', url: `/backend/api/Form16/${doc.id}/file`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode).toBe(200);
      const text = (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text.replace(/\s+/g, ' ');
      const f = parts.find((p) => p.userId === doc.user_id)?.figures;
      if (!f) throw new Error('no figures');
      for (const amount of [f.grossSalaryPaise, f.totalIncomePaise, f.tdsDeductedPaise]) expect(text).toContain(formatInr(amount).replace('₹', ''));
    }
  });
});
