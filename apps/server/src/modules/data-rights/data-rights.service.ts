import type { Readable } from 'node:stream';
import { DATA_RIGHTS_MSG, ERASURE_ERASED, ERASURE_KEPT, type DataRetentionSettings, type ErasureStatus } from '@tankha/contracts';
import { RETENTION_YEARS, computeErasureAllowedFrom, dateInZone, formatDisplayDate } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { FileStorage } from '../../platform/files/file-storage';
import { zipStream, type ZipWriterEntry } from '../../platform/files/zip-writer';
import { recordAudit } from '../../platform/audit/record';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Scope, TenantDb } from '../../platform/tenancy';
import * as repo from './data-rights.repo';

const zoneOf = (timeZone: string | null | undefined) => (!timeZone || timeZone === 'Asia/Calcutta' ? 'Asia/Kolkata' : timeZone);

/** A file name safe in a ZIP on every system: no folders, no control or reserved characters. */
function safeName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').replace(/^\.+/, '').slice(-120);
  return cleaned || 'file';
}

const README = `Everything your organisation holds about you in Tankha, as of the time in profile.json (exportedAt).

profile.json                  your record: contact, identifiers (PAN, UAN, PF, ESI), bank account, employment
employment.json               custom fields, skills, salary components
attendance.json               attendance days and time logs (with check-in locations where recorded)
leave.json                    leave requests, balances and their entries
regularization-requests.json  regularization requests
payslips.json                 each payslip's figures (amounts in paise: 100 paise = 1 rupee) and lines
salary-revisions.json         salary revisions
tax-declarations.json         income-tax declarations, their items, proofs (metadata) and comments
reimbursements.json           reimbursement claims
loans.json                    loans and salary advances and their recoveries
documents.json                your uploaded documents (metadata)
form16.json                   Form 16 documents (metadata)
exit.json                     resignation and full-and-final settlement
files/                        the stored files: payslip and Form 16 PDFs, proofs, documents, receipts
                              (a password-protected payslip PDF opens with your payslip password, made from your PAN and date of birth)

Under the Digital Personal Data Protection Act 2023 (s.11) you may ask your organisation for a summary of your
personal data; this file is that summary in full.
`;

export class DataRightsService {
  constructor(private readonly deps: { clock: Clock; files: FileStorage }) {}

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), zoneOf(scope.ctx.timeZone));
  }

  /**
   * The signed-in person's own data as one ZIP: the rows are read (and the export recorded) in the request's
   * transaction; the stored files are read one at a time as the response is sent, after the commit.
   */
  async exportOwn(scope: Scope): Promise<{ fileName: string; stream: Readable }> {
    const userId = scope.ctx.userId;
    const profile = await repo.findProfile(scope.db, userId);
    if (!profile) throw notFound(DATA_RIGHTS_MSG.notFound);
    const now = this.deps.clock.now();
    const { searchText: _searchText, tenantId: _tenantId, ...user } = profile.user;
    const manager = user.reportingManagerId ? await repo.findManagerName(scope.db, user.reportingManagerId) : null;
    const records = await repo.findPersonalRecords(scope.db, userId);
    const stored = await repo.findPersonalFiles(scope.db, userId);
    await recordAudit(scope, { entity: 'PersonalData', entityId: userId, action: 'Export', after: { files: stored.length } });

    const json = (name: string, value: unknown): ZipWriterEntry => ({ name, bytes: () => Promise.resolve(new TextEncoder().encode(JSON.stringify(value, null, 2))) });
    const files = this.deps.files;
    const entries: ZipWriterEntry[] = [
      { name: 'README.txt', bytes: () => Promise.resolve(new TextEncoder().encode(README)) },
      json('profile.json', { exportedAt: now.toISOString(), ...user, department: profile.departmentName, workLocationName: profile.workLocationName, reportingManager: manager }),
      ...Object.entries(records).map(([name, value]) => json(name, value)),
      ...(user.imageKey ? [{ name: 'files/photo', stored: true, bytes: async () => files.get(user.imageKey as string) }] : []),
      ...stored.map((f) => ({
        name: `files/${f.folder}/${safeName(`${f.label}-${f.fileId.slice(0, 8)}-${f.originalName}`)}`,
        stored: f.mimeType === 'application/pdf' || f.mimeType.startsWith('image/'),
        bytes: async () => files.get(f.storageKey),
      })),
    ];
    return { fileName: `my-data-${dateInZone(now, zoneOf(scope.ctx.timeZone))}.zip`, stream: zipStream(entries, now) };
  }

  async settings(scope: Scope): Promise<DataRetentionSettings> {
    return { retentionYears: (await repo.findRetentionYears(scope.db)) ?? RETENTION_YEARS.default };
  }

  async saveSettings(scope: Scope, input: DataRetentionSettings): Promise<DataRetentionSettings> {
    const before = await this.settings(scope);
    await repo.upsertRetentionYears(scope.db, input.retentionYears, this.deps.clock.now());
    await recordAudit(scope, { entity: 'DataRetentionSettings', action: 'Update', before, after: input });
    return input;
  }

  private async retentionYears(tdb: TenantDb): Promise<number> {
    return (await repo.findRetentionYears(tdb)) ?? RETENTION_YEARS.default;
  }

  /** Whether the employee's personal data may be erased today, from when, and what goes and stays. */
  async erasureStatus(scope: Scope, userId: string): Promise<ErasureStatus> {
    const target = await repo.findErasureTarget(scope.db, userId);
    if (!target) throw notFound(DATA_RIGHTS_MSG.notFound);
    const retentionYears = await this.retentionYears(scope.db);
    const today = this.today(scope);
    const relieved = target.dateOfLeaving !== null && target.dateOfLeaving < today;
    const allowedFrom = target.dateOfLeaving ? computeErasureAllowedFrom(target.dateOfLeaving, retentionYears) : null;
    const refusal = target.erasedAt
      ? DATA_RIGHTS_MSG.alreadyErased
      : target.id === scope.ctx.userId
        ? DATA_RIGHTS_MSG.ownErasure
        : !relieved || !allowedFrom
          ? DATA_RIGHTS_MSG.notRelieved
          : today < allowedFrom
            ? DATA_RIGHTS_MSG.retentionNotOver(formatDisplayDate(allowedFrom))
            : null;
    return {
      userId,
      lastWorkingDay: target.dateOfLeaving,
      retentionYears,
      allowedFrom: relieved ? allowedFrom : null,
      allowed: refusal === null,
      refusal,
      erasedAt: target.erasedAt?.toISOString() ?? null,
      erased: [...ERASURE_ERASED],
      kept: [...ERASURE_KEPT],
    };
  }

  /**
   * Erases a relieved employee's personal data once the retention period has passed (ERASURE_ERASED), keeping
   * what the law requires (ERASURE_KEPT). The audit entry names the erased fields, never their values: the
   * log is append-only, so a value written there could never be erased.
   */
  async erase(scope: Scope, userId: string): Promise<void> {
    const status = await this.erasureStatus(scope, userId);
    if (status.refusal) throw status.refusal === DATA_RIGHTS_MSG.ownErasure ? forbidden(status.refusal) : conflict(status.refusal);
    const target = await repo.findErasureTarget(scope.db, userId);
    const now = this.deps.clock.now();
    await repo.eraseProfile(scope.db, userId, now);
    const documentKeys = await repo.deleteDocuments(scope.db, userId);
    const locations = await repo.clearTimeLogLocations(scope.db, userId);
    await repo.deleteSkillsAndNotifications(scope.db, userId);
    await repo.deleteUserSessions(scope.db, userId);
    await repo.insertErasure(scope.db, userId, scope.ctx.userId, now);
    await recordAudit(scope, {
      entity: 'PersonalData',
      entityId: userId,
      action: 'Erase',
      after: { erasedFields: Object.keys(repo.erasedProfileFields(userId)), documentsRemoved: documentKeys.length, timeLogLocationsCleared: locations, retentionYears: status.retentionYears, lastWorkingDay: status.lastWorkingDay },
    });
    // After the commit: the stored files go, and the sign-in account too unless another organisation has it.
    scope.enqueue('users.removed', { accountId: target?.accountId ?? null, storageKeys: [...documentKeys, ...(target?.imageKey ? [target.imageKey] : [])] });
  }
}
