import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { fromJsonColumn } from '../../db/json';
import { taxDeclarationDeductions, taxDeclarationHomeLoans, taxDeclarationHouseRents, taxDeclarationLetOuts, taxDeclarations, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export type DeclarationRow = typeof taxDeclarations.$inferSelect;
export type HouseRentRow = typeof taxDeclarationHouseRents.$inferSelect;
export type LetOutRow = typeof taxDeclarationLetOuts.$inferSelect;
export type HomeLoanRow = typeof taxDeclarationHomeLoans.$inferSelect;
export type DeductionRow = typeof taxDeclarationDeductions.$inferSelect;

/** A declaration with its sections, as one unit. */
export interface DeclarationAggregate {
  declaration: DeclarationRow;
  rents: HouseRentRow[];
  letOuts: LetOutRow[];
  loans: HomeLoanRow[];
  deductions: DeductionRow[];
  submittedByName: string | null;
}

export type DeclarationWrite = Omit<typeof taxDeclarations.$inferInsert, 'id' | 'tenantId' | 'userId' | 'financialYearStart'>;

const own = (tdb: TenantDb) => eq(taxDeclarations.tenantId, tdb.tenantId);

export interface EmployeeRow {
  id: string;
  firstName: string;
  lastName: string;
  dateOfJoining: string | null;
  dateOfBirth: string | null;
  regimeType: number;
}

export async function findEmployee(tdb: TenantDb, userId: string): Promise<EmployeeRow | undefined> {
  const [row] = await tdb.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, dateOfJoining: users.dateOfJoining, dateOfBirth: users.dateOfBirth, regimeType: users.regimeType })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row;
}

async function loadSections(tdb: TenantDb, declaration: DeclarationRow): Promise<DeclarationAggregate> {
  const id = declaration.id;
  const rents = await tdb.tx.select().from(taxDeclarationHouseRents).where(eq(taxDeclarationHouseRents.declarationId, id)).orderBy(asc(taxDeclarationHouseRents.seq));
  const letOuts = await tdb.tx.select().from(taxDeclarationLetOuts).where(eq(taxDeclarationLetOuts.declarationId, id)).orderBy(asc(taxDeclarationLetOuts.seq));
  const loans = await tdb.tx.select().from(taxDeclarationHomeLoans).where(eq(taxDeclarationHomeLoans.declarationId, id));
  const deductions = await tdb.tx.select().from(taxDeclarationDeductions).where(eq(taxDeclarationDeductions.declarationId, id)).orderBy(asc(taxDeclarationDeductions.seq));
  const submitter = declaration.submittedBy
    ? await tdb.tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, declaration.submittedBy))
    : [];
  const s = submitter[0];
  return { declaration, rents, letOuts, loans, deductions, submittedByName: s ? `${s.firstName} ${s.lastName}`.trim() : null };
}

export async function findDeclaration(tdb: TenantDb, userId: string, financialYearStart: number): Promise<DeclarationAggregate | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(taxDeclarations)
    .where(and(own(tdb), eq(taxDeclarations.userId, userId), eq(taxDeclarations.financialYearStart, financialYearStart)));
  return row ? loadSections(tdb, row) : undefined;
}

export async function findDeclarationById(tdb: TenantDb, id: string, forUpdate = false): Promise<DeclarationAggregate | undefined> {
  const q = tdb.tx.select().from(taxDeclarations).where(and(own(tdb), eq(taxDeclarations.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ? loadSections(tdb, row) : undefined;
}

/** Creates the declaration of (employee, year), or answers undefined when one exists already (unique key). */
export async function insertDeclaration(tdb: TenantDb, userId: string, financialYearStart: number, values: DeclarationWrite): Promise<string | undefined> {
  const [row] = await tdb.tx
    .insert(taxDeclarations)
    .values({ ...values, tenantId: tdb.tenantId, userId, financialYearStart })
    .onConflictDoNothing({ target: [taxDeclarations.tenantId, taxDeclarations.userId, taxDeclarations.financialYearStart] })
    .returning({ id: taxDeclarations.id });
  return row?.id;
}

export async function updateDeclaration(tdb: TenantDb, id: string, values: Partial<DeclarationWrite>): Promise<void> {
  await tdb.tx.update(taxDeclarations).set(values).where(and(own(tdb), eq(taxDeclarations.id, id)));
}

export type RentWrite = Omit<typeof taxDeclarationHouseRents.$inferInsert, 'tenantId' | 'declarationId'>;
export type LetOutWrite = Omit<typeof taxDeclarationLetOuts.$inferInsert, 'tenantId' | 'declarationId'>;
export type LoanWrite = Omit<typeof taxDeclarationHomeLoans.$inferInsert, 'tenantId' | 'declarationId'>;
export type DeductionWrite = Omit<typeof taxDeclarationDeductions.$inferInsert, 'tenantId' | 'declarationId'>;

/**
 * The sections of a declaration as the form sent them: rows kept by id are updated in place (their
 * proof and review fields stay), new ones inserted, the rest deleted.
 */
export async function replaceSections(
  tdb: TenantDb,
  declarationId: string,
  sections: { rents: RentWrite[]; letOuts: (LetOutWrite & { loan: LoanWrite | null })[]; selfOccupiedLoan: LoanWrite | null; deductions: DeductionWrite[] },
): Promise<void> {
  const t = tdb.tenantId;
  type Child = typeof taxDeclarationHouseRents | typeof taxDeclarationLetOuts | typeof taxDeclarationDeductions;
  const keep = async (table: Child, ids: string[]) => {
    const t0 = table as typeof taxDeclarationDeductions;
    const existing = await tdb.tx.select({ id: t0.id }).from(t0).where(eq(t0.declarationId, declarationId));
    const gone = existing.map((r) => r.id).filter((id) => !ids.includes(id));
    if (gone.length > 0) await tdb.tx.delete(t0).where(and(eq(t0.declarationId, declarationId), inArray(t0.id, gone)));
    return new Set(existing.map((r) => r.id));
  };

  const rentIds = await keep(taxDeclarationHouseRents, sections.rents.flatMap((r) => (r.id ? [r.id] : [])));
  for (const r of sections.rents) {
    if (r.id && rentIds.has(r.id)) await tdb.tx.update(taxDeclarationHouseRents).set(r).where(and(eq(taxDeclarationHouseRents.declarationId, declarationId), eq(taxDeclarationHouseRents.id, r.id)));
    else await tdb.tx.insert(taxDeclarationHouseRents).values({ ...r, id: undefined, tenantId: t, declarationId });
  }

  const letOutIds = await keep(taxDeclarationLetOuts, sections.letOuts.flatMap((r) => (r.id ? [r.id] : [])));
  for (const { loan, ...p } of sections.letOuts) {
    let id = p.id && letOutIds.has(p.id) ? p.id : undefined;
    if (id) await tdb.tx.update(taxDeclarationLetOuts).set(p).where(and(eq(taxDeclarationLetOuts.declarationId, declarationId), eq(taxDeclarationLetOuts.id, id)));
    else id = (await tdb.tx.insert(taxDeclarationLetOuts).values({ ...p, id: undefined, tenantId: t, declarationId }).returning({ id: taxDeclarationLetOuts.id }))[0]?.id;
    if (!id) throw new Error('let-out property not written');
    await upsertLoan(tdb, declarationId, id, loan);
  }
  await upsertLoan(tdb, declarationId, null, sections.selfOccupiedLoan);

  const deductionIds = await keep(taxDeclarationDeductions, sections.deductions.flatMap((r) => (r.id ? [r.id] : [])));
  const fresh: DeductionWrite[] = [];
  for (const d of sections.deductions) {
    if (d.id && deductionIds.has(d.id)) await tdb.tx.update(taxDeclarationDeductions).set(d).where(and(eq(taxDeclarationDeductions.declarationId, declarationId), eq(taxDeclarationDeductions.id, d.id)));
    else fresh.push({ ...d, id: undefined });
  }
  if (fresh.length > 0) await tdb.tx.insert(taxDeclarationDeductions).values(fresh.map((d) => ({ ...d, tenantId: t, declarationId })));
}

/** The home loan of a let-out property (letOutId) or of the self-occupied home (null): written, or removed when `loan` is null. */
async function upsertLoan(tdb: TenantDb, declarationId: string, letOutId: string | null, loan: LoanWrite | null): Promise<void> {
  const where = and(eq(taxDeclarationHomeLoans.declarationId, declarationId), letOutId ? eq(taxDeclarationHomeLoans.letOutId, letOutId) : sql`${taxDeclarationHomeLoans.letOutId} IS NULL`);
  const [existing] = await tdb.tx.select({ id: taxDeclarationHomeLoans.id }).from(taxDeclarationHomeLoans).where(where);
  if (!loan) {
    if (existing) await tdb.tx.delete(taxDeclarationHomeLoans).where(eq(taxDeclarationHomeLoans.id, existing.id));
    return;
  }
  if (existing) await tdb.tx.update(taxDeclarationHomeLoans).set({ ...loan, id: existing.id, letOutId }).where(eq(taxDeclarationHomeLoans.id, existing.id));
  else await tdb.tx.insert(taxDeclarationHomeLoans).values({ ...loan, id: undefined, tenantId: tdb.tenantId, declarationId, letOutId });
}

/** json_agg rows come back with the columns' snake_case names. */
type Snake = Record<string, unknown>;

function camel(row: Snake): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

/**
 * The declarations of many employees for a year with all their sections, in ONE query (the payroll
 * run reads a chunk's declarations this way).
 */
export async function findDeclarationsOfUsers(
  tdb: TenantDb,
  userIds: readonly string[],
  financialYearStart: number,
): Promise<{ declarations: Map<string, DeclarationAggregate>; poiFromMonth: number | null }> {
  if (userIds.length === 0) return { declarations: new Map(), poiFromMonth: null };
  // raw SQL: one statement per payroll chunk, the sections folded in with json_agg.
  const rows = await queryRows<{ declaration: Snake; rents: Snake[]; letOuts: Snake[]; loans: Snake[]; deductions: Snake[]; poiFromMonth: number | null }>(
    tdb.tx,
    sql`
    SELECT row_to_json(d) AS declaration,
           COALESCE((SELECT json_agg(r ORDER BY r.seq) FROM tax_declaration_house_rents r WHERE r.declaration_id = d.id), '[]') AS rents,
           COALESCE((SELECT json_agg(p ORDER BY p.seq) FROM tax_declaration_let_outs p WHERE p.declaration_id = d.id), '[]') AS "letOuts",
           COALESCE((SELECT json_agg(l) FROM tax_declaration_home_loans l WHERE l.declaration_id = d.id), '[]') AS loans,
           COALESCE((SELECT json_agg(x ORDER BY x.seq) FROM tax_declaration_deductions x WHERE x.declaration_id = d.id), '[]') AS deductions,
           (SELECT w.process_payroll_from_month FROM tax_windows w
             WHERE w.tenant_id = d.tenant_id AND w.kind = 'poi' AND w.financial_year_start = d.financial_year_start) AS "poiFromMonth"
      FROM tax_declarations d
     WHERE d.tenant_id = ${tdb.tenantId} AND d.financial_year_start = ${financialYearStart}
       AND d.user_id IN (${sql.join(
         userIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`,
  );
  const out = new Map<string, DeclarationAggregate>();
  let poiFromMonth: number | null = null;
  for (const r of rows) {
    poiFromMonth = r.poiFromMonth === null ? null : Number(r.poiFromMonth);
    const declaration = camel(fromJsonColumn<Snake>(r.declaration)) as unknown as DeclarationRow;
    out.set(declaration.userId, {
      declaration,
      rents: fromJsonColumn<Snake[]>(r.rents).map((x) => camel(x) as unknown as HouseRentRow),
      letOuts: fromJsonColumn<Snake[]>(r.letOuts).map((x) => camel(x) as unknown as LetOutRow),
      loans: fromJsonColumn<Snake[]>(r.loans).map((x) => camel(x) as unknown as HomeLoanRow),
      deductions: fromJsonColumn<Snake[]>(r.deductions).map((x) => camel(x) as unknown as DeductionRow),
      submittedByName: null,
    });
  }
  return { declarations: out, poiFromMonth };
}

/** Of `userIds`, those with a submitted declaration (or POI form) for the year: reminders skip them. */
export async function findSubmitted(tdb: TenantDb, kind: 'declaration' | 'poi', financialYearStart: number, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tdb.tx
    .select({ userId: taxDeclarations.userId })
    .from(taxDeclarations)
    .where(
      and(
        own(tdb),
        eq(taxDeclarations.financialYearStart, financialYearStart),
        inArray(taxDeclarations.userId, [...userIds]),
        kind === 'declaration' ? eq(taxDeclarations.isSubmitted, true) : eq(taxDeclarations.isPoiFormSubmitted, true),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}
