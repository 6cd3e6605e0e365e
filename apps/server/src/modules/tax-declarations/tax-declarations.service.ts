import {
  DEFAULT_IT_REMINDER_BODY,
  DEFAULT_IT_REMINDER_SUBJECT,
  DEFAULT_POI_REMINDER_BODY,
  DEFAULT_POI_REMINDER_SUBJECT,
  ErrorCode,
  POI_DEFAULT_REGIME_TYPE,
  TAX_WINDOW_MSG,
  TaxWindowStatus,
  type HelpDocumentKey,
  type ItDeclarationConfig,
  type ItDeclarationConfigInput,
  type ItDeclarationStatus,
  type ItReminder,
  type PoiConfig,
  type PoiConfigInput,
  type PoiReminder,
  type PoiStatus,
  type SenderContact,
  type TaxReminderDraft,
  type TaxYearQuery,
} from '@tankha/contracts';
import {
  DEFAULT_TAX_REMINDER_DAYS,
  MAX_TAX_REMINDERS,
  REMINDER_SEND_HOUR,
  checkLockDate,
  dateInZone,
  dueReminders,
  fillTaxReminderTemplate,
  financialYearStartOf,
  hourInZone,
  isWindowOpen,
  taxReminderValues,
  type TaxWindowKind,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { GlobalScope, Scope, TenantScope } from '../../platform/tenancy';
import type { PreferencesService } from '../preferences/preferences.service';
import { NO_DECLARATIONS_YET, type DeclarationStatusSource } from './declaration-status';
import { helpDocument } from './help-documents';
import { isBlankBody, sanitizeReminderBody } from './reminder-html';
import { EMPLOYEE_WINDOW_PATH, noticeMail, reminderMail } from './tax-window-mail';
import * as repo from './tax-declarations.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** The 15-minute schedule: organisations whose 06:00 has come and that have a reminder due or a window past its lock date. */
    'taxWindows.schedule': Record<string, never>;
    /** One organisation's run at `now` (ISO): lock windows past their lock date, send the reminders due today. */
    'taxWindows.tenant': { now: string };
    /** A window's release or lock notice to every active employee; `event` is 'released:<instant>' or 'locked:<instant>'. */
    'taxWindows.notice': { windowId: string; event: string };
  }
}

/** At most this many reminder e-mails per transaction; the rest go in a follow-up job. */
const MAX_MAILS_PER_RUN = 500;

/** Platform §9: the Calcutta zone name is remapped to Kolkata. */
function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone || timeZone === 'Asia/Calcutta') return 'Asia/Kolkata';
  return timeZone;
}

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const taxYearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;

const KIND_MSG = {
  declaration: { saved: TAX_WINDOW_MSG.itSaved, updated: TAX_WINDOW_MSG.itUpdated, locked: TAX_WINDOW_MSG.itLocked, alreadyLocked: TAX_WINDOW_MSG.itAlreadyLocked, notFound: TAX_WINDOW_MSG.itConfigNotFound, tooEarly: TAX_WINDOW_MSG.itLockDateTooEarly },
  poi: { saved: TAX_WINDOW_MSG.poiSaved, updated: TAX_WINDOW_MSG.poiUpdated, locked: TAX_WINDOW_MSG.poiLocked, alreadyLocked: TAX_WINDOW_MSG.poiAlreadyLocked, notFound: TAX_WINDOW_MSG.poiConfigNotFound, tooEarly: TAX_WINDOW_MSG.poiLockDateTooEarly },
} as const;

const DEFAULT_REMINDER: Record<TaxWindowKind, { subject: string; body: string }> = {
  declaration: { subject: DEFAULT_IT_REMINDER_SUBJECT, body: DEFAULT_IT_REMINDER_BODY },
  poi: { subject: DEFAULT_POI_REMINDER_SUBJECT, body: DEFAULT_POI_REMINDER_BODY },
};

/** One window as other modules see it (the employee declaration, proofs, review and the payroll run). */
export interface TaxWindowView {
  configId: string | null;
  /** Released by an administrator and not locked since (it may still be past its lock date). */
  released: boolean;
  /** Not usable by employees: never released, locked, or past its lock date. */
  locked: boolean;
  /** The last day employees may submit. */
  lockDate: string | null;
  allowRegimeSwitch: boolean;
}

/** The declaration and proof windows of one organisation and financial year. */
export interface TaxWindowState {
  financialYearStart: number;
  financialYearEnd: number;
  declaration: TaxWindowView & { allowTdsModificationExceedCalculatedAmount: boolean };
  poi: TaxWindowView & {
    allowTdsModificationDuringPayroll: boolean;
    canTdsExceedAnnualLimit: boolean;
    mandateInvestmentProofAttachments: boolean;
    mandateReviewerCommentsForPartialApproval: boolean;
    /** 1–12: the payroll month from which approved proofs change TDS; null before the first release. */
    processPayrollFromMonth: number | null;
  };
  /** Regime switching is allowed by either open window (payroll spec §4 "Regime"). */
  regimeSwitchAllowed: boolean;
}

type ConfigInput = (ItDeclarationConfigInput | PoiConfigInput) & { reminders?: TaxReminderDraft[] };

/**
 * The income-tax declaration and proof-of-investment windows (payroll spec §2–§8):
 * release with a lock date and switches, lock (by hand, or by the 06:00 schedule after the
 * lock date), reminders with sanitised rich-text bodies sent once per employee and day, release and
 * lock notices. `windowState` is the API the declaration, proof and review modules build on.
 */
export class TaxWindowService {
  private submissions: DeclarationStatusSource;
  /** Organisations this process scheduled today, with what was due (tenant id → key): saves jobs. */
  private readonly scheduled = new Map<string, string>();

  constructor(private readonly deps: { clock: Clock; config: Pick<Config, 'APP_URL'>; preferences: Pick<PreferencesService, 'primaryContact'>; submissions?: DeclarationStatusSource }) {
    this.submissions = deps.submissions ?? NO_DECLARATIONS_YET;
  }

  /** The declaration module, once it exists, tells reminders who has submitted (see declaration-status.ts). */
  connectDeclarationStatus(source: DeclarationStatusSource): void {
    this.submissions = source;
  }

  /** Whether an employee has submitted for the window (every employee counts as not submitted until declarations exist). */
  async hasSubmitted(scope: TenantScope, kind: TaxWindowKind, financialYearStart: number, userId: string): Promise<boolean> {
    return (await this.submissions.submittedAmong(scope, kind, financialYearStart, [userId])).has(userId);
  }

  // ---- Today, years and the window state ----------------------------------------------------------

  private async todayOf(scope: TenantScope & { ctx?: { timeZone: string } }): Promise<string> {
    const zone = scope.ctx ? scope.ctx.timeZone : (await repo.findTenant(scope.db))?.timeZone;
    return dateInZone(this.deps.clock.now(), zoneOf(zone));
  }

  private async yearOf(scope: Scope, query: TaxYearQuery): Promise<number> {
    return query.financialYearStart ?? financialYearStartOf(await this.todayOf(scope));
  }

  /**
   * Both windows of a financial year (default: the current one in the organisation's zone). Other
   * modules ask this before accepting a declaration or proof, and the payroll run before using them.
   */
  async windowState(scope: TenantScope & { ctx?: { timeZone: string } }, financialYearStart?: number): Promise<TaxWindowState> {
    const today = await this.todayOf(scope);
    const year = financialYearStart ?? financialYearStartOf(today);
    const it = await repo.findWindow(scope.db, 'declaration', year);
    const poi = await repo.findWindow(scope.db, 'poi', year);
    const view = (row: repo.WindowRow | undefined): TaxWindowView => ({
      configId: row?.id ?? null,
      released: row?.status === TaxWindowStatus.Released,
      locked: !row || !isWindowOpen({ released: row.status === TaxWindowStatus.Released, lockDate: row.lockDate }, today),
      lockDate: row?.lockDate ?? null,
      allowRegimeSwitch: row?.allowRegimeSwitch ?? false,
    });
    const declaration = { ...view(it), allowTdsModificationExceedCalculatedAmount: it?.allowTdsModificationExceedCalculatedAmount ?? false };
    const proofs = {
      ...view(poi),
      allowTdsModificationDuringPayroll: poi?.allowTdsModificationDuringPayroll ?? false,
      canTdsExceedAnnualLimit: poi?.canTdsExceedAnnualLimit ?? false,
      mandateInvestmentProofAttachments: poi?.mandateInvestmentProofAttachments ?? false,
      mandateReviewerCommentsForPartialApproval: poi?.mandateReviewerComments ?? false,
      processPayrollFromMonth: poi?.processPayrollFromMonth ?? null,
    };
    return {
      financialYearStart: year,
      financialYearEnd: year + 1,
      declaration,
      poi: proofs,
      regimeSwitchAllowed: (!declaration.locked && declaration.allowRegimeSwitch) || (!proofs.locked && proofs.allowRegimeSwitch),
    };
  }

  // ---- Status (every role) ---------------------------------------------------------------------

  async itStatus(scope: Scope, query: TaxYearQuery): Promise<ItDeclarationStatus> {
    const state = await this.windowState(scope, await this.yearOf(scope, query));
    const w = state.declaration;
    return {
      status: w.locked ? TaxWindowStatus.Locked : TaxWindowStatus.Released,
      configId: w.configId,
      lockDate: w.lockDate,
      allowRegimeSwitch: w.allowRegimeSwitch,
      allowTdsModificationExceedCalculatedAmount: w.allowTdsModificationExceedCalculatedAmount,
      financialYearStart: state.financialYearStart,
      financialYearEnd: state.financialYearEnd,
    };
  }

  async poiStatus(scope: Scope, query: TaxYearQuery): Promise<PoiStatus> {
    const state = await this.windowState(scope, await this.yearOf(scope, query));
    const w = state.poi;
    return {
      status: w.locked ? TaxWindowStatus.Locked : TaxWindowStatus.Released,
      configId: w.configId,
      lockDate: w.lockDate,
      allowRegimeSwitch: w.allowRegimeSwitch,
      isPOIFormSubmitted: await this.hasSubmitted(scope, 'poi', state.financialYearStart, scope.ctx.userId),
      financialYearStart: state.financialYearStart,
      financialYearEnd: state.financialYearEnd,
    };
  }

  // ---- Configurations (administrators) ------------------------------------------------------------

  async getItConfig(scope: Scope, query: TaxYearQuery): Promise<ItDeclarationConfig | null> {
    const row = await repo.findWindow(scope.db, 'declaration', await this.yearOf(scope, query));
    return row ? this.toItConfig(scope, row) : null;
  }

  async getPoiConfig(scope: Scope, query: TaxYearQuery): Promise<PoiConfig | null> {
    const row = await repo.findWindow(scope.db, 'poi', await this.yearOf(scope, query));
    return row ? this.toPoiConfig(scope, row) : null;
  }

  async saveItConfig(scope: Scope, input: ItDeclarationConfigInput): Promise<{ config: ItDeclarationConfig; message: string }> {
    const { row, created } = await this.saveWindow(scope, 'declaration', input);
    return { config: await this.toItConfig(scope, row), message: created ? TAX_WINDOW_MSG.itSaved : TAX_WINDOW_MSG.itUpdated };
  }

  async savePoiConfig(scope: Scope, input: PoiConfigInput): Promise<{ config: PoiConfig; message: string }> {
    const { row, created } = await this.saveWindow(scope, 'poi', input);
    return { config: await this.toPoiConfig(scope, row), message: created ? TAX_WINDOW_MSG.poiSaved : TAX_WINDOW_MSG.poiUpdated };
  }

  async lockIt(scope: Scope, id: string): Promise<ItDeclarationConfig> {
    return this.toItConfig(scope, await this.lockByHand(scope, 'declaration', id));
  }

  async lockPoi(scope: Scope, id: string): Promise<PoiConfig> {
    return this.toPoiConfig(scope, await this.lockByHand(scope, 'poi', id));
  }

  /**
   * Save = release (payroll spec §4 "Locked to Released by saving and releasing"): creates the
   * window of the year or updates it, status Released, with the lock date checked against today in
   * the organisation's zone. A new window gets its reminders (the ones sent, or the two defaults).
   */
  private async saveWindow(scope: Scope, kind: TaxWindowKind, input: ConfigInput): Promise<{ row: repo.WindowRow; created: boolean }> {
    const msg = KIND_MSG[kind];
    const now = this.deps.clock.now();
    const today = await this.todayOf(scope);
    const currentYear = financialYearStartOf(today);
    if (input.financialYearStart !== currentYear && input.financialYearStart !== currentYear + 1) {
      throw badRequest(TAX_WINDOW_MSG.financialYearNotOpen, { financialYearStart: TAX_WINDOW_MSG.financialYearNotOpen });
    }
    const lockProblem = checkLockDate(kind, input.endDate, today);
    if (lockProblem) {
      const text = lockProblem === 'required' ? TAX_WINDOW_MSG.lockDateRequired : lockProblem === 'outsideMonth' ? TAX_WINDOW_MSG.lockDateOutsideMonth : msg.tooEarly;
      throw badRequest(text, { endDate: text });
    }
    const lockDate = input.endDate as string;
    const poi = kind === 'poi' ? (input as PoiConfigInput) : null;
    if (poi && !poi.processPayrollFromMonth) throw badRequest(TAX_WINDOW_MSG.monthRequired, { processPayrollFromMonth: TAX_WINDOW_MSG.monthRequired });

    let existing = input.id ? await repo.findWindowById(scope.db, kind, input.id) : await repo.findWindow(scope.db, kind, input.financialYearStart);
    if (input.id && !existing) throw notFound(msg.notFound);
    if (existing && existing.financialYearStart !== input.financialYearStart) throw badRequest(TAX_WINDOW_MSG.configIdMismatch, { id: TAX_WINDOW_MSG.configIdMismatch });
    if (existing && input.reminders !== undefined) throw badRequest(TAX_WINDOW_MSG.remindersOnlyOnCreate, { reminders: TAX_WINDOW_MSG.remindersOnlyOnCreate });
    const drafts = existing ? [] : this.reminderDrafts(kind, input.reminders);

    const values: repo.WindowWrite = {
      status: TaxWindowStatus.Released,
      lockDate,
      allowRegimeSwitch: input.allowRegimeSwitch ?? false,
      notifyOnRelease: input.notifyOnRelease ?? false,
      enableReminderEmails: input.enableReminderEmails ?? false,
      notifyOnLock: input.notifyOnLock ?? false,
      updatedAt: now,
      ...(kind === 'declaration'
        ? { allowTdsModificationExceedCalculatedAmount: (input as ItDeclarationConfigInput).allowTdsModificationExceedCalculatedAmount ?? false }
        : {
            allowTdsModificationDuringPayroll: poi?.allowTdsModificationDuringPayroll ?? false,
            // Payroll spec §5: the TDS-exceed option exists only while TDS modification during payroll is allowed.
            canTdsExceedAnnualLimit: (poi?.allowTdsModificationDuringPayroll ?? false) && (poi?.canTdsExceedAnnualLimit ?? false),
            mandateInvestmentProofAttachments: poi?.mandateInvestmentProofAttachments ?? false,
            mandateReviewerComments: poi?.mandateReviewerCommentsForPartialApproval ?? false,
            processPayrollFromMonth: Number(poi?.processPayrollFromMonth),
          }),
    };
    const release = { releasedOn: today, releasedAt: now, releasedBy: scope.ctx.userId, lockedAt: null, lockedBy: null };

    let created = false;
    let windowId: string;
    if (!existing) {
      const inserted = await repo.insertWindow(scope.db, kind, input.financialYearStart, { ...values, ...release, createdAt: now } as repo.WindowWrite);
      if (inserted) {
        created = true;
        windowId = inserted;
        await repo.insertReminders(scope.db, windowId, drafts, now);
      } else {
        // Another administrator released it a moment ago: this save updates theirs.
        existing = await repo.findWindow(scope.db, kind, input.financialYearStart);
        if (!existing) throw new Error('tax window vanished between insert and read');
      }
    }
    let reopened = created;
    if (existing) {
      windowId = existing.id;
      await repo.lockWindowRow(scope.db, windowId);
      const current = (await repo.findWindowById(scope.db, kind, windowId)) ?? existing;
      // Released again after a lock (or after its lock date passed): a new release.
      reopened = !isWindowOpen({ released: current.status === TaxWindowStatus.Released, lockDate: current.lockDate }, today);
      await repo.updateWindow(scope.db, windowId, { ...values, ...(reopened ? release : {}) });
    }
    await this.applyReminderSwitch(scope, windowId!, values.enableReminderEmails ?? false, now, { fromConfig: true });
    if (reopened && values.notifyOnRelease) scope.enqueue('taxWindows.notice', { windowId: windowId!, event: `released:${now.toISOString()}` });
    const row = await repo.findWindowById(scope.db, kind, windowId!);
    if (!row) throw new Error('saved tax window not found');
    return { row, created };
  }

  /**
   * Payroll spec §4 "Reminders": unticking 'Enable e-mail reminder' disables every reminder (on the
   * configuration's save); ticked with no reminder enabled, the switch goes back to off (after every
   * save of the configuration or of a reminder, and after a delete), so "reminders on" always means
   * at least one reminder will be sent.
   */
  private async applyReminderSwitch(scope: TenantScope, windowId: string, enableReminderEmails: boolean, now: Date, options: { fromConfig: boolean }): Promise<void> {
    if (!enableReminderEmails) {
      if (options.fromConfig) await repo.disableReminders(scope.db, windowId, now);
      return;
    }
    const reminders = await repo.findReminders(scope.db, [windowId]);
    if (!reminders.some((r) => r.isEnabled)) await repo.updateWindow(scope.db, windowId, { enableReminderEmails: false });
  }

  private reminderDrafts(kind: TaxWindowKind, drafts: TaxReminderDraft[] | undefined): repo.ReminderWrite[] {
    if (!drafts || drafts.length === 0) {
      // Payroll spec §4: "When none exist, two defaults are created: 5 days and 1 day, both enabled."
      return DEFAULT_TAX_REMINDER_DAYS.map((days) => ({ daysBeforeLockDate: days, isEnabled: true, subject: DEFAULT_REMINDER[kind].subject, body: sanitizeReminderBody(DEFAULT_REMINDER[kind].body) }));
    }
    const seen = new Set<number>();
    return drafts.map((d, i) => {
      if (seen.has(d.daysBeforeLockDate)) throw badRequest(TAX_WINDOW_MSG.reminderDuplicateDays(d.daysBeforeLockDate), { [`reminders.${String(i)}.daysBeforeLockDate`]: TAX_WINDOW_MSG.reminderDuplicateDays(d.daysBeforeLockDate) });
      seen.add(d.daysBeforeLockDate);
      const body = sanitizeReminderBody(d.body);
      if (isBlankBody(body)) throw badRequest(TAX_WINDOW_MSG.reminderBodyRequired, { [`reminders.${String(i)}.body`]: TAX_WINDOW_MSG.reminderBodyRequired });
      return { daysBeforeLockDate: d.daysBeforeLockDate, isEnabled: d.isEnabled, subject: d.subject, body };
    });
  }

  private async lockByHand(scope: Scope, kind: TaxWindowKind, id: string): Promise<repo.WindowRow> {
    const msg = KIND_MSG[kind];
    const window = await repo.findWindowById(scope.db, kind, id);
    if (!window) throw notFound(msg.notFound);
    await repo.lockWindowRow(scope.db, id);
    const now = this.deps.clock.now();
    if (!(await repo.lockWindow(scope.db, id, { lockedAt: now, lockedBy: scope.ctx.userId }))) {
      throw new AppError(409, ErrorCode.Conflict, msg.alreadyLocked);
    }
    if (window.notifyOnLock) scope.enqueue('taxWindows.notice', { windowId: id, event: `locked:${now.toISOString()}` });
    const row = await repo.findWindowById(scope.db, kind, id);
    if (!row) throw new Error('locked tax window not found');
    return row;
  }

  // ---- Reminders ---------------------------------------------------------------------------------

  async listItReminders(scope: Scope, configId: string): Promise<ItReminder[]> {
    const window = await this.windowOrNotFound(scope, 'declaration', configId);
    return (await repo.findReminders(scope.db, [window.id])).map(toItReminder);
  }

  async listPoiReminders(scope: Scope, configId: string): Promise<PoiReminder[]> {
    const window = await this.windowOrNotFound(scope, 'poi', configId);
    return (await repo.findReminders(scope.db, [window.id])).map(toPoiReminder);
  }

  async saveItReminder(scope: Scope, input: { id?: string | undefined; itDeclarationConfigId: string } & TaxReminderDraft): Promise<ItReminder> {
    return toItReminder(await this.saveReminder(scope, 'declaration', input.itDeclarationConfigId, input.id, input));
  }

  async savePoiReminder(scope: Scope, input: { poiReminderId?: string | undefined; poiConfigId: string } & TaxReminderDraft): Promise<PoiReminder> {
    return toPoiReminder(await this.saveReminder(scope, 'poi', input.poiConfigId, input.poiReminderId, input));
  }

  async deleteReminder(scope: Scope, kind: TaxWindowKind, id: string): Promise<void> {
    const reminder = await repo.findReminder(scope.db, id);
    const window = reminder ? await repo.findWindowById(scope.db, kind, reminder.windowId) : undefined;
    if (!reminder || !window) throw notFound(TAX_WINDOW_MSG.reminderNotFound);
    await repo.lockWindowRow(scope.db, window.id);
    await repo.deleteReminder(scope.db, id);
    await this.applyReminderSwitch(scope, window.id, window.enableReminderEmails, this.deps.clock.now(), { fromConfig: false });
  }

  private async windowOrNotFound(scope: TenantScope, kind: TaxWindowKind, id: string): Promise<repo.WindowRow> {
    const window = await repo.findWindowById(scope.db, kind, id);
    if (!window) throw notFound(KIND_MSG[kind].notFound);
    return window;
  }

  /** Create (no id) or update: at most 4 a window, one per number of days, the body sanitised before it is stored. */
  private async saveReminder(scope: Scope, kind: TaxWindowKind, configId: string, id: string | undefined, draft: TaxReminderDraft): Promise<repo.ReminderRow> {
    const window = await this.windowOrNotFound(scope, kind, configId);
    await repo.lockWindowRow(scope.db, window.id);
    const body = sanitizeReminderBody(draft.body);
    if (isBlankBody(body)) throw badRequest(TAX_WINDOW_MSG.reminderBodyRequired, { body: TAX_WINDOW_MSG.reminderBodyRequired });
    const reminders = await repo.findReminders(scope.db, [window.id]);
    if (id !== undefined && !reminders.some((r) => r.id === id)) throw notFound(TAX_WINDOW_MSG.reminderNotFound);
    if (id === undefined && reminders.length >= MAX_TAX_REMINDERS) throw badRequest(TAX_WINDOW_MSG.reminderLimit);
    if (reminders.some((r) => r.id !== id && r.daysBeforeLockDate === draft.daysBeforeLockDate)) {
      const text = TAX_WINDOW_MSG.reminderDuplicateDays(draft.daysBeforeLockDate);
      throw badRequest(text, { daysBeforeLockDate: text });
    }
    const now = this.deps.clock.now();
    const write = { daysBeforeLockDate: draft.daysBeforeLockDate, isEnabled: draft.isEnabled, subject: draft.subject, body };
    let reminderId = id;
    if (reminderId === undefined) [reminderId] = await repo.insertReminders(scope.db, window.id, [write], now);
    else await repo.updateReminder(scope.db, reminderId, write, now);
    await this.applyReminderSwitch(scope, window.id, window.enableReminderEmails, now, { fromConfig: false });
    const saved = reminderId === undefined ? undefined : await repo.findReminder(scope.db, reminderId);
    if (!saved) throw new Error('saved reminder not found');
    return saved;
  }

  // ---- Wire shapes -------------------------------------------------------------------------------

  private async effectiveStatus(scope: Scope, row: repo.WindowRow): Promise<0 | 1> {
    const open = isWindowOpen({ released: row.status === TaxWindowStatus.Released, lockDate: row.lockDate }, await this.todayOf(scope));
    return open ? TaxWindowStatus.Released : TaxWindowStatus.Locked;
  }

  private async common(scope: Scope, row: repo.WindowRow) {
    return {
      id: row.id,
      startDate: row.releasedOn,
      endDate: row.lockDate,
      status: await this.effectiveStatus(scope, row),
      financialYearStart: row.financialYearStart,
      financialYearEnd: row.financialYearStart + 1,
      allowRegimeSwitch: row.allowRegimeSwitch,
      notifyOnRelease: row.notifyOnRelease,
      enableReminderEmails: row.enableReminderEmails,
      notifyOnLock: row.notifyOnLock,
      lockedAt: row.lockedAt ? row.lockedAt.toISOString() : null,
      lockedByName: row.lockedByName,
    };
  }

  private async toItConfig(scope: Scope, row: repo.WindowRow): Promise<ItDeclarationConfig> {
    const reminders = await repo.findReminders(scope.db, [row.id]);
    return { ...(await this.common(scope, row)), allowTdsModificationExceedCalculatedAmount: row.allowTdsModificationExceedCalculatedAmount, reminders: reminders.map(toItReminder) };
  }

  private async toPoiConfig(scope: Scope, row: repo.WindowRow): Promise<PoiConfig> {
    const reminders = await repo.findReminders(scope.db, [row.id]);
    return {
      ...(await this.common(scope, row)),
      allowTdsModificationDuringPayroll: row.allowTdsModificationDuringPayroll,
      mandateInvestmentProofAttachments: row.mandateInvestmentProofAttachments,
      mandateReviewerCommentsForPartialApproval: row.mandateReviewerComments,
      canTdsExceedAnnualLimit: row.canTdsExceedAnnualLimit,
      defaultRegimeType: POI_DEFAULT_REGIME_TYPE,
      processPayrollFromMonth: String(row.processPayrollFromMonth ?? 1).padStart(2, '0'),
      reminders: reminders.map(toPoiReminder),
    };
  }

  // ---- Help documents ----------------------------------------------------------------------------

  helpDocument(key: HelpDocumentKey): Promise<{ fileName: string; bytes: Buffer }> {
    return helpDocument(key);
  }

  // ---- The schedule and the e-mails ----------------------------------------------------------------

  /**
   * The 15-minute schedule (a cron in UTC; 06:00 falls on a quarter hour in every zone we serve): an
   * organisation gets one 'taxWindows.tenant' job when its local time is 06:00 or later and it has
   * a released window past its lock date or a reminder due today. This process remembers what it
   * scheduled, so the next ticks add no job unless something new became due (a reminder saved
   * later the same day). Sending once is the tenant job's business, not the schedule's.
   */
  async scheduleWindows(scope: GlobalScope, now: Date): Promise<number> {
    const candidates = await repo.findScheduleCandidates(scope.global);
    const due = new Map<string, { keys: string[]; today: string }>();
    for (const c of candidates) {
      const zone = zoneOf(c.timeZone);
      if (hourInZone(now, zone) < REMINDER_SEND_HOUR) continue;
      const today = dateInZone(now, zone);
      const keys: string[] = [];
      if (c.lockDate < today) keys.push(`lock:${c.windowId}`);
      for (const d of dueReminders({ released: true, lockDate: c.lockDate, enableReminderEmails: c.enableReminderEmails, reminders: c.reminders }, now, zone)) keys.push(`reminder:${d.reminder.id}`);
      if (keys.length === 0) continue;
      const entry = due.get(c.tenantId) ?? { keys: [], today };
      entry.keys.push(...keys);
      due.set(c.tenantId, entry);
    }
    let enqueued = 0;
    for (const [tenantId, { keys, today }] of due) {
      const key = `${today}|${keys.sort().join(',')}`;
      if (this.scheduled.get(tenantId) === key) continue;
      await scope.asTenant(tenantId, async (tenantScope) => tenantScope.enqueue('taxWindows.tenant', { now: now.toISOString() }));
      this.scheduled.set(tenantId, key);
      enqueued += 1;
    }
    return enqueued;
  }

  /**
   * One organisation's 'taxWindows.tenant' job at `now`: windows past their lock date are locked
   * (with the lock notice when asked for), then each reminder due today goes to every active
   * employee who has not submitted and has not had it today. The delivery rows and the e-mails
   * commit together; a second run (another process, a retry, the next tick) finds the rows and
   * sends nothing. Answers what it did.
   */
  async runTenantSchedule(scope: TenantScope, now: Date): Promise<{ locked: number; sent: number }> {
    const tenant = await repo.findTenant(scope.db);
    if (!tenant) return { locked: 0, sent: 0 };
    const zone = zoneOf(tenant.timeZone);
    if (hourInZone(now, zone) < REMINDER_SEND_HOUR) return { locked: 0, sent: 0 };
    const today = dateInZone(now, zone);

    let locked = 0;
    for (const w of await repo.findReleasedPastLockDate(scope.db, today)) {
      if (!(await repo.lockWindow(scope.db, w.id, { lockedAt: now, lockedBy: null }))) continue;
      locked += 1;
      if (w.notifyOnLock) scope.enqueue('taxWindows.notice', { windowId: w.id, event: `locked:${now.toISOString()}` });
    }

    const windows = await repo.findWindowsWithReminders(scope.db, today);
    const reminders = await repo.findReminders(
      scope.db,
      windows.map((w) => w.id),
    );
    const due = windows.flatMap((w) =>
      dueReminders({ released: true, lockDate: w.lockDate, enableReminderEmails: w.enableReminderEmails, reminders: reminders.filter((r) => r.windowId === w.id) }, now, zone).map((d) => ({ window: w, ...d })),
    );
    // An organisation that switched e-mail off gets none (as payslip e-mails).
    if (due.length === 0 || !tenant.isEmailEnabled) return { locked, sent: 0 };

    const recipients = await repo.findRecipients(scope.db, today);
    const contact = await this.deps.preferences.primaryContact(scope);
    let sent = 0;
    for (const { window, reminder, dueDate } of due) {
      const kind = window.kind;
      const submitted = await this.submissions.submittedAmong(
        scope,
        kind,
        window.financialYearStart,
        recipients.map((r) => r.userId),
      );
      const delivered = await repo.findDeliveredUserIds(scope.db, reminder.id, dueDate);
      const pending = recipients.filter((r) => !submitted.has(r.userId) && !delivered.has(r.userId)).slice(0, MAX_MAILS_PER_RUN - sent);
      const fresh = await repo.insertDeliveries(
        scope.db,
        reminder.id,
        dueDate,
        pending.map((r) => r.userId),
        now,
      );
      const body = sanitizeReminderBody(reminder.body);
      for (const r of pending) {
        if (!fresh.has(r.userId)) continue;
        const values = taxReminderValues({
          companyName: tenant.name,
          employeeName: `${r.firstName} ${r.lastName}`.trim(),
          financialYearStart: window.financialYearStart,
          lockDate: window.lockDate,
          primaryContactName: contact?.name ?? tenant.name,
        });
        const mail = reminderMail({
          subject: fillTaxReminderTemplate(reminder.subject, values, 'text'),
          bodyHtml: fillTaxReminderTemplate(body, values, 'html'),
          companyName: tenant.name,
          url: `${this.deps.config.APP_URL}${EMPLOYEE_WINDOW_PATH[kind]}`,
        });
        scope.enqueue('mail.send', { to: r.email, ...mail, tenantId: scope.tenantId, ...this.sender(contact) });
        sent += 1;
      }
      if (sent >= MAX_MAILS_PER_RUN) {
        // The rest in a follow-up job (its own transaction), which finds these rows and goes on.
        scope.enqueue('taxWindows.tenant', { now: now.toISOString() });
        break;
      }
    }
    return { locked, sent };
  }

  /** Reminders and notices come from the primary contact: their name, replies to their address. */
  private sender(contact: SenderContact | null): { fromName?: string; replyTo?: string } {
    return contact ? { fromName: contact.name, replyTo: contact.email } : {};
  }

  /** The 'taxWindows.notice' job: the release or lock notice to every active employee, once per event. */
  async sendNotice(scope: TenantScope, data: { windowId: string; event: string }): Promise<number> {
    const tenant = await repo.findTenant(scope.db);
    if (!tenant?.isEmailEnabled) return 0;
    const window = (await repo.findWindowById(scope.db, 'declaration', data.windowId)) ?? (await repo.findWindowById(scope.db, 'poi', data.windowId));
    if (!window) return 0;
    const today = dateInZone(this.deps.clock.now(), zoneOf(tenant.timeZone));
    const recipients = await repo.findRecipients(scope.db, today);
    const fresh = await repo.insertNotices(
      scope.db,
      window.id,
      data.event,
      recipients.map((r) => r.userId),
      this.deps.clock.now(),
    );
    const contact = await this.deps.preferences.primaryContact(scope);
    const event = data.event.startsWith('released') ? 'released' : 'locked';
    let sent = 0;
    for (const r of recipients) {
      if (!fresh.has(r.userId)) continue;
      const mail = noticeMail({
        kind: window.kind,
        event,
        firstName: r.firstName,
        companyName: tenant.name,
        taxYear: taxYearLabel(window.financialYearStart),
        lockDate: ddmmyyyy(window.lockDate),
        url: `${this.deps.config.APP_URL}${EMPLOYEE_WINDOW_PATH[window.kind]}`,
      });
      scope.enqueue('mail.send', { to: r.email, ...mail, tenantId: scope.tenantId, ...this.sender(contact) });
      sent += 1;
    }
    return sent;
  }
}

function toItReminder(r: repo.ReminderRow): ItReminder {
  return { id: r.id, itDeclarationConfigId: r.windowId, daysBeforeLockDate: r.daysBeforeLockDate, isEnabled: r.isEnabled, subject: r.subject, body: r.body };
}

function toPoiReminder(r: repo.ReminderRow): PoiReminder {
  return { poiReminderId: r.id, poiConfigId: r.windowId, daysBeforeLockDate: r.daysBeforeLockDate, isEnabled: r.isEnabled, subject: r.subject, body: r.body };
}
