import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  attendanceDays,
  bankDetailChanges,
  dataRetentionSettings,
  departments,
  employeeSkills,
  exitRequests,
  exitSettlements,
  files,
  form16Documents,
  leaveBalanceEntries,
  leaveBalances,
  leaveRequests,
  loanRecoveries,
  loans,
  notifications,
  payslipDocuments,
  payslipLines,
  payslips,
  personalDataErasures,
  reimbursementRequests,
  requests,
  salaryRevisions,
  skills,
  taxDeclarationComments,
  taxDeclarationDeductions,
  taxDeclarationHomeLoans,
  taxDeclarationHouseRents,
  taxDeclarationLetOuts,
  taxDeclarationProofs,
  taxDeclarations,
  timeLogs,
  userDeductions,
  userDocuments,
  userEarnings,
  userFieldValues,
  userFields,
  userFieldOptions,
  users,
  workLocations,
} from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/**
 * Everything the organisation holds about one person, read for their data export (DPDP Act 2023 s.11),
 * and the erasure of a relieved employee's personal data (s.12). Reads other modules' tables directly:
 * the export is a cross-cutting read of one person's rows, and asking twenty services for them would
 * add twenty "everything about X" functions used only here (docs/decisions/incoming-h30-datarights.md).
 */

type Row = Record<string, unknown>;

/** Rows without the organisation's id (the same for every row) or generated columns. */
function clean<T extends Row>(rows: T[]): Row[] {
  return rows.map(({ tenantId: _tenantId, searchText: _searchText, ...rest }) => rest);
}

export interface ExportFile {
  /** Where it goes in the ZIP, under files/. */
  folder: 'payslips' | 'form16' | 'proofs' | 'documents' | 'reimbursements';
  /** Names the file in the ZIP (a month, a year, an id). */
  label: string;
  fileId: string;
  storageKey: string;
  originalName: string;
  mimeType: string;
}

export async function findProfile(tdb: TenantDb, userId: string) {
  const [row] = await tdb.tx
    .select({ user: users, departmentName: departments.name, workLocationName: workLocations.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(workLocations, eq(workLocations.id, users.workLocationId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row ?? null;
}

export async function findManagerName(tdb: TenantDb, managerId: string): Promise<string | null> {
  const [row] = await tdb.tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, managerId)));
  return row ? `${row.firstName} ${row.lastName}` : null;
}

/** The person's own rows of every table that holds them, by the JSON file they go in. */
export async function findPersonalRecords(tdb: TenantDb, userId: string): Promise<Record<string, Row>> {
  const t = tdb.tenantId;
  const fieldValues = await tdb.tx
    .select({ field: userFields.name, option: userFieldOptions.label, value: userFieldValues.fieldValue })
    .from(userFieldValues)
    .innerJoin(userFields, eq(userFields.id, userFieldValues.userFieldId))
    .leftJoin(userFieldOptions, eq(userFieldOptions.id, userFieldValues.optionId))
    .where(and(eq(userFieldValues.tenantId, t), eq(userFieldValues.userId, userId)));
  const skillRows = await tdb.tx
    .select({ name: skills.name })
    .from(employeeSkills)
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(and(eq(employeeSkills.tenantId, t), eq(employeeSkills.userId, userId)));
  const earnings = await tdb.tx.select().from(userEarnings).where(and(eq(userEarnings.tenantId, t), eq(userEarnings.userId, userId)));
  const deductions = await tdb.tx.select().from(userDeductions).where(and(eq(userDeductions.tenantId, t), eq(userDeductions.userId, userId)));

  const days = await tdb.tx.select().from(attendanceDays).where(and(eq(attendanceDays.tenantId, t), eq(attendanceDays.userId, userId))).orderBy(asc(attendanceDays.workDate));
  const logs = await tdb.tx.select().from(timeLogs).where(and(eq(timeLogs.tenantId, t), eq(timeLogs.userId, userId))).orderBy(asc(timeLogs.checkIn));
  const leave = await tdb.tx.select().from(leaveRequests).where(and(eq(leaveRequests.tenantId, t), eq(leaveRequests.userId, userId))).orderBy(asc(leaveRequests.startDate));
  const balances = await tdb.tx.select().from(leaveBalances).where(and(eq(leaveBalances.tenantId, t), eq(leaveBalances.userId, userId)));
  const balanceEntries = await tdb.tx.select().from(leaveBalanceEntries).where(and(eq(leaveBalanceEntries.tenantId, t), eq(leaveBalanceEntries.userId, userId))).orderBy(asc(leaveBalanceEntries.createdAt));
  const regularizations = await tdb.tx.select().from(requests).where(and(eq(requests.tenantId, t), eq(requests.userId, userId))).orderBy(asc(requests.createdAt));

  const slips = await tdb.tx.select().from(payslips).where(and(eq(payslips.tenantId, t), eq(payslips.userId, userId))).orderBy(asc(payslips.month));
  const lines = slips.length
    ? await tdb.tx
        .select()
        .from(payslipLines)
        .where(
          and(
            eq(payslipLines.tenantId, t),
            inArray(
              payslipLines.payslipId,
              slips.map((s) => s.id),
            ),
          ),
        )
        .orderBy(asc(payslipLines.payslipId), asc(payslipLines.seq))
    : [];
  const revisions = await tdb.tx.select().from(salaryRevisions).where(and(eq(salaryRevisions.tenantId, t), eq(salaryRevisions.userId, userId))).orderBy(asc(salaryRevisions.effectiveFrom));

  const declarations = await tdb.tx.select().from(taxDeclarations).where(and(eq(taxDeclarations.tenantId, t), eq(taxDeclarations.userId, userId))).orderBy(asc(taxDeclarations.financialYearStart));
  const declarationIds = declarations.map((d) => d.id);
  const ofDeclarations = async <T extends typeof taxDeclarationHouseRents | typeof taxDeclarationLetOuts | typeof taxDeclarationHomeLoans | typeof taxDeclarationDeductions | typeof taxDeclarationProofs | typeof taxDeclarationComments>(table: T) =>
    declarationIds.length ? clean((await tdb.tx.select().from(table as typeof taxDeclarationHouseRents).where(and(eq(table.tenantId, t), inArray(table.declarationId, declarationIds)))) as Row[]) : [];

  const claims = await tdb.tx.select().from(reimbursementRequests).where(and(eq(reimbursementRequests.tenantId, t), eq(reimbursementRequests.userId, userId))).orderBy(asc(reimbursementRequests.createdAt));
  const loanRows = await tdb.tx.select().from(loans).where(and(eq(loans.tenantId, t), eq(loans.userId, userId)));
  const recoveries = await tdb.tx.select().from(loanRecoveries).where(and(eq(loanRecoveries.tenantId, t), eq(loanRecoveries.userId, userId))).orderBy(asc(loanRecoveries.month));
  const documents = await tdb.tx
    .select({ id: userDocuments.id, documentType: userDocuments.documentType, fileName: files.originalName, mimeType: files.mimeType, sizeBytes: files.sizeBytes, createdAt: userDocuments.createdAt })
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .where(and(eq(userDocuments.tenantId, t), eq(userDocuments.userId, userId)));
  const form16 = await tdb.tx.select().from(form16Documents).where(and(eq(form16Documents.tenantId, t), eq(form16Documents.userId, userId))).orderBy(asc(form16Documents.financialYearStart));
  const exits = await tdb.tx.select().from(exitRequests).where(and(eq(exitRequests.tenantId, t), eq(exitRequests.userId, userId))).orderBy(asc(exitRequests.createdAt));
  const settlements = await tdb.tx.select().from(exitSettlements).where(and(eq(exitSettlements.tenantId, t), eq(exitSettlements.userId, userId)));

  return {
    'employment.json': { customFields: fieldValues, skills: skillRows.map((s) => s.name), salaryEarnings: clean(earnings), salaryDeductions: clean(deductions) },
    'attendance.json': { days: clean(days), timeLogs: clean(logs) },
    'leave.json': { requests: clean(leave), balances: clean(balances), balanceEntries: clean(balanceEntries) },
    'regularization-requests.json': { requests: clean(regularizations) },
    'payslips.json': {
      payslips: clean(slips).map((s) => ({ ...s, lines: clean(lines.filter((l) => l.payslipId === s.id)).map(({ payslipId: _p, ...l }) => l) })),
    },
    'salary-revisions.json': { revisions: clean(revisions) },
    'tax-declarations.json': {
      declarations: clean(declarations),
      houseRents: await ofDeclarations(taxDeclarationHouseRents),
      letOuts: await ofDeclarations(taxDeclarationLetOuts),
      homeLoans: await ofDeclarations(taxDeclarationHomeLoans),
      deductions: await ofDeclarations(taxDeclarationDeductions),
      proofs: await ofDeclarations(taxDeclarationProofs),
      comments: await ofDeclarations(taxDeclarationComments),
    },
    'reimbursements.json': { claims: clean(claims) },
    'loans.json': { loans: clean(loanRows), recoveries: clean(recoveries) },
    'documents.json': { documents },
    'form16.json': { documents: clean(form16) },
    'exit.json': { exitRequests: clean(exits), settlements: clean(settlements) },
  };
}

/** The stored files that are the person's: payslip PDFs, Form 16, proofs, documents, receipts. */
export async function findPersonalFiles(tdb: TenantDb, userId: string): Promise<ExportFile[]> {
  const t = tdb.tenantId;
  const cols = { fileId: files.id, storageKey: files.storageKey, originalName: files.originalName, mimeType: files.mimeType };
  const slipFiles = await tdb.tx
    .select({ ...cols, label: payslips.month })
    .from(payslipDocuments)
    .innerJoin(payslips, eq(payslips.id, payslipDocuments.payslipId))
    .innerJoin(files, eq(files.id, payslipDocuments.fileId))
    .where(and(eq(payslipDocuments.tenantId, t), eq(payslips.userId, userId)))
    .orderBy(asc(payslips.month));
  const form16Files = await tdb.tx
    .select({ ...cols, label: sql<string>`${form16Documents.financialYearStart}::text || '-form' || ${form16Documents.formType}::text` })
    .from(form16Documents)
    .innerJoin(files, eq(files.id, form16Documents.fileId))
    .where(and(eq(form16Documents.tenantId, t), eq(form16Documents.userId, userId)));
  const proofFiles = await tdb.tx
    .select({ ...cols, label: sql<string>`${taxDeclarations.financialYearStart}::text || '-' || ${taxDeclarationProofs.itemId}` })
    .from(taxDeclarationProofs)
    .innerJoin(taxDeclarations, eq(taxDeclarations.id, taxDeclarationProofs.declarationId))
    .innerJoin(files, eq(files.id, taxDeclarationProofs.fileId))
    .where(and(eq(taxDeclarationProofs.tenantId, t), eq(taxDeclarations.userId, userId)));
  const documentFiles = await tdb.tx
    .select({ ...cols, label: sql<string>`'type' || ${userDocuments.documentType}::text` })
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .where(and(eq(userDocuments.tenantId, t), eq(userDocuments.userId, userId)));
  const receiptFiles = await tdb.tx
    .select({ ...cols, label: sql<string>`to_char(${reimbursementRequests.createdAt}, 'YYYY-MM-DD')` })
    .from(reimbursementRequests)
    .innerJoin(files, eq(files.id, reimbursementRequests.receiptFileId))
    .where(and(eq(reimbursementRequests.tenantId, t), eq(reimbursementRequests.userId, userId), isNotNull(reimbursementRequests.receiptFileId)));
  return [
    ...slipFiles.map((f) => ({ ...f, folder: 'payslips' as const })),
    ...form16Files.map((f) => ({ ...f, folder: 'form16' as const })),
    ...proofFiles.map((f) => ({ ...f, folder: 'proofs' as const })),
    ...documentFiles.map((f) => ({ ...f, folder: 'documents' as const })),
    ...receiptFiles.map((f) => ({ ...f, folder: 'reimbursements' as const })),
  ];
}

// --- Retention settings and erasure ---------------------------------------------------------------

export async function findRetentionYears(tdb: TenantDb): Promise<number | null> {
  const [row] = await tdb.tx.select({ years: dataRetentionSettings.retentionYears }).from(dataRetentionSettings).where(eq(dataRetentionSettings.tenantId, tdb.tenantId));
  return row?.years ?? null;
}

export async function upsertRetentionYears(tdb: TenantDb, years: number, now: Date): Promise<void> {
  await tdb.tx
    .insert(dataRetentionSettings)
    .values({ tenantId: tdb.tenantId, retentionYears: years, updatedAt: now })
    .onConflictDoUpdate({ target: dataRetentionSettings.tenantId, set: { retentionYears: years, updatedAt: now } });
}

export async function findErasureTarget(tdb: TenantDb, userId: string) {
  const [row] = await tdb.tx
    .select({ id: users.id, dateOfLeaving: users.dateOfLeaving, accountId: users.accountId, imageKey: users.imageKey, erasedAt: personalDataErasures.erasedAt })
    .from(users)
    .leftJoin(personalDataErasures, and(eq(personalDataErasures.tenantId, users.tenantId), eq(personalDataErasures.userId, users.id)))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row ?? null;
}

/** The profile fields an erasure clears (ERASURE_ERASED in the contract), as the column values after it. */
export function erasedProfileFields(userId: string) {
  return {
    email: `erased-${userId}@erased.invalid`,
    accountId: null,
    status: 2, // UserStatus.Deactivated
    phoneNumber: null,
    personalEmail: null,
    emergencyContact: null,
    address: null,
    maritalStatus: 0,
    marriageDate: null,
    spouseName: null,
    bloodGroup: null,
    experience: null,
    imageKey: null,
    bankAccountNumber: null,
    bankName: null,
    ifscCode: null,
    accountHolderName: null,
  } as const;
}

export async function eraseProfile(tdb: TenantDb, userId: string, now: Date): Promise<void> {
  await tdb.tx
    .update(users)
    .set({ ...erasedProfileFields(userId), updatedAt: now })
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
}

/** Removes the person's uploaded documents and their file rows; answers the storage keys to delete after commit. */
export async function deleteDocuments(tdb: TenantDb, userId: string): Promise<string[]> {
  const rows = await tdb.tx
    .select({ fileId: files.id, storageKey: files.storageKey })
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.userId, userId)));
  if (rows.length === 0) return [];
  // user_documents cascade from files
  await tdb.tx.delete(files).where(
    and(
      eq(files.tenantId, tdb.tenantId),
      inArray(
        files.id,
        rows.map((r) => r.fileId),
      ),
    ),
  );
  return rows.map((r) => r.storageKey);
}

/** Clears where each check-in and check-out was made; the times stay. Answers how many logs had a location. */
export async function clearTimeLogLocations(tdb: TenantDb, userId: string): Promise<number> {
  const cleared = await tdb.tx
    .update(timeLogs)
    .set({
      checkInLatitude: null,
      checkInLongitude: null,
      checkInAccuracyMetres: null,
      checkInDistanceMetres: null,
      checkOutLatitude: null,
      checkOutLongitude: null,
      checkOutAccuracyMetres: null,
      checkOutDistanceMetres: null,
    })
    .where(and(eq(timeLogs.tenantId, tdb.tenantId), eq(timeLogs.userId, userId), or(isNotNull(timeLogs.checkInLatitude), isNotNull(timeLogs.checkOutLatitude))))
    .returning({ id: timeLogs.id });
  return cleared.length;
}

export async function deleteSkillsAndNotifications(tdb: TenantDb, userId: string): Promise<void> {
  await tdb.tx.delete(employeeSkills).where(and(eq(employeeSkills.tenantId, tdb.tenantId), eq(employeeSkills.userId, userId)));
  await tdb.tx.delete(notifications).where(and(eq(notifications.tenantId, tdb.tenantId), eq(notifications.userId, userId)));
  // Requested bank details changes hold account numbers; who asked and decided stays in the audit log (masked).
  await tdb.tx.delete(bankDetailChanges).where(and(eq(bankDetailChanges.tenantId, tdb.tenantId), eq(bankDetailChanges.userId, userId)));
}

export async function deleteUserSessions(tdb: TenantDb, userId: string): Promise<void> {
  // raw SQL: a SECURITY DEFINER function (sessions are a global table the tenant role cannot touch), no table to build from.
  await tdb.tx.execute(sql`SELECT tenant_delete_user_sessions(${userId})`);
}

export async function insertErasure(tdb: TenantDb, userId: string, erasedBy: string, now: Date): Promise<void> {
  await tdb.tx.insert(personalDataErasures).values({ tenantId: tdb.tenantId, userId, erasedBy, erasedAt: now });
}
