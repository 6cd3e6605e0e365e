import type { LoginThrottle } from '../../platform/auth/login-throttle';
import {
  ErrorCode,
  MSG,
  Role,
  UserStatus,
  featuresForRole,
  parseFeatureKeys,
  type Register,
  type AcceptInvite,
  type ResetPassword,
  type RoleId,
  type SessionUser,
  type TenantChoice,
  type UpdatePassword,
} from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound, refuseKeepingWork, unauthorized } from '../../platform/errors';
import { recordAudit } from '../../platform/audit/record';
import { DUMMY_HASH, hashPassword, isPublicPassword, verifyPassword } from '../../platform/auth/passwords';
import { hashOneTimeToken, newOneTimeToken, type TokenService } from '../../platform/auth/tokens';
import { resetPasswordEmail, verificationEmail } from '../../platform/mail/templates';
import type { AccountScope, GlobalDb, GlobalScope, Scope } from '../../platform/tenancy';
import type { TenantService } from '../tenants/tenants.service';
import { logoUrlOf } from '../tenants/tenants.service';
import type { EmployeeService } from '../employees/employees.service';
import type { UserService } from '../users/users.service';
import type { VerifiedIdentity } from '../../platform/auth/oidc';
import * as repo from './account.repo';

/** tenantCount: the organisations the account can work in now (a pending or deactivated membership gives nothing). */
const activeCount = (memberships: repo.Membership[]): number => memberships.filter((m) => m.status === UserStatus.Active).length;

/** The activation link is valid 48 hours (platform §2.9); a reset link one hour. */
export const VERIFY_LINK_TTL_MS = 48 * 3_600_000;
export const RESET_LINK_TTL_MS = 3_600_000;
/** The window of the per-account limit on reset mails (PASSWORD_RESET_MAILS_PER_HOUR). */
const RESET_MAIL_WINDOW_MS = 3_600_000;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

interface Deps {
  clock: Clock;
  tokens: TokenService;
  config: Pick<Config, 'appUrl' | 'TOKEN_TTL_HOURS' | 'NODE_ENV' | 'PASSWORD_RESET_MAILS_PER_HOUR'>;
  tenants: TenantService;
  users: UserService;
  employees: Pick<EmployeeService, 'sendInvite'>;
  loginThrottle: LoginThrottle;
}

/**
 * Sign-up, sign-in and sessions: account-level work on the global transaction (an e-mail spans
 * several organisations), writing an organisation's own rows through `scope.asTenant`.
 */
export class AccountService {
  constructor(private readonly deps: Deps) {}

  /**
   * Production refuses the demo's public password (printed in the README) as a new password, so that no
   * real account can end up with it; outside production the demo itself signs in with it.
   */
  private refusePublicPassword(field: string, password: string | undefined): void {
    if (this.deps.config.NODE_ENV === 'production' && password !== undefined && isPublicPassword(password)) throw fieldError(field, MSG.publicPassword);
  }

  private link(kind: 'verify-user' | 'reset-password', token: string, email: string): string {
    return `${this.deps.config.appUrl}/${kind}/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
  }

  /** Issues a fresh 48-hour verification link (retiring older ones) and mails it once the work commits. */
  private async sendVerificationLink(
    { global, enqueue }: GlobalScope,
    to: { accountId: string; email: string; firstName: string; organizationName: string; tenantId: string | null },
  ): Promise<void> {
    const { token, hash } = newOneTimeToken();
    const now = this.deps.clock.now();
    await repo.insertAuthToken(global, { accountId: to.accountId, purpose: 'verify-email', tokenHash: hash, expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS), createdAt: now });
    const mail = verificationEmail({ firstName: to.firstName, organizationName: to.organizationName, url: this.link('verify-user', token, to.email) });
    enqueue('mail.send', { to: to.email, tenantId: to.tenantId, ...mail });
  }

  /** Registration creates the account, its organisation (setup incomplete) and a trial, and sends the link: all or nothing. */
  async register(scope: GlobalScope, input: Register): Promise<{ email: string }> {
    const { global } = scope;
    this.refusePublicPassword('password', input.password);
    if (await repo.findAccountByEmail(global, input.email)) throw conflict(MSG.emailTaken);
    const passwordHash = await hashPassword(input.password);
    const account = await repo.insertAccount(global, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName });
    const organisation = await this.deps.tenants.provisionOrganization(scope, {
      name: input.organizationName,
      owner: { accountId: account.id, email: input.email, firstName: input.firstName, lastName: input.lastName, active: false },
    });
    await this.sendVerificationLink(scope, {
      accountId: account.id,
      tenantId: organisation.tenantId,
      email: input.email,
      firstName: input.firstName,
      organizationName: input.organizationName,
    });
    return { email: input.email };
  }

  async resendVerification(scope: GlobalScope, email: string): Promise<void> {
    const account = await repo.findAccountByEmail(scope.global, email);
    if (!account || account.emailVerifiedAt) return; // no enumeration: the reply is the same
    const [membership] = await repo.findMemberships(scope.global, account.id);
    await this.sendVerificationLink(scope, {
      accountId: account.id,
      email,
      firstName: account.firstName,
      organizationName: membership?.tenantName ?? 'your organization',
      tenantId: membership?.tenantId ?? null,
    });
  }

  async verifyUser({ global }: GlobalScope, token: string, email: string): Promise<void> {
    const row = await repo.findAuthToken(global, hashOneTimeToken(token), 'verify-email');
    if (!row || row.email !== email) throw badRequest(MSG.invalidLink);
    const account = await repo.findAccountById(global, row.accountId);
    if (row.usedAt) {
      if (account?.emailVerifiedAt) throw badRequest(MSG.verificationNotRequired);
      throw badRequest(MSG.invalidLink);
    }
    const now = this.deps.clock.now();
    if (row.expiresAt <= now) throw badRequest(MSG.tokenExpired);
    if (!(await repo.consumeAuthToken(global, row.id, now))) throw badRequest(MSG.invalidLink);
    await repo.updateAccount(global, row.accountId, { emailVerifiedAt: now }, now);
    await repo.activatePendingMemberships(global, row.accountId, now);
  }

  async login(scope: GlobalScope, email: string, password: string, meta: ClientMeta): Promise<SessionUser> {
    const { global } = scope;
    if (!(await this.deps.loginThrottle.attempt(email))) throw new AppError(429, ErrorCode.RateLimited, MSG.tooManyLoginFailures);
    // In production the demo's public password opens nothing, whichever account it is tried on (and
    // whether or not the account exists: the reply is the same). An account seeded with it (SEED_DEMO=true)
    // or set before this rule resets its password.
    if (this.deps.config.NODE_ENV === 'production' && isPublicPassword(password)) throw unauthorized('PUBLIC_PASSWORD', MSG.publicPasswordSignIn);
    const account = await repo.findAccountByEmail(global, email);
    const valid = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
    if (!account || !valid || !account.passwordHash) {
      // Each organisation of a known account keeps the failure in its audit log (an unknown e-mail belongs to none);
      // the 401 is answered after the commit, so the entries stay.
      if (account) for (const m of await repo.findMemberships(global, account.id)) await scope.asTenant(m.tenantId, (ts) => recordAudit({ ...ts, origin: meta }, { entity: 'Account', entityId: m.userId, action: 'SignInFailed', actorUserId: null, actorLabel: email }));
      throw refuseKeepingWork(unauthorized('INVALID_CREDENTIALS', MSG.incorrectLogin));
    }
    await this.deps.loginThrottle.reset(email);
    return this.auditedSignIn(scope, await this.signIn(global, account, meta), meta);
  }

  /** A session opened: the organisation's audit log records it, with the account's user as the actor. */
  private async auditedSignIn(scope: GlobalScope, session: SessionUser, meta: ClientMeta): Promise<SessionUser> {
    await scope.asTenant(session.tenantId, (ts) => recordAudit({ ...ts, origin: meta }, { entity: 'Account', entityId: session.id, action: 'SignIn', actorUserId: session.id }));
    return session;
  }

  /**
   * Google / Microsoft sign-in, once the provider's ID token has been verified (platform/auth/oidc.ts):
   * the account is found by the e-mail the provider vouches for, never created, and then the same
   * rules as a password login apply (verified account, an active membership).
   */
  async oauthLogin(scope: GlobalScope, identity: VerifiedIdentity, meta: ClientMeta): Promise<SessionUser> {
    const { global } = scope;
    if (!identity.verifiedEmail) throw forbidden(MSG.oauthEmailNotVerified, 'OAUTH_EMAIL_NOT_VERIFIED');
    const account = await repo.findAccountByEmail(global, identity.verifiedEmail);
    if (!account) throw forbidden(MSG.oauthNoAccount, 'OAUTH_NO_ACCOUNT');
    return this.auditedSignIn(scope, await this.signIn(global, account, meta), meta);
  }

  /** After the credentials: a verified account with an active membership gets a session in its last (or first) organisation. */
  private async signIn(global: GlobalDb, account: repo.AccountRow, meta: ClientMeta): Promise<SessionUser> {
    if (!account.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', MSG.emailNotVerified);
    const memberships = await repo.findMemberships(global, account.id);
    const usable = memberships.filter((m) => m.status === UserStatus.Active);
    if (usable.length === 0) {
      if (memberships.some((m) => m.status === UserStatus.Deactivated)) throw new AppError(403, 'ACCOUNT_DEACTIVATED', MSG.deactivated);
      if (memberships.some((m) => m.status === UserStatus.RestrictedLogin)) throw new AppError(403, 'ACCOUNT_DEACTIVATED', MSG.restrictedLogin);
      if (memberships.some((m) => m.status === UserStatus.PendingEmailVerification)) throw new AppError(403, 'EMAIL_NOT_VERIFIED', MSG.emailNotVerified);
      throw new AppError(403, 'ACCOUNT_DEACTIVATED', MSG.noOrganization);
    }
    const chosen = usable.find((m) => m.tenantId === account.lastTenantId) ?? usable[0];
    if (!chosen) throw new AppError(403, 'ACCOUNT_DEACTIVATED', MSG.noOrganization);
    return this.openSession(global, account.id, chosen.userId, chosen.tenantId, meta, usable.length);
  }

  private async openSession(global: GlobalDb, accountId: string, userId: string, tenantId: string, meta: ClientMeta, tenantCount: number): Promise<SessionUser> {
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.TOKEN_TTL_HOURS * 3_600_000);
    const sessionId = await repo.insertSession(global, { accountId, tenantId, userId, expiresAt, userAgent: meta.userAgent?.slice(0, 300) ?? null, ip: meta.ip });
    const token = await this.deps.tokens.sign({ userId, tenantId, sessionId, expiresAt });
    await repo.touchLastLogin(global, userId, accountId, tenantId, now);
    return this.sessionUser(global, userId, token, tenantCount);
  }

  /** The local user record for a membership (platform §3 "Local user record"). */
  async sessionUser(global: GlobalDb, userId: string, token: string, tenantCount?: number): Promise<SessionUser> {
    const row = await repo.findSessionUser(global, userId, this.deps.clock.now());
    if (!row) throw notFound();
    const roleId = row.roleId as RoleId;
    const planFeatures = parseFeatureKeys(row.featureKeys);
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      token,
      roleId,
      isManager: row.isManager,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      isTenantOnTrial: row.isTrial,
      isTenantOnFreePlan: row.planIsFree,
      planName: row.planName,
      accessableFeatures: featuresForRole(planFeatures, roleId).map((key) => ({ key })),
      isEmailEnabled: row.isEmailEnabled,
      licenseCustomerId: row.subscriptionId,
      hasAdminAccess: roleId === Role.Administrator || roleId === Role.Moderator,
      tenantCount: tenantCount ?? 1,
    };
  }

  async me({ global, ctx }: AccountScope, token: string): Promise<SessionUser> {
    const memberships = await repo.findMemberships(global, ctx.accountId);
    return this.sessionUser(global, ctx.userId, token, activeCount(memberships));
  }

  async logout({ global, ctx }: AccountScope): Promise<void> {
    await repo.revokeSession(global, ctx.sessionId, this.deps.clock.now());
  }

  /**
   * A reset link, mailed once the work commits. The route limits requests per client IP; behind a
   * proxy, or from many addresses, that still let anyone fill one mailbox, so an account is also sent
   * at most PASSWORD_RESET_MAILS_PER_HOUR links in any hour (counted from the links stored, so every
   * server process agrees). Past that, and for an address with no account, nothing is sent and the
   * reply is the same, so neither says whether the account exists.
   */
  async forgotPassword({ global, enqueue }: GlobalScope, email: string): Promise<void> {
    const account = await repo.findAccountByEmail(global, email);
    if (!account) return; // same reply either way: no account enumeration
    const now = this.deps.clock.now();
    await repo.lockAccount(global, account.id);
    const sentThisHour = await repo.countAuthTokensSince(global, account.id, 'reset-password', new Date(now.getTime() - RESET_MAIL_WINDOW_MS));
    if (sentThisHour >= this.deps.config.PASSWORD_RESET_MAILS_PER_HOUR) return;
    const { token, hash } = newOneTimeToken();
    await repo.insertAuthToken(global, {
      accountId: account.id,
      purpose: 'reset-password',
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      createdAt: now,
    });
    const mail = resetPasswordEmail({ firstName: account.firstName, url: this.link('reset-password', token, email) });
    enqueue('mail.send', { to: email, ...mail });
  }

  async resetPassword({ global }: GlobalScope, input: ResetPassword): Promise<void> {
    // Refused before the link is used up, so the same link can set another password.
    this.refusePublicPassword('password', input.password);
    const row = await repo.findAuthToken(global, hashOneTimeToken(input.token), 'reset-password');
    if (!row || row.email !== input.email || row.usedAt) throw badRequest(MSG.invalidLink);
    const now = this.deps.clock.now();
    if (row.expiresAt <= now) throw badRequest(MSG.tokenExpired);
    if (!(await repo.consumeAuthToken(global, row.id, now))) throw badRequest(MSG.invalidLink);
    const passwordHash = await hashPassword(input.password);
    const account = await repo.findAccountById(global, row.accountId);
    // Following a reset link proves the mailbox, so it also verifies the address.
    await repo.updateAccount(global, row.accountId, { passwordHash, emailVerifiedAt: account?.emailVerifiedAt ?? now }, now);
    if (!account?.emailVerifiedAt) await repo.activatePendingMemberships(global, row.accountId, now);
    await repo.revokeAccountSessions(global, row.accountId, now);
  }

  /**
   * The invitation link (people issue): sets the password when the account has none (an account
   * that already has one keeps it, and the fields are ignored), verifies the e-mail and activates the
   * account's pending memberships. The link is checked before anything is used up.
   */
  async acceptInvite({ global }: GlobalScope, input: AcceptInvite): Promise<{ passwordSet: boolean }> {
    const row = await repo.findAuthToken(global, hashOneTimeToken(input.token), 'invite');
    if (!row || row.email !== input.email || row.usedAt) throw badRequest(MSG.invalidLink);
    const now = this.deps.clock.now();
    if (row.expiresAt <= now) throw badRequest(MSG.tokenExpired);
    const account = await repo.findAccountById(global, row.accountId);
    if (!account) throw badRequest(MSG.invalidLink);
    const needsPassword = !account.passwordHash;
    if (needsPassword && input.password === undefined) throw fieldError('password', MSG.passwordRule);
    if (needsPassword) this.refusePublicPassword('password', input.password);
    if (!(await repo.consumeAuthToken(global, row.id, now))) throw badRequest(MSG.invalidLink);
    const passwordHash = needsPassword && input.password !== undefined ? await hashPassword(input.password) : account.passwordHash;
    await repo.updateAccount(global, row.accountId, { passwordHash, emailVerifiedAt: account.emailVerifiedAt ?? now }, now);
    await repo.activatePendingMemberships(global, row.accountId, now);
    return { passwordSet: needsPassword };
  }

  async updatePassword({ global, ctx }: AccountScope, input: UpdatePassword): Promise<void> {
    this.refusePublicPassword('newPassword', input.newPassword);
    const account = await repo.findAccountById(global, ctx.accountId);
    if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
      throw badRequest(`currentPassword: ${MSG.currentPasswordWrong}`, { currentPassword: MSG.currentPasswordWrong });
    }
    const now = this.deps.clock.now();
    await repo.updateAccount(global, ctx.accountId, { passwordHash: await hashPassword(input.newPassword) }, now);
    await repo.revokeAccountSessions(global, ctx.accountId, now, ctx.sessionId);
  }

  async tenants({ global, ctx }: AccountScope): Promise<TenantChoice[]> {
    const memberships = await repo.findMemberships(global, ctx.accountId);
    return memberships
      .filter((m) => m.status === UserStatus.Active)
      .map((m) => ({ id: m.tenantId, tenantName: m.tenantName, roleId: m.roleId as RoleId, isCurrent: m.tenantId === ctx.tenantId, logoUrl: logoUrlOf(m.logoKey) }));
  }

  /** Switching organisation ends the current session and opens one in the chosen organisation. */
  async selectTenant({ global, ctx }: AccountScope, tenantId: string, meta: ClientMeta): Promise<SessionUser> {
    const memberships = await repo.findMemberships(global, ctx.accountId);
    const target = memberships.find((m) => m.tenantId === tenantId);
    if (!target) throw forbidden();
    if (target.status !== UserStatus.Active) throw new AppError(403, 'ACCOUNT_DEACTIVATED', MSG.deactivated);
    await repo.revokeSession(global, ctx.sessionId, this.deps.clock.now());
    return this.openSession(global, ctx.accountId, target.userId, tenantId, meta, activeCount(memberships));
  }

  /**
   * Resend Verification Email for a Pending Verification member: a fresh set-password invitation
   * (the employees module owns invitations; the old verify-email link would set no password).
   */
  async resendInvite(scope: Scope, userId: string): Promise<void> {
    const target = await this.deps.users.inviteTarget(scope, userId);
    if (!target) throw notFound('User not found');
    if (target.status !== UserStatus.PendingEmailVerification) throw badRequest('This user has already verified their email.');
    await this.deps.employees.sendInvite(scope, userId);
  }
}
