import { FORM16_MSG, FORM16_PERSON_FIELD_LABELS, Form16Type, form16TypeLabel, form16YearLabel, form16YearStart, type Form16GenerateResult, type Form16Record, type Form16ResponsiblePersonInput, type Form16ResponsiblePersonSettings, type PayslipEmployee } from '@tankha/contracts';
import { computeForm16PartB, dateInZone, FORM_12BA_ROW, type Form12BAPerquisite, type Form16ResponsiblePerson, financialYearStartOf, isTaxFinancialYear, type Form16PartB, type TaxAgeBand, type TaxFinancialYear, type TaxSalaryMonth } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import { declarationsForRun } from '../declarations/declarations.service';
import { ageBandOf } from '../payroll/payroll.compute';
import { renderForm16PartBPdf, partBFileName, type Form16PartBEmployer, type Form16Signatory } from './form16-part-b-pdf';
import * as repo from './form16-part-b.repo';
import * as formRepo from './form16.repo';
import type { Form16Service } from './form16.service';

/** Employees read, computed and rendered together (one set of reads per chunk). */
const CHUNK = 50;

/** One employee's Part B, ready to render. */
export interface PartBOfEmployee {
  userId: string;
  employee: PayslipEmployee;
  firstMonth: string;
  lastMonth: string;
  figures: Form16PartB;
  /** The valued perquisites of Form 12BA (empty: no 12BA page). */
  perquisites: Form12BAPerquisite[];
}

/**
 * Form 16 Part B generated from the payroll: for each employee with finalized
 * payslips in the year, the year as paid (taxable salary, loan perquisites, basic and HRA month by
 * month, PT, EPF, TDS) and the declaration the payroll used, through the domain's computeForm16PartB
 * (computeTaxPosition, the payroll's one tax path). Each PDF is stored as a Form 16B of kind
 * 'generated', replacing an earlier generated one; an uploaded Part B is never replaced
 * (docs/decisions/0125-form-16-part-b-generated-from-the-payroll.md).
 */
export class Form16PartBService {
  constructor(private readonly deps: { clock: Clock; form16: Pick<Form16Service, 'store'> }) {}

  private year(scope: Scope, financialYear: string): { start: number; taxYear: TaxFinancialYear } {
    const start = form16YearStart(financialYear);
    if (start > financialYearStartOf(dateInZone(this.deps.clock.now(), scope.ctx.timeZone))) throw badRequest(FORM16_MSG.futureYear, { financialYear: FORM16_MSG.futureYear });
    const taxYear = `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;
    if (!isTaxFinancialYear(taxYear)) throw badRequest(FORM16_MSG.partBNoTaxRules(financialYear), { financialYear: FORM16_MSG.partBNoTaxRules(financialYear) });
    return { start, taxYear };
  }

  /** The Part B figures of these employees (those without finalized payroll in the year are left out). */
  async figures(scope: Scope, financialYearStart: number, taxYear: TaxFinancialYear, employees: readonly { id: string; dateOfBirth: string | null }[]): Promise<PartBOfEmployee[]> {
    const tdb = scope.db;
    const userIds = employees.map((e) => e.id);
    const slips = await repo.findYearPayslips(tdb, financialYearStart, userIds);
    const codes = await repo.findEarningCodes(tdb);
    const declarations = await declarationsForRun(scope, userIds, `${String(financialYearStart + 1)}-03`);
    const ids = slips.map((s) => s.id);
    const lines = await repo.findPartBLines(tdb, ids, [...codes.basic, ...codes.hra]);
    const perquisites = await repo.sumPerquisites(tdb, ids);
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.payslipId, [...(linesOf.get(line.payslipId) ?? []), line]);
    const out: PartBOfEmployee[] = [];
    for (const e of employees) {
      const mine = slips.filter((s) => s.userId === e.id);
      const last = mine.at(-1);
      const first = mine[0];
      if (!last || !first) continue;
      const ytd = last.ytd as { taxableGrossPaise: number };
      const months = new Map<string, TaxSalaryMonth>();
      let professionalTaxPaise = 0;
      let employeeEpfPaise = 0;
      for (const slip of mine) {
        const m = months.get(slip.month) ?? { month: slip.month, basicPlusDaPaise: 0, hraPaise: 0 };
        for (const l of linesOf.get(slip.id) ?? []) {
          if (l.section === 'earning' && codes.basic.has(l.code)) m.basicPlusDaPaise += l.amountPaise;
          else if (l.section === 'earning' && codes.hra.has(l.code)) m.hraPaise += l.amountPaise;
          else if (l.section === 'deduction' && l.code === 'PT') professionalTaxPaise += l.amountPaise;
          else if (l.section === 'deduction' && l.code === 'EPF_EE') employeeEpfPaise += l.amountPaise;
        }
        months.set(slip.month, m);
      }
      const loan = perquisites.get(e.id) ?? { perquisitePaise: 0, recoveredPaise: 0 };
      const perquisitePaise = Math.min(loan.perquisitePaise, ytd.taxableGrossPaise);
      const declaration = declarations.get(e.id);
      const figures = computeForm16PartB({
        financialYear: taxYear,
        regime: last.taxRegime === 0 ? 0 : 1,
        ageBand: ageBandOf(e.dateOfBirth, taxYear),
        salary17_1Paise: Math.max(0, ytd.taxableGrossPaise - perquisitePaise),
        perquisites17_2Paise: perquisitePaise,
        profits17_3Paise: 0,
        months: [...months.values()],
        professionalTaxPaise,
        employeeEpfPaise,
        declaration: declaration?.figures ?? null,
        useAllowed: declaration?.useAllowed ?? false,
        tdsDeductedPaise: mine.reduce((s, p) => s + p.tdsPaise, 0),
      });
      const valued: Form12BAPerquisite[] = perquisitePaise > 0 ? [{ row: FORM_12BA_ROW.loan, valuePaise: perquisitePaise + loan.recoveredPaise, recoveredPaise: loan.recoveredPaise }] : [];
      out.push({ userId: e.id, employee: last.employee as PayslipEmployee, firstMonth: first.month, lastMonth: last.month, figures, perquisites: valued });
    }
    return out;
  }

  /**
   * Everyone with finalized payroll in the year with their Part B figures and age band, in chunks of
   * reads: Form 24Q's Annexure II (the fourth quarter's SD records) reports these same figures.
   * Null when the tax engine has no rules for the year.
   */
  async yearFigures(scope: Scope, financialYearStart: number): Promise<(PartBOfEmployee & { ageBand: TaxAgeBand })[] | null> {
    const taxYear = `${String(financialYearStart)}-${String((financialYearStart + 1) % 100).padStart(2, '0')}`;
    if (!isTaxFinancialYear(taxYear)) return null;
    const employees = await repo.findYearEmployees(scope.db, financialYearStart);
    const bandOf = new Map(employees.map((e) => [e.id, ageBandOf(e.dateOfBirth, taxYear)]));
    const out: (PartBOfEmployee & { ageBand: TaxAgeBand })[] = [];
    for (let i = 0; i < employees.length; i += CHUNK) {
      const parts = await this.figures(scope, financialYearStart, taxYear, employees.slice(i, i + CHUNK));
      out.push(...parts.map((p) => ({ ...p, ageBand: bandOf.get(p.userId) ?? 'below60' })));
    }
    return out;
  }

  /** Renders and stores each Part B, replacing a generated one; answers the stored ids by employee. */
  private async storeAll(scope: Scope, financialYearStart: number, parts: readonly PartBOfEmployee[], employer: Form16PartBEmployer, signatory: Form16Signatory, existing: Awaited<ReturnType<typeof repo.findPartBs>>): Promise<{ ids: Map<string, string>; replaced: number }> {
    const financialYear = form16YearLabel(financialYearStart);
    const generatedOn = dateInZone(this.deps.clock.now(), scope.ctx.timeZone);
    const ids = new Map<string, string>();
    let replaced = 0;
    for (const part of parts) {
      const earlier = existing.find((x) => x.userId === part.userId);
      if (earlier?.kind === 'uploaded') continue;
      const bytes = await renderForm16PartBPdf({ employer, employee: part.employee, financialYear, firstMonth: part.firstMonth, lastMonth: part.lastMonth, figures: part.figures, perquisites: part.perquisites, signatory, generatedOn });
      if (earlier) {
        await formRepo.deleteForm(scope.db, earlier.id, earlier.fileId);
        scope.enqueue('files.removed', { storageKey: earlier.storageKey });
        replaced += 1;
      }
      const id = await this.deps.form16.store(scope, { userId: part.userId, formType: Form16Type.PartB, financialYearStart, bytes, kind: 'generated', originalName: partBFileName(part.employee, financialYear) });
      ids.set(part.userId, id);
    }
    return { ids, replaced };
  }

  /** The person responsible as saved (nulls before the first save). */
  async responsiblePerson(scope: Scope): Promise<Form16ResponsiblePersonSettings> {
    const row = await repo.findResponsiblePerson(scope.db);
    return { name: row?.name ?? null, fatherName: row?.fatherName ?? null, designation: row?.designation ?? null, place: row?.place ?? null };
  }

  async saveResponsiblePerson(scope: Scope, input: Form16ResponsiblePersonInput): Promise<Form16ResponsiblePersonSettings> {
    await repo.upsertResponsiblePerson(scope.db, input, scope.ctx.userId, this.deps.clock.now());
    return this.responsiblePerson(scope);
  }

  /** Who signs: refused, naming each missing field, until the four are set. */
  private async signatory(scope: Scope): Promise<Form16Signatory> {
    const saved = await this.responsiblePerson(scope);
    const keys = ['name', 'fatherName', 'designation', 'place'] as const;
    const missing = keys.filter((k) => !saved[k]?.trim());
    if (missing.length > 0) throw badRequest(FORM16_MSG.responsiblePersonMissing(missing.map((k) => FORM16_PERSON_FIELD_LABELS[k])));
    const person = saved as Form16ResponsiblePerson;
    return { person, signedOn: dateInZone(this.deps.clock.now(), scope.ctx.timeZone) };
  }

  private async employer(scope: Scope): Promise<Form16PartBEmployer> {
    const row = await repo.findEmployer(scope.db);
    return { name: row?.name ?? '', address: row?.address ?? null, pan: row?.pan ?? null, tan: row?.tan ?? null };
  }

  /** One employee's Part B. */
  async generateOne(scope: Scope, employeeId: string, financialYear: string): Promise<Form16Record> {
    const { start, taxYear } = this.year(scope, financialYear);
    if (!(await formRepo.findEmployee(scope.db, employeeId))) throw notFound(FORM16_MSG.employeeNotFound);
    const employees = await repo.findYearEmployees(scope.db, start, [employeeId]);
    if (employees.length === 0) throw badRequest(FORM16_MSG.partBNoPayroll);
    const existing = await repo.findPartBs(scope.db, start, [employeeId]);
    if (existing.some((x) => x.kind === 'uploaded')) throw conflict(FORM16_MSG.partBUploaded);
    const signatory = await this.signatory(scope);
    const parts = await this.figures(scope, start, taxYear, employees);
    const { ids } = await this.storeAll(scope, start, parts, await this.employer(scope), signatory, existing);
    const row = await formRepo.findForm(scope.db, ids.get(employeeId) ?? '');
    if (!row) throw new Error('generated Part B not found');
    return { id: row.id, employeeId: row.userId, formType: row.formType, formTypeName: form16TypeLabel(row.formType), financialYear: form16YearLabel(row.financialYearStart), dateCreated: row.createdAt.toISOString(), fileSize: row.sizeBytes, kind: 'generated' };
  }

  /** Everyone with finalized payroll in the year ("one click"), in chunks of reads. */
  async generateAll(scope: Scope, financialYear: string): Promise<Form16GenerateResult> {
    const { start, taxYear } = this.year(scope, financialYear);
    const employees = await repo.findYearEmployees(scope.db, start);
    if (employees.length === 0) throw badRequest(FORM16_MSG.partBNoPayrollAll);
    const signatory = await this.signatory(scope);
    const employer = await this.employer(scope);
    const result: Form16GenerateResult = { financialYear, employees: employees.length, generated: 0, replaced: 0, keptUploaded: 0 };
    for (let i = 0; i < employees.length; i += CHUNK) {
      const chunk = employees.slice(i, i + CHUNK);
      const existing = await repo.findPartBs(scope.db, start, chunk.map((e) => e.id));
      const uploaded = new Set(existing.filter((x) => x.kind === 'uploaded').map((x) => x.userId));
      result.keptUploaded += uploaded.size;
      const parts = await this.figures(scope, start, taxYear, chunk.filter((e) => !uploaded.has(e.id)));
      const stored = await this.storeAll(scope, start, parts, employer, signatory, existing);
      result.generated += stored.ids.size;
      result.replaced += stored.replaced;
    }
    return result;
  }
}
