import { randomBytes } from 'node:crypto';
import { checkLogoDimensions, formatFileSize, LOGO_MAX_BYTES, LOGO_MESSAGES, dateInZone } from '@tankha/domain';
import { MSG, Role, UserStatus, type CompletionStatus, type Organization, type OrganizationInput } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import { inspectImage } from '../../platform/files/images';
import type { UploadedFile } from '../../platform/files/multipart';
import type { Enqueue } from '../../platform/jobs/jobs';
import type { AccountScope, GlobalScope, Scope } from '../../platform/tenancy';
import * as repo from './tenants.repo';
import { provisionPayrollDefaults } from '../salary/salary.defaults';
import { provisionLeaveDefaults } from '../leave/leave.defaults';
import { provisionAttendanceDefaults } from '../attendance-settings/attendance.defaults';
import { provisionEmploymentSettingDefaults } from '../employment-settings/employment-settings.defaults';
import { recordAudit } from '../../platform/audit/record';


export const LOGO_URL_PREFIX = '/backend/api/files/logos/';

export function logoUrlOf(logoKey: string | null): string | null {
  return logoKey ? LOGO_URL_PREFIX + logoKey.replace(/^logos\//, '') : null;
}

const TRIAL_PLAN_CODE = 'trial';

export class TenantService {
  constructor(private readonly deps: { clock: Clock; files: FileStorage; config: Pick<Config, 'TRIAL_DAYS'> }) {}

  async getOrganization({ db: tdb }: Scope): Promise<Organization> {
    const tenant = await repo.findTenant(tdb);
    if (!tenant) throw notFound();
    const settings = await repo.findSettings(tdb);
    return toOrganization(tenant, settings);
  }

  async updateOrganization(scope: Scope, input: OrganizationInput, logo: UploadedFile | null): Promise<Organization> {
    const { db: tdb, tenantId, enqueue } = scope;
    const before = await repo.findTenant(tdb);
    const logoKey = logo ? await this.storeLogo(tenantId, logo, enqueue) : undefined;
    const previous = logoKey ? ((await repo.findTenant(tdb))?.logoKey ?? null) : null;
    const now = this.deps.clock.now();
    const tenant = await repo.updateTenant(tdb, {
      ...organizationValues(input),
      ...(logoKey ? { logoKey } : {}),
      orgDetailsCompletedAt: now,
      updatedAt: now,
    });
    if (!tenant) throw notFound();
    if (previous) enqueue('files.removed', { storageKey: previous });
    await recordAudit(scope, { entity: 'Organization', entityId: tenantId, action: 'Update', before: before ? { ...before, updatedAt: undefined, orgDetailsCompletedAt: undefined } : null, after: { ...tenant, updatedAt: undefined, orgDetailsCompletedAt: undefined } });
    return toOrganization(tenant, await repo.findSettings(tdb));
  }

  /**
   * Creates an organisation with its owner as Administrator and a trial (registration and 'Add
   * Organization'), in the caller's global transaction: the organisation row as the owner role, its
   * own rows as the new tenant.
   */
  async provisionOrganization(
    scope: GlobalScope,
    input: { name: string; owner: { accountId: string; email: string; firstName: string; lastName: string; active: boolean }; details?: OrganizationInput },
  ): Promise<{ tenantId: string; userId: string }> {
    const now = this.deps.clock.now();
    const tenant = await repo.insertTenant(scope.global, {
      name: input.name,
      ...(input.details ? { ...organizationValues(input.details), orgDetailsCompletedAt: now } : {}),
    });
    const trial = await repo.findPlanByCode(scope.global, TRIAL_PLAN_CODE);
    if (!trial) throw new Error('reference data missing: trial plan');
    const userId = await scope.asTenant(tenant.id, async ({ db: tdb }) => {
      const ownerId = await repo.insertOwner(tdb, {
        accountId: input.owner.accountId,
        email: input.owner.email,
        firstName: input.owner.firstName,
        lastName: input.owner.lastName,
        status: input.owner.active ? UserStatus.Active : UserStatus.PendingEmailVerification,
        employeeNumber: 'EMP001',
        dateOfJoining: dateInZone(now, tenant.timeZone),
      });
      // A new organisation computes PF and ESI on wages under the labour codes, chosen the day it is created.
      await provisionPayrollDefaults(tdb.tx, tdb.tenantId, { professionalTaxState: null, wageBase: { wageBase: 'codes', wageBaseSince: dateInZone(now, tenant.timeZone) } });
      await provisionLeaveDefaults(tdb.tx, tdb.tenantId);
      await provisionAttendanceDefaults(tdb.tx, tdb.tenantId);
      await provisionEmploymentSettingDefaults(tdb.tx, tdb.tenantId);
      await repo.insertSubscription(tdb, {
        planId: trial.id,
        status: 'active',
        isTrial: true,
        quantity: 1,
        startAt: now,
        endAt: new Date(now.getTime() + this.deps.config.TRIAL_DAYS * 86_400_000),
      });
      return ownerId;
    });
    return { tenantId: tenant.id, userId };
  }

  /**
   * 'Add Organization' for the signed-in account: the organisation, its owner membership, its trial
   * and its logo in the one global transaction, so a rejected logo leaves no organisation behind.
   */
  async createOrganization(scope: AccountScope, owner: { email: string; firstName: string; lastName: string }, input: OrganizationInput, logo: UploadedFile | null) {
    const created = await this.provisionOrganization(scope, { name: input.tenantName, owner: { accountId: scope.ctx.accountId, ...owner, active: true }, details: input });
    // A rejected logo throws here, and the whole organisation goes with the transaction.
    if (logo) {
      const logoKey = await this.storeLogo(created.tenantId, logo, scope.enqueue);
      await scope.asTenant(created.tenantId, ({ db: tdb }) => repo.updateTenant(tdb, { logoKey }));
    }
    return { id: created.tenantId, tenantName: input.tenantName };
  }

  /**
   * The one rule for every call that names an organisation by ?tenantId (logos, settings, soft
   * delete, reactivate): the caller must hold an ACTIVE Administrator membership of that
   * organisation — a pending or deactivated membership, or another role, is refused even when the
   * caller is signed in elsewhere. Without ?tenantId the call is about the signed-in organisation,
   * whose role the route's permission has already checked.
   */
  private async resolveTarget({ global, ctx }: AccountScope, tenantId: string | undefined): Promise<string> {
    if (tenantId === undefined) return ctx.tenantId;
    const membership = await repo.findAdminMembership(global, ctx.accountId, tenantId);
    if (!membership || membership.roleId !== Role.Administrator || membership.status !== UserStatus.Active) throw forbidden();
    return tenantId;
  }

  async uploadLogo(scope: AccountScope, tenantId: string | undefined, logo: UploadedFile | null): Promise<{ logoUrl: string | null }> {
    const target = await this.resolveTarget(scope, tenantId);
    if (!logo) throw badRequest(LOGO_MESSAGES.selectFirst, { logo: LOGO_MESSAGES.selectFirst });
    const logoKey = await this.storeLogo(target, logo, scope.enqueue);
    const previous = await scope.asTenant(target, async ({ db: tdb }) => {
      const before = await repo.findTenant(tdb);
      await repo.updateTenant(tdb, { logoKey, updatedAt: this.deps.clock.now() });
      return before?.logoKey ?? null;
    });
    // The replaced logo goes after the commit: a rolled-back change keeps the logo it still shows.
    if (previous) scope.enqueue('files.removed', { storageKey: previous });
    return { logoUrl: logoUrlOf(logoKey) };
  }

  async deleteLogo({ db: tdb, enqueue }: Scope): Promise<{ logoUrl: null }> {
    const before = await repo.findTenant(tdb);
    await repo.updateTenant(tdb, { logoKey: null, updatedAt: this.deps.clock.now() });
    const previous = before?.logoKey ?? null;
    if (previous) enqueue('files.removed', { storageKey: previous });
    return { logoUrl: null };
  }

  /**
   * Checks the upload by size and content (never by name alone) and stores it under a pending name;
   * returns its key. The caller writes the key in its transaction, which also carries the job
   * 'files.stored' that promotes the bytes after the commit (no orphan on a crash).
   */
  private async storeLogo(tenantId: string, logo: UploadedFile, enqueue: Enqueue): Promise<string> {
    if (logo.truncated || logo.bytes.length > LOGO_MAX_BYTES) {
      const size = formatFileSize(Math.max(logo.bytes.length, LOGO_MAX_BYTES + 1));
      throw badRequest(LOGO_MESSAGES.tooLarge(size), { logo: LOGO_MESSAGES.tooLarge(size) });
    }
    const image = inspectImage(logo.bytes, ['png', 'jpg', 'gif', 'webp']);
    if (!image) {
      const message = logo.mimetype.startsWith('image/') ? LOGO_MESSAGES.unreadable : LOGO_MESSAGES.badType(logo.mimetype);
      throw badRequest(message, { logo: message });
    }
    const dimensions = checkLogoDimensions({ width: image.width, height: image.height });
    if (!dimensions.ok) throw badRequest(dimensions.message, { logo: dimensions.message });
    const key = `logos/${tenantId}-${randomBytes(8).toString('hex')}.${image.kind}`;
    await this.deps.files.putPending(key, logo.bytes);
    enqueue('files.stored', { storageKey: key });
    return key;
  }

  /** The hourly sweep of logo files (the job 'files.sweep'). */
  sweepLogoFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, 'logos/', this.deps.clock.now(), (keys) => repo.findKnownLogoKeys(global, keys));
  }

  async readLogo(name: string): Promise<{ bytes: Buffer; mimeType: string } | null> {
    if (!/^[0-9a-f-]{36}-[0-9a-f]{16}\.(png|jpg|gif|webp)$/.test(name)) return null;
    const bytes = await this.deps.files.get(`logos/${name}`);
    if (!bytes) return null;
    const image = inspectImage(bytes, ['png', 'jpg', 'gif', 'webp']);
    return image ? { bytes, mimeType: image.mimeType } : null;
  }

  async softDelete(scope: AccountScope, tenantId: string): Promise<void> {
    const target = await this.resolveTarget(scope, tenantId);
    await repo.setTenantDeleted(scope.global, target, this.deps.clock.now());
  }

  async reactivate(scope: AccountScope, tenantId: string): Promise<void> {
    const target = await this.resolveTarget(scope, tenantId);
    await repo.setTenantDeleted(scope.global, target, null);
  }

  async getSettings(scope: AccountScope, tenantId: string | undefined) {
    const target = await this.resolveTarget(scope, tenantId);
    return scope.asTenant(target, async ({ db: tdb }) => {
      const row = await repo.findSettings(tdb);
      return row ? { workingHours: row.workingHours, weekDaysOff: row.weekDaysOff.join(',') } : null;
    });
  }

  async saveSettings(scope: AccountScope, tenantId: string | undefined, input: { workingHours: number; weekDaysOff: string[] }) {
    const target = await this.resolveTarget(scope, tenantId);
    return scope.asTenant(target, async ({ db: tdb }) => {
      const row = await repo.upsertSettings(tdb, input, this.deps.clock.now());
      if (!row) throw new AppError(500, 'INTERNAL_ERROR', MSG.orgCreatedSettingsFailed);
      return { workingHours: row.workingHours, weekDaysOff: row.weekDaysOff.join(',') };
    });
  }

  async completionStatus({ db: tdb }: Scope): Promise<CompletionStatus> {
    // Asked on every page load by the setup guard: one query.
    return repo.findCompletionStatus(tdb);
  }
}

function organizationValues(input: OrganizationInput): repo.TenantValues {
  return {
    name: input.tenantName,
    address: input.address,
    pan: input.pan,
    tan: input.tan,
    gstNumber: input.gstNumber,
    cinNumber: input.cinNumber,
    llpinNumber: input.llpinNumber,
    businessType: input.businessType ?? null,
    legalCompanyName: input.legalCompanyName || null,
    industry: input.industry ?? null,
    teamSize: input.teamSize ?? null,
  };
}

function toOrganization(tenant: repo.TenantRow, settings: { workingHours: number; weekDaysOff: string[] } | undefined): Organization {
  return {
    id: tenant.id,
    tenantName: tenant.name,
    address: tenant.address,
    tan: tenant.tan,
    pan: tenant.pan,
    gstNumber: tenant.gstNumber,
    cinNumber: tenant.cinNumber,
    llpinNumber: tenant.llpinNumber,
    businessType: tenant.businessType as Organization['businessType'],
    legalCompanyName: tenant.legalCompanyName,
    industry: tenant.industry as Organization['industry'],
    teamSize: tenant.teamSize as Organization['teamSize'],
    workingHours: settings?.workingHours ?? null,
    weekDaysOff: (settings?.weekDaysOff ?? []) as Organization['weekDaysOff'],
    logoUrl: logoUrlOf(tenant.logoKey),
    timeZone: tenant.timeZone,
    createdAt: tenant.createdAt.toISOString(),
  };
}
