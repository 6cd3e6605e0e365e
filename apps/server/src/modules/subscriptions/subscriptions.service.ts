import { MSG, PLAN_USERS_MAX, TOTAL_COUNT, type BillingType, type Checkout, type CreateFreeSubscription, type CreateSubscription, type Plan, type SubscriptionRow as SubscriptionRowDto, type TrialPlan, type VerifyPayment } from '@tankha/contracts';
import { computeUnusedCredit, dateInZone, financialYearOf, formatDisplayDate, isUpgrade, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { ErrorCode } from '@tankha/contracts';
import type { GlobalScope, Scope, TenantScope, TenantSteps } from '../../platform/tenancy';
import type { UserService } from '../users/users.service';
import * as repo from './subscriptions.repo';
import type { SubscriptionWithPlan } from './subscriptions.repo';
import { buildPlanCreditNote, buildPlanInvoice, type PlanCreditNoteData, type PlanInvoiceData } from './plan-invoice';
import { renderPlanCreditNotePdf, renderPlanInvoicePdf } from './plan-invoice-pdf';
import type { PaymentProvider } from './payments/payment-provider';
import { PLAN_LOCKED_MANDATES, ProviderError } from './payments/payment-provider';
import { LocalPaymentProvider } from './payments/local.provider';
import { verifySubscriptionPayment, verifyWebhook } from './payments/signatures';
import { callbackOf, parseWebhookEvent } from './payments/wire';
import { recordAudit } from '../../platform/audit/record';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Cancel at the provider after the commit that decided it (now, or at the end of the cycle). */
    'subscriptions.providerCancel': { providerSubscriptionId: string; atCycleEnd: boolean };
    /**
     * A downgrade told to the provider after the commit: bill the new plan from the next cycle, or undo that. Where the
     * provider will not change the plan (a UPI or domestic-card mandate), a new subscription from the change date.
     */
    'subscriptions.providerScheduleChange': { providerSubscriptionId: string; change: { providerPlanId: string | null; quantity: number } | null };
    /** The local test provider's webhook, signed like Razorpay's, delivered to the same handler. */
    'subscriptions.localWebhook': { rawBodyBase64: string; signature: string; eventId: string };
    /** Period ends (every 15 minutes): ended subscriptions cancelled or expired, abandoned checkouts cancelled. */
    'subscriptions.lapse': Record<string, never>;
    /** An upgrade's credit refunded on its payment at the provider (Razorpay), after the capture's commit. */
    'subscriptions.refundCreditNote': { creditNoteId: string };
  }
}

const DAY_MS = 86_400_000;

/** An upgrade's credit, before GST and with it. */
interface CreditFigures {
  taxablePaise: number;
  totalPaise: number;
}
const NO_CREDIT: CreditFigures = { taxablePaise: 0, totalPaise: 0 };

/**
 * Attempts of the refund job before its credit note shows 'Refund failed': the first and 7 retries with pg-boss's
 * backoff from 60 s (60 s, 2, 4 … 64 min: about two hours), long enough to ride out a provider outage.
 */
export const REFUND_ATTEMPTS = 8;
export const REFUND_RETRY_DELAY_SECONDS = 60;
const INDIA = 'Asia/Kolkata';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** A billing period later: one calendar month (clamped to the month's end) or one year, in UTC. */
export function addPeriod(start: Date, billingType: BillingType | null): Date {
  const months = billingType === 'yearly' ? 12 : 1;
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Whole rupees per user after the plan's offer, rounded as the card shows it (platform §2.4). */
export function unitPriceRupees(plan: repo.PlanRow, billingType: BillingType): number {
  const list = billingType === 'yearly' ? plan.yearlyPricePerUser : plan.monthlyPricePerUser;
  const discount = plan.offerDiscountPercent ?? 0;
  return discount ? Math.max(0, Math.round(list * (1 - discount / 100))) : list;
}

export class SubscriptionService {
  constructor(private readonly deps: { clock: Clock; config?: Config; provider?: PaymentProvider; users?: UserService }) {}

  get provider(): PaymentProvider {
    if (!this.deps.provider) throw new Error('SubscriptionService has no payment provider');
    return this.deps.provider;
  }

  /**
   * The visible plans. The list is public (the pricing page works signed out), so
   * isPlanActiveForTenant is false here; the signed-in session record carries planName.
   */
  async listPlans({ global }: GlobalScope): Promise<Plan[]> {
    const rows = await repo.findVisiblePlans(global);
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      isFree: p.isFree,
      isVisible: p.isVisible,
      isPlanActiveForTenant: false,
      monthlyPricePerUser: p.monthlyPricePerUser,
      yearlyPricePerUser: p.yearlyPricePerUser,
      maxUsers: p.maxUsers,
      features: p.features,
      featureKeys: p.featureKeys as Plan['featureKeys'],
      isMostPopular: p.isMostPopular,
      offer: p.offerDiscountPercent ? { discountPercent: p.offerDiscountPercent, razorpayOfferId: p.razorpayOfferId } : null,
      razorpayPlanId: p.razorpayPlanId,
      razorpayYearlyPlanId: p.razorpayYearlyPlanId,
      billingModel: 'per_user' as const,
    }));
  }

  async trial({ db: tdb, ctx }: Scope, tenantId: string): Promise<TrialPlan | null> {
    if (tenantId !== ctx.tenantId) throw forbidden();
    const row = await repo.findTrial(tdb);
    if (!row) return null;
    const now = this.deps.clock.now().getTime();
    const endAt = row.subscription.endAt?.getTime() ?? now;
    return {
      name: row.plan.name,
      description: row.plan.description,
      monthlyPricePerUser: row.plan.monthlyPricePerUser,
      yearlyPricePerUser: row.plan.yearlyPricePerUser,
      features: row.plan.features,
      billingModel: 'per_user',
      startAt: Math.floor(row.subscription.startAt.getTime() / 1000),
      endAt: Math.floor(endAt / 1000),
      daysLeft: Math.max(0, Math.ceil((endAt - now) / DAY_MS)),
    };
  }

  /* ---------------------------------------------------------------- purchase */

  private async activeUsers(scope: Scope): Promise<number> {
    if (!this.deps.users) throw new Error('SubscriptionService has no user service');
    return this.deps.users.activeCount(scope);
  }

  /** The plan in force that a purchase replaces (never the trial: a purchase simply ends it). */
  private async replaceable(scope: TenantScope, now: Date): Promise<SubscriptionWithPlan | undefined> {
    const current = await repo.findInForce(scope.db, now);
    return current && !current.subscription.isTrial ? current : undefined;
  }

  /** POST /Subscriptions: a pending subscription at the provider, and what the checkout needs (platform §7.1). */
  async createPaid(scope: Scope, input: CreateSubscription): Promise<Checkout> {
    const now = this.deps.clock.now();
    const plan = await repo.findPlan(scope.db, input.planId);
    if (!plan || !plan.isVisible || plan.isTrial) throw notFound('Plan not found.');
    if (plan.isFree) throw badRequest('Use POST /Subscriptions/create for a free plan.');
    const active = await this.activeUsers(scope);
    if (input.quantity < active) throw badRequest(MSG.planUsersMin.replace('{n}', active.toString()), { quantity: MSG.planUsersMin.replace('{n}', active.toString()) });
    if (input.quantity > PLAN_USERS_MAX) throw badRequest(MSG.planUsersMax);
    const current = await this.replaceable(scope, now);
    if (current && current.plan.id === plan.id && current.subscription.billingType === input.billingType && current.subscription.quantity === input.quantity) throw conflict(MSG.alreadyOnPlan);
    const unitPricePaise = unitPriceRupees(plan, input.billingType) * 100;
    const totalCount = TOTAL_COUNT[input.billingType];
    const changeAt = current ? (input.scheduleChangesAt ?? (input.startImmediately === false ? 'cycle_end' : 'now')) : null;
    // Fair billing: a paid period still running is either credited by days (an upgrade, now) or runs to its end
    // (a downgrade, or a change asked for at the period's end), with nothing charged until then.
    let creditTaxablePaise: number | null = null;
    const running = current && !current.plan.isFree && current.subscription.endAt && current.subscription.endAt > now ? current : undefined;
    if (running?.subscription.endAt) {
      const cur = running.subscription;
      const upgrade = isUpgrade({ periodTaxablePaise: (cur.unitPricePaise ?? 0) * cur.quantity }, { periodTaxablePaise: unitPricePaise * input.quantity });
      if (!upgrade || changeAt === 'cycle_end') {
        return this.scheduleChange(scope, running, { plan, billingType: input.billingType, quantity: input.quantity, unitPricePaise });
      }
      creditTaxablePaise = computeUnusedCredit({ periodStart: dateInZone(cur.startAt, INDIA), periodEnd: dateInZone(cur.endAt ?? now, INDIA), changeDate: dateInZone(now, INDIA), paidTaxablePaise: (cur.unitPricePaise ?? 0) * cur.quantity }).creditTaxablePaise;
    }
    const row = await repo.insertSubscriptionRow(scope.db, {
      planId: plan.id,
      status: 'pending',
      isTrial: false,
      billingType: input.billingType,
      quantity: input.quantity,
      startAt: now,
      endAt: null,
      provider: this.provider.kind,
      totalCount,
      unitPricePaise,
      replacesSubscriptionId: current?.subscription.id ?? null,
      changeAt,
      creditTaxablePaise,
    });
    let providerId: string;
    try {
      ({ id: providerId } = await this.provider.createSubscription({
        providerPlanId: input.billingType === 'yearly' ? plan.razorpayYearlyPlanId : plan.razorpayPlanId,
        billingType: input.billingType,
        quantity: input.quantity,
        totalCount,
        offerId: plan.razorpayOfferId,
        notes: { subscriptionId: row.id, tenantId: scope.tenantId },
      }));
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(502, ErrorCode.Conflict, MSG.failedCreateSubscription);
      throw error;
    }
    await repo.updateSubscription(scope.db, row.id, { providerSubscriptionId: providerId });
    // Platform §4: a new checkout overrides one left pending.
    await repo.cancelPendingExcept(scope.db, row.id);
    return this.checkoutOf(scope, { subscription: { ...row, providerSubscriptionId: providerId }, plan });
  }

  private async checkoutOf(scope: Scope, { subscription: s, plan }: SubscriptionWithPlan): Promise<Checkout> {
    const payer = await repo.findPayer(scope.db, scope.ctx.userId);
    const buyer = await repo.findBuyer(scope.db);
    const invoice = this.invoiceFigures(s, plan, buyer);
    const credit = this.creditFigures(s, invoice);
    const takenOff = this.offTheCharge(credit);
    return {
      id: s.providerSubscriptionId ?? '',
      subscriptionId: s.id,
      provider: this.provider.kind,
      keyId: this.provider.keyId,
      planName: plan.name,
      billingType: s.billingType ?? 'monthly',
      quantity: s.quantity,
      taxablePaise: invoice.gst.taxablePaise - takenOff.taxablePaise,
      amountPaise: invoice.gst.totalPaise - takenOff.totalPaise,
      creditPaise: credit.totalPaise,
      scheduledAt: null,
      currency: 'INR',
      prefill: payer,
      organizationName: buyer.legalName?.trim() || buyer.name,
    };
  }

  /** The credit of an upgrade's first charge (with its GST split as on the invoice), or nothing. */
  private creditFigures(s: repo.SubscriptionRow, invoice: PlanInvoiceData): CreditFigures {
    const credit = s.creditTaxablePaise ?? 0;
    if (credit <= 0) return NO_CREDIT;
    const note = buildPlanCreditNote({ financialYear: '2000-01', sequence: 0, creditNoteDate: invoice.invoiceDate, against: null, againstInvoiceNumber: null, againstInvoiceDate: null, fallback: invoice, planName: '', creditTaxablePaise: credit, unusedDays: 0, periodDays: 0 });
    return { taxablePaise: note.gst.taxablePaise, totalPaise: note.gst.totalPaise };
  }

  /**
   * The part of an upgrade's credit its first charge leaves out: all of it where the provider charges the
   * difference (local), none where it charges in full and the credit is refunded after the capture (Razorpay).
   */
  private offTheCharge(credit: CreditFigures): CreditFigures {
    return this.provider.upgradeCredit === 'reduced_charge' ? credit : NO_CREDIT;
  }

  /**
   * A downgrade (or a change asked for at the period's end): recorded on the plan in force, told to the
   * provider after the commit, applied when the paid period ends. Nothing is charged now.
   */
  private async scheduleChange(scope: Scope, current: SubscriptionWithPlan, change: { plan: repo.PlanRow; billingType: BillingType | null; quantity: number; unitPricePaise: number }): Promise<Checkout> {
    const s = current.subscription;
    const endAt = s.endAt ?? this.deps.clock.now();
    if (s.cancelRequestedAt) throw conflict(MSG.cancelledPlanNoDowngrade.replace('{date}', formatDisplayDate(dateInZone(endAt, INDIA))));
    // A new change replaces an earlier one, and with it the new subscription made for that one.
    await this.dropScheduledReplacement(scope, s.id);
    await repo.updateSubscription(scope.db, s.id, { scheduledPlanId: change.plan.id, scheduledBillingType: change.billingType, scheduledQuantity: change.quantity, scheduledUnitPricePaise: change.unitPricePaise });
    // A checkout left open for another change is overridden, as a new checkout would (platform §4).
    await repo.cancelPendingExcept(scope.db, s.id);
    if (s.providerSubscriptionId && !change.plan.isFree) {
      const providerPlanId = change.billingType === 'yearly' ? change.plan.razorpayYearlyPlanId : change.plan.razorpayPlanId;
      scope.enqueue('subscriptions.providerScheduleChange', { providerSubscriptionId: s.providerSubscriptionId, change: { providerPlanId, quantity: change.quantity } });
    }
    const payer = await repo.findPayer(scope.db, scope.ctx.userId);
    const buyer = await repo.findBuyer(scope.db);
    return {
      id: '',
      subscriptionId: s.id,
      provider: this.provider.kind,
      keyId: this.provider.keyId,
      planName: change.plan.name,
      billingType: change.billingType ?? 'monthly',
      quantity: change.quantity,
      taxablePaise: 0,
      amountPaise: 0,
      creditPaise: 0,
      scheduledAt: epoch(endAt),
      currency: 'INR',
      prefill: payer,
      organizationName: buyer.legalName?.trim() || buyer.name,
    };
  }

  /** 'Changes to Standard on 29 Jan 2027'. */
  scheduledMessage(checkout: Checkout): string | null {
    return checkout.scheduledAt === null ? null : MSG.planChangeScheduled.replace('{plan}', checkout.planName).replace('{date}', formatDisplayDate(dateInZone(new Date(checkout.scheduledAt * 1000), INDIA)));
  }

  /** DELETE /Subscriptions/{id}/scheduled-change: the plan in force continues (and renews) as it is. */
  async undoScheduledChange(scope: Scope, id: string): Promise<string> {
    const found = await repo.findSubscriptionForUpdate(scope.db, id);
    if (!found) throw notFound(MSG.subscriptionNotFound);
    const s = found.subscription;
    if (!s.scheduledPlanId || s.status !== 'active') throw conflict(MSG.noScheduledChange);
    // Made as a new subscription: the current one is already cancelled at its cycle's end at the provider, which
    // Razorpay cannot take back.
    if (await repo.findScheduledReplacement(scope.db, s.id)) throw conflict(MSG.newSubscriptionChangeNoUndo.replace('{plan}', found.plan.name).replace('{date}', formatDisplayDate(dateInZone(s.endAt ?? this.deps.clock.now(), INDIA))));
    await repo.updateSubscription(scope.db, s.id, { scheduledPlanId: null, scheduledBillingType: null, scheduledQuantity: null, scheduledUnitPricePaise: null });
    const target = await repo.findPlan(scope.db, s.scheduledPlanId);
    if (s.providerSubscriptionId && target && !target.isFree) scope.enqueue('subscriptions.providerScheduleChange', { providerSubscriptionId: s.providerSubscriptionId, change: null });
    return MSG.planChangeUndone.replace('{plan}', found.plan.name);
  }

  /**
   * A scheduled change whose period has ended: to a paid plan, the same subscription (and provider subscription)
   * carries on with the new plan, users and price from its next cycle; to the free plan, the paid one ends (and is
   * cancelled at the provider) and the free plan starts where it ended.
   */
  private async applyScheduledChange(scope: TenantScope, id: string, now: Date): Promise<void> {
    const found = await repo.findSubscriptionForUpdate(scope.db, id);
    const s = found?.subscription;
    if (!s?.scheduledPlanId || s.status !== 'active' || !s.endAt || s.endAt > now) return;
    const target = await repo.findPlan(scope.db, s.scheduledPlanId);
    const clear = { scheduledPlanId: null, scheduledBillingType: null, scheduledQuantity: null, scheduledUnitPricePaise: null };
    if (!target) return repo.updateSubscription(scope.db, s.id, clear);
    const replacement = target.isFree ? undefined : await repo.findScheduledReplacement(scope.db, s.id);
    if (replacement) {
      // The provider would not change this one's plan: it ends (cancelled at its cycle's end at the provider) and the
      // new subscription takes over. Not yet charged (never authorised, or its first charge still to come) it is past
      // due: 'halted', no plan in force, as when Razorpay halts a subscription whose charges failed, until its first
      // charge activates it.
      await repo.updateSubscription(scope.db, s.id, { ...clear, status: 'cancelled', cancelRequestedAt: s.cancelRequestedAt ?? s.endAt });
      if (replacement.subscription.status === 'pending') await repo.updateSubscription(scope.db, replacement.subscription.id, { status: 'halted', startAt: s.endAt, endAt: null });
      return;
    }
    if (target.isFree) {
      await repo.updateSubscription(scope.db, s.id, { ...clear, status: 'cancelled', cancelRequestedAt: s.cancelRequestedAt ?? s.endAt });
      await repo.insertSubscriptionRow(scope.db, { planId: target.id, status: 'active', isTrial: false, billingType: null, quantity: 1, startAt: s.endAt, endAt: null, replacesSubscriptionId: s.id, changeAt: 'cycle_end' });
      if (s.providerSubscriptionId) scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: s.providerSubscriptionId, atCycleEnd: false });
      return;
    }
    await repo.updateSubscription(scope.db, s.id, { ...clear, planId: target.id, billingType: s.scheduledBillingType ?? s.billingType, quantity: s.scheduledQuantity ?? s.quantity, unitPricePaise: s.scheduledUnitPricePaise ?? s.unitPricePaise });
  }

  private async applyDueScheduledChanges(scope: TenantScope, now: Date): Promise<void> {
    for (const id of await repo.findDueScheduledChanges(scope.db, now)) await this.applyScheduledChange(scope, id, now);
  }

  /**
   * The job: tell the provider about a scheduled change or its undo. A change the provider will not make to this
   * subscription (Razorpay: a UPI or domestic-card mandate, decision 0298; known beforehand from the mandate's method,
   * else from its refusal) becomes a new subscription for the new plan from the change date, which the customer
   * authorises, and the current one is cancelled at its cycle's end. Each step commits: the first records our new
   * subscription (and enqueues the cancellation), the second creates it at the provider, found again by its notes
   * when a retry follows a creation whose answer was lost, so a retry never makes two.
   */
  async providerScheduleChange(steps: TenantSteps, data: { providerSubscriptionId: string; change: { providerPlanId: string | null; quantity: number } | null }): Promise<void> {
    const change = data.change;
    if (!change) {
      try {
        await this.provider.cancelScheduledChange(data.providerSubscriptionId);
      } catch (error) {
        if (error instanceof ProviderError && error.reason === 'not_found') return;
        throw error;
      }
      return;
    }
    const next = await steps((scope) => this.tellScheduledChange(scope, data.providerSubscriptionId, change));
    if (next === 'replace') await steps((scope) => this.createScheduledReplacement(scope, data.providerSubscriptionId));
  }

  private async tellScheduledChange(scope: TenantScope, providerSubscriptionId: string, change: { providerPlanId: string | null; quantity: number }): Promise<'done' | 'replace'> {
    const byProvider = await repo.findSubscriptionByProviderId(scope.db, providerSubscriptionId);
    const found = byProvider && (await repo.findSubscriptionForUpdate(scope.db, byProvider.subscription.id));
    const s = found?.subscription;
    // Undone, applied or superseded since: nothing to tell.
    if (!s?.scheduledPlanId || s.status !== 'active') return 'done';
    if (await repo.findScheduledReplacement(scope.db, s.id)) return 'replace';
    if (!PLAN_LOCKED_MANDATES.has(s.mandateMethod ?? '')) {
      try {
        await this.provider.scheduleChange(providerSubscriptionId, change);
        return 'done';
      } catch (error) {
        if (error instanceof ProviderError && error.reason === 'not_found') return 'done';
        if (!(error instanceof ProviderError && error.reason === 'refused')) throw error;
      }
    }
    const target = await repo.findPlan(scope.db, s.scheduledPlanId);
    if (!target || target.isFree || !s.endAt) return 'done';
    const billingType = s.scheduledBillingType ?? s.billingType ?? 'monthly';
    await repo.insertSubscriptionRow(scope.db, {
      planId: target.id,
      status: 'pending',
      isTrial: false,
      billingType,
      quantity: s.scheduledQuantity ?? s.quantity,
      startAt: s.endAt,
      endAt: null,
      provider: this.provider.kind,
      totalCount: TOTAL_COUNT[billingType],
      unitPricePaise: s.scheduledUnitPricePaise,
      replacesSubscriptionId: s.id,
      changeAt: 'cycle_end',
      scheduledReplacement: true,
    });
    // The current one bills its period to the end and no more (the same job as a cancellation's).
    scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId, atCycleEnd: true });
    return 'replace';
  }

  /** The new subscription of a scheduled downgrade, at the provider: found by its notes, else created to start at the change date. */
  private async createScheduledReplacement(scope: TenantScope, replacedProviderSubscriptionId: string): Promise<void> {
    const old = await repo.findSubscriptionByProviderId(scope.db, replacedProviderSubscriptionId);
    const found = old && (await repo.findScheduledReplacement(scope.db, old.subscription.id));
    const r = found?.subscription;
    if (!found || !r || r.providerSubscriptionId || (r.status !== 'pending' && r.status !== 'halted')) return;
    const billingType = r.billingType ?? 'monthly';
    const providerPlanId = billingType === 'yearly' ? found.plan.razorpayYearlyPlanId : found.plan.razorpayPlanId;
    if (!providerPlanId) throw new ProviderError('failed', `no provider plan id for ${found.plan.name} (${billingType})`);
    const created =
      (await this.provider.findSubscriptionByNotes(providerPlanId, r.id, r.createdAt)) ??
      (await this.provider.createSubscription({
        providerPlanId,
        billingType,
        quantity: r.quantity,
        totalCount: r.totalCount ?? TOTAL_COUNT[billingType],
        offerId: found.plan.razorpayOfferId,
        notes: { subscriptionId: r.id, tenantId: scope.tenantId },
        // Billing starts at the change date; past it (a late retry), at the authorisation.
        startAt: r.startAt > this.deps.clock.now() ? r.startAt : null,
      }));
    await repo.updateSubscription(scope.db, r.id, { providerSubscriptionId: created.id, authorisationUrl: created.authorisationUrl });
  }

  /**
   * The new subscription made for a scheduled downgrade of `replacedId`, dropped with its change (a new change, a
   * cancellation, an upgrade now): cancelled here and at the provider.
   */
  private async dropScheduledReplacement(scope: TenantScope, replacedId: string): Promise<void> {
    const found = await repo.findScheduledReplacement(scope.db, replacedId);
    if (!found || found.subscription.status === 'active') return;
    await repo.updateSubscription(scope.db, found.subscription.id, { status: 'cancelled' });
    if (found.subscription.providerSubscriptionId) scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: found.subscription.providerSubscriptionId, atCycleEnd: false });
  }

  /** The figures of a cycle's invoice (number and dates filled in at capture). */
  private invoiceFigures(s: repo.SubscriptionRow, plan: repo.PlanRow, buyer: repo.Buyer, extra?: { financialYear: string; sequence: number; invoiceDate: string; paymentReference: string; periodStart: Date; periodEnd: Date | null }): PlanInvoiceData {
    const config = this.deps.config;
    return buildPlanInvoice({
      financialYear: extra?.financialYear ?? '2000-01',
      sequence: extra?.sequence ?? 0,
      invoiceDate: extra?.invoiceDate ?? '2000-01-01',
      seller: { name: config?.SELLER_NAME ?? 'Tankha', address: config?.SELLER_ADDRESS ?? '', gstin: config?.SELLER_GSTIN ?? '29AAFCT0000A1Z5' },
      buyer,
      planName: plan.name,
      billingType: s.billingType ?? 'monthly',
      quantity: s.quantity,
      unitPricePaise: s.unitPricePaise ?? 0,
      paymentReference: extra?.paymentReference ?? '',
      periodStart: dateInZone(extra?.periodStart ?? s.startAt, INDIA),
      periodEnd: extra?.periodEnd ? dateInZone(extra.periodEnd, INDIA) : null,
    });
  }

  /** POST /Subscriptions/create: a free plan, active at once with 1 user (platform §9), or at the period's end. */
  async createFree(scope: Scope, input: CreateFreeSubscription): Promise<string | null> {
    const now = this.deps.clock.now();
    const plan = await repo.findPlan(scope.db, input.planId);
    if (!plan || !plan.isVisible || plan.isTrial) throw notFound('Plan not found.');
    if (!plan.isFree) throw badRequest('This plan is not free.');
    const active = await this.activeUsers(scope);
    if (plan.maxUsers !== null && active > plan.maxUsers) throw conflict(MSG.freePlanTooManyUsers.replace('{max}', plan.maxUsers.toString()).replace('{n}', active.toString()));
    const current = await this.replaceable(scope, now);
    if (current?.plan.id === plan.id) throw conflict(MSG.alreadyOnPlan);
    // Paid to free is a downgrade: the paid period runs to its end (fair billing).
    if (current && !current.plan.isFree && current.subscription.endAt && current.subscription.endAt > now) {
      return this.scheduledMessage(await this.scheduleChange(scope, current, { plan, billingType: null, quantity: 1, unitPricePaise: 0 }));
    }
    const changeAt = current ? (input.scheduleChangesAt ?? 'now') : null;
    const row = await repo.insertSubscriptionRow(scope.db, {
      planId: plan.id,
      status: 'pending',
      isTrial: false,
      billingType: null,
      quantity: 1,
      startAt: now,
      endAt: null,
      replacesSubscriptionId: current?.subscription.id ?? null,
      changeAt,
    });
    await this.activate(scope, row, now, null);
    await repo.cancelPendingExcept(scope.db, row.id);
    return null;
  }

  /**
   * A pending subscription becomes active: from now, or from the end of the plan it replaces when the
   * change waits for the period's end. The replaced plan ends now (and at the provider now), or runs to its
   * end with cancellation at the cycle's end; the trial ends. Returns the period paid for.
   */
  private async activate(scope: TenantScope, s: repo.SubscriptionRow, at: Date, providerEnd: Date | null): Promise<{ start: Date; end: Date | null }> {
    let start = at;
    if (s.replacesSubscriptionId) {
      const old = await repo.findSubscriptionForUpdate(scope.db, s.replacesSubscriptionId);
      const o = old?.subscription;
      if (o && o.status === 'active') {
        const waits = s.changeAt === 'cycle_end' && o.endAt !== null && o.endAt > at;
        const clear = { scheduledPlanId: null, scheduledBillingType: null, scheduledQuantity: null, scheduledUnitPricePaise: null };
        if (s.scheduledReplacement) {
          // A scheduled downgrade's new subscription: the one it replaces was cancelled at its cycle's end at the provider
          // when this was created, and runs to its own end.
          start = o.endAt && o.endAt > at ? o.endAt : at;
          await repo.updateSubscription(scope.db, o.id, { ...clear, cancelRequestedAt: o.cancelRequestedAt ?? at, ...(o.endAt && o.endAt <= at ? { status: 'cancelled' as const } : {}) });
        } else if (waits && o.endAt) {
          start = o.endAt;
          await repo.updateSubscription(scope.db, o.id, { cancelRequestedAt: o.cancelRequestedAt ?? at });
          if (o.providerSubscriptionId && !o.cancelRequestedAt) scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: o.providerSubscriptionId, atCycleEnd: true });
        } else {
          await this.dropScheduledReplacement(scope, o.id);
          await repo.updateSubscription(scope.db, o.id, { status: 'cancelled', endAt: at, cancelRequestedAt: o.cancelRequestedAt ?? at });
          if (o.providerSubscriptionId) scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: o.providerSubscriptionId, atCycleEnd: false });
        }
      }
    }
    const isFree = s.billingType === null;
    const end = isFree ? null : providerEnd && providerEnd > start ? providerEnd : addPeriod(start, s.billingType);
    await repo.updateSubscription(scope.db, s.id, { status: 'active', startAt: start, endAt: end });
    await recordAudit(scope, { entity: 'Subscription', entityId: s.id, action: 'PlanChange', before: { replacesSubscriptionId: s.replacesSubscriptionId }, after: { planId: s.planId, billingType: s.billingType, quantity: s.quantity, startAt: start, endAt: end } });
    await repo.endActiveTrials(scope.db, at);
    return { start, end };
  }

  /**
   * A captured payment, recorded once per provider payment id (the callback and the webhook may both
   * report it, in either order): the payment row, the invoice numbered in this same transaction, and
   * the subscription activated (first payment) or extended (renewal). A replay changes nothing.
   */
  private async capture(scope: TenantScope, subscriptionId: string, payment: { providerPaymentId: string; amountPaise: number | null; at: Date; providerEnd: Date | null; eventAt: Date | null; mandateMethod?: string | null }): Promise<'captured' | 'duplicate'> {
    // A renewal after a scheduled change is billed on the new plan: apply the change first.
    await this.applyScheduledChange(scope, subscriptionId, payment.at);
    const found = await repo.findSubscriptionForUpdate(scope.db, subscriptionId);
    if (!found) throw notFound(MSG.subscriptionNotFound);
    const { subscription: s, plan } = found;
    const buyer = await repo.findBuyer(scope.db);
    const figures = this.invoiceFigures(s, plan, buyer);
    // The first payment: of a checkout (also one dismissed whose payment went through after all), or of a scheduled
    // downgrade's new subscription left past due at its change date.
    const firstPayment = s.status === 'pending' || (s.status === 'cancelled' && !s.cancelRequestedAt && s.endAt === null) || (s.scheduledReplacement && s.status === 'halted' && s.endAt === null);
    const credit = firstPayment ? this.creditFigures(s, figures) : NO_CREDIT;
    const refunded = this.provider.upgradeCredit === 'refund';
    const paymentId = await repo.insertPayment(scope.db, {
      subscriptionId: s.id,
      provider: s.provider ?? this.provider.kind,
      providerPaymentId: payment.providerPaymentId,
      status: 'captured',
      amountPaise: payment.amountPaise ?? figures.gst.totalPaise - this.offTheCharge(credit).totalPaise,
      capturedAt: payment.at,
    });
    if (!paymentId) return 'duplicate';
    let period: { start: Date; end: Date | null };
    const newer = !s.providerEventAt || !payment.eventAt || payment.eventAt >= s.providerEventAt;
    if (firstPayment) {
      // The first payment (also after a dismissed checkout whose payment went through after all).
      period = await this.activate(scope, s, payment.at, payment.providerEnd);
    } else {
      // A renewal: the next period after the current end.
      const start = s.endAt ?? payment.at;
      const end = payment.providerEnd && payment.providerEnd > start ? payment.providerEnd : addPeriod(start, s.billingType);
      period = { start, end };
      const revive = newer && (s.status === 'expired' || s.status === 'halted') && !s.cancelRequestedAt;
      await repo.updateSubscription(scope.db, s.id, { endAt: end, ...(revive ? { status: 'active' as const } : {}) });
    }
    await repo.updateSubscription(scope.db, s.id, { ...(payment.eventAt && newer ? { providerEventAt: payment.eventAt } : {}), ...(payment.mandateMethod ? { mandateMethod: payment.mandateMethod } : {}) });
    const invoiceDate = dateInZone(payment.at, INDIA);
    const financialYear = financialYearOf(invoiceDate);
    const sequence = await repo.nextInvoiceNumber(scope.db, financialYear);
    const data = this.invoiceFigures(s, plan, buyer, { financialYear, sequence, invoiceDate, paymentReference: payment.providerPaymentId, periodStart: period.start, periodEnd: period.end });
    await repo.insertInvoice(scope.db, { paymentId, subscriptionId: s.id, financialYear, sequence, invoiceNumber: data.invoiceNumber, invoiceDate, data });
    if (credit.taxablePaise > 0 && s.replacesSubscriptionId) {
      const creditNoteId = await this.issueCreditNote(scope, s, paymentId, { financialYear, invoiceDate, fallback: data, refunded });
      // Razorpay charged the full price: the credit goes back on this payment, after the commit (a job).
      if (refunded) scope.enqueue('subscriptions.refundCreditNote', { creditNoteId });
    }
    return 'captured';
  }

  /** The credit note of an upgrade's credit, against the replaced plan's latest invoice, in its own series. */
  private async issueCreditNote(scope: TenantScope, s: repo.SubscriptionRow, paymentId: string, at: { financialYear: string; invoiceDate: string; fallback: PlanInvoiceData; refunded: boolean }): Promise<string> {
    const replaced = s.replacesSubscriptionId ? await repo.findSubscriptionForUpdate(scope.db, s.replacesSubscriptionId) : undefined;
    const against = s.replacesSubscriptionId ? await repo.findLatestInvoice(scope.db, s.replacesSubscriptionId) : undefined;
    const old = replaced?.subscription;
    // The days are the replaced invoice's service period (the replaced plan has already been ended by now).
    const period = against?.data as PlanInvoiceData | undefined;
    const proration =
      period?.periodEnd && period.periodEnd > period.periodStart && old
        ? computeUnusedCredit({ periodStart: period.periodStart, periodEnd: period.periodEnd, changeDate: dateInZone(s.createdAt, INDIA), paidTaxablePaise: (old.unitPricePaise ?? 0) * old.quantity })
        : null;
    const sequence = await repo.nextCreditNoteNumber(scope.db, at.financialYear);
    const data = buildPlanCreditNote({
      financialYear: at.financialYear,
      sequence,
      creditNoteDate: at.invoiceDate,
      against: (against?.data as PlanInvoiceData | undefined) ?? null,
      againstInvoiceNumber: against?.invoiceNumber ?? null,
      againstInvoiceDate: against?.invoiceDate ?? null,
      fallback: at.fallback,
      planName: replaced?.plan.name ?? '',
      creditTaxablePaise: s.creditTaxablePaise ?? 0,
      unusedDays: proration?.unusedDays ?? 0,
      periodDays: proration?.periodDays ?? 0,
    });
    return repo.insertCreditNote(scope.db, {
      subscriptionId: old?.id ?? s.id,
      invoiceId: against?.id ?? null,
      paymentId,
      financialYear: at.financialYear,
      sequence,
      creditNoteNumber: data.creditNoteNumber,
      creditNoteDate: at.invoiceDate,
      totalPaise: data.gst.totalPaise,
      data,
      refundStatus: at.refunded ? 'pending' : null,
    });
  }

  /**
   * The job: refund a credit note's total on the upgrade's payment at the provider, once. The note is locked, so
   * two runs take turns and the second finds the refund the first recorded; a request whose answer was lost is
   * repeated with the same idempotency key and answered with the same refund. A provider refusal is recorded as
   * an attempt (this step commits) and the job is retried; after the last attempt the note shows 'Refund failed'.
   */
  async refundCreditNote(scope: TenantScope, data: { creditNoteId: string }): Promise<'done' | { retry: string }> {
    const found = await repo.findCreditNoteRefundForUpdate(scope.db, data.creditNoteId);
    if (!found) return 'done';
    const { note, providerPaymentId } = found;
    if (note.refundStatus !== 'pending' || note.refundId) return 'done';
    const attempts = note.refundAttempts + 1;
    try {
      const refund = await this.provider.refundPayment(providerPaymentId, note.totalPaise, { creditNoteNumber: note.creditNoteNumber, subscriptionId: note.subscriptionId, refundGeneration: note.refundGeneration });
      await repo.updateCreditNoteRefund(scope.db, note.id, { refundId: refund.id, refundPaise: refund.amountPaise, refundStatus: refund.status, refundAttempts: attempts, refundError: null });
      return 'done';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const last = attempts >= REFUND_ATTEMPTS;
      await repo.updateCreditNoteRefund(scope.db, note.id, { refundAttempts: attempts, refundError: error.message.slice(0, 500), ...(last ? { refundStatus: 'failed' as const } : {}) });
      return last ? 'done' : { retry: `refund of credit note ${note.creditNoteNumber}, attempt ${attempts.toString()} of ${REFUND_ATTEMPTS.toString()}: ${error.message}` };
    }
  }

  /**
   * POST /Subscriptions/credit-notes/{id}/retry-refund: a refund that ended 'failed' is tried again by the same job
   * with all its attempts, after this commit (decision 0303 and its update). When every attempt was refused (no refund
   * id), the request is the same (payment, amount and X-Refund-Idempotency key), so a refund the provider did make
   * unbeknown to us is answered again rather than made twice. When the provider had accepted the refund (its id is
   * recorded) and it failed, the same key would only answer that failed refund again; a failed refund moved no money,
   * so the next generation makes a new request with a new key.
   */
  async retryRefund(scope: Scope, creditNoteId: string): Promise<void> {
    const found = await repo.findCreditNoteRefundForUpdate(scope.db, creditNoteId);
    if (!found) throw notFound(MSG.creditNoteNotFound);
    const { note } = found;
    if (note.refundStatus !== 'failed') throw conflict(MSG.refundNotFailed);
    const refundGeneration = note.refundId === null ? note.refundGeneration : note.refundGeneration + 1;
    await repo.updateCreditNoteRefund(scope.db, note.id, { refundStatus: 'pending', refundId: null, refundAttempts: 0, refundError: null, refundGeneration });
    scope.enqueue('subscriptions.refundCreditNote', { creditNoteId: note.id });
  }

  /**
   * POST /Subscriptions/{id}/verify: the checkout's callback. The signature is checked against the
   * provider subscription id WE stored for this organisation's subscription, never the callback's own.
   */
  async verify(scope: Scope, id: string, input: VerifyPayment): Promise<void> {
    const found = await repo.findSubscriptionForUpdate(scope.db, id);
    if (!found?.subscription.providerSubscriptionId) throw notFound(MSG.subscriptionNotFound);
    const stored = found.subscription.providerSubscriptionId;
    const { paymentId, signature } = callbackOf(input);
    if (!verifySubscriptionPayment(this.provider.keySecret, paymentId, stored, signature)) throw badRequest(MSG.paymentFailed);
    const details = await this.provider.paymentDetails(paymentId).catch(() => null);
    await this.capture(scope, id, { providerPaymentId: paymentId, amountPaise: details?.amountPaise ?? null, at: this.deps.clock.now(), providerEnd: null, eventAt: null, mandateMethod: details?.mandateMethod ?? null });
  }

  /** PUT /Subscriptions/{id}/status/cancelled: the checkout was dismissed before paying (platform §4). */
  async dismiss(scope: Scope, id: string): Promise<void> {
    const found = await repo.findSubscriptionForUpdate(scope.db, id);
    if (!found) throw notFound(MSG.subscriptionNotFound);
    if (found.subscription.status !== 'pending') throw conflict(MSG.pendingOnlyDismissed);
    await repo.updateSubscription(scope.db, id, { status: 'cancelled' });
    if (found.subscription.providerSubscriptionId) scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: found.subscription.providerSubscriptionId, atCycleEnd: false });
  }

  private ownCustomer(scope: Scope, customerId: string): void {
    // The customer is the organisation: only the signed-in one.
    if (customerId !== scope.ctx.tenantId) throw forbidden();
  }

  /** GET /Subscriptions/pending/{customerId}. */
  async pending(scope: Scope, customerId: string) {
    this.ownCustomer(scope, customerId);
    const row = await repo.findPending(scope.db);
    return row ? { subscriptionId: row.subscription.id, planName: row.plan.name, status: 'pending' as const, created_at: epoch(row.subscription.createdAt) } : null;
  }

  /** GET /Subscriptions/customers/{customerId}: the organisation's subscriptions, newest first. */
  async list(scope: Scope, customerId: string): Promise<SubscriptionRowDto[]> {
    this.ownCustomer(scope, customerId);
    await this.applyDueScheduledChanges(scope, this.deps.clock.now());
    const rows = await repo.listSubscriptions(scope.db);
    const planNames = new Map(rows.map((r) => [r.plan.id, r.plan]));
    const targets = await Promise.all(rows.map(async ({ subscription: s }) => (s.scheduledPlanId ? (planNames.get(s.scheduledPlanId) ?? (await repo.findPlan(scope.db, s.scheduledPlanId))) : undefined)));
    const notes = await repo.listCreditNotes(scope.db);
    return rows.map(({ subscription: s, plan, invoices }, n) => ({
      subscriptionId: s.id,
      razorPaySubscriptionId: s.providerSubscriptionId,
      planName: plan.name,
      startAt: epoch(s.startAt),
      endAt: s.endAt ? epoch(s.endAt) : null,
      billing_type: s.isTrial ? 'trial' : plan.isFree ? 'free' : (s.billingType ?? 'monthly'),
      status: s.status,
      quantity: s.quantity,
      total_count: s.totalCount,
      isFreePlan: plan.isFree,
      isTrial: s.isTrial,
      created_at: epoch(s.createdAt),
      cancelRequestedAt: s.cancelRequestedAt ? epoch(s.cancelRequestedAt) : null,
      changeAt: s.changeAt,
      scheduledChange: (() => {
        const target = targets[n];
        if (!s.scheduledPlanId || !target || !s.endAt) return null;
        const replacement = rows.find((r) => r.subscription.scheduledReplacement && r.subscription.replacesSubscriptionId === s.id && r.subscription.status !== 'cancelled' && r.subscription.status !== 'expired')?.subscription;
        return {
          planName: target.name,
          billingType: target.isFree ? ('free' as const) : (s.scheduledBillingType ?? 'monthly'),
          quantity: s.scheduledQuantity ?? 1,
          at: epoch(s.endAt),
          newSubscription: replacement ? { authorisationUrl: replacement.authorisedAt ? null : replacement.authorisationUrl, authorised: replacement.authorisedAt !== null } : null,
        };
      })(),
      authorisationUrl: s.scheduledReplacement && !s.authorisedAt && (s.status === 'pending' || s.status === 'halted') ? s.authorisationUrl : null,
      hasInvoices: invoices > 0,
      creditNotes: notes
        .filter((n) => n.subscriptionId === s.id)
        .map((n) => ({ id: n.id, creditNoteNumber: n.creditNoteNumber, creditNoteDate: n.creditNoteDate, againstInvoiceNumber: (n.data as PlanCreditNoteData).againstInvoiceNumber, total: paiseToRupees(n.totalPaise), refundStatus: n.refundStatus })),
    }));
  }

  /**
   * PATCH /Subscriptions/{subscriptionId}/{supabaseSubscriptionId}: cancel. Only an active, non-trial
   * subscription (platform §4); a paid one runs to the end of its period and is cancelled at the
   * provider at the cycle's end; a free one ends now.
   */
  async cancel(scope: Scope, providerSubscriptionId: string, id: string): Promise<void> {
    const found = await repo.findSubscriptionForUpdate(scope.db, id);
    if (!found) throw notFound(MSG.subscriptionNotFound);
    const s = found.subscription;
    if (s.isTrial) throw badRequest(MSG.trialCannotBeCancelled);
    if (s.status !== 'active') throw conflict(MSG.subscriptionNotActive);
    if (s.cancelRequestedAt) throw conflict(MSG.cancellationAlreadyRequested);
    const now = this.deps.clock.now();
    if (found.plan.isFree) {
      await repo.updateSubscription(scope.db, id, { cancelRequestedAt: now, endAt: now, status: 'cancelled' });
      return;
    }
    // A paid plan the provider does not bill (set up by hand), or a provider id that is not this one's.
    if (!s.providerSubscriptionId || s.providerSubscriptionId !== providerSubscriptionId) throw badRequest(MSG.subscriptionNotInProvider);
    const ended = s.endAt !== null && s.endAt <= now;
    // A cancellation supersedes a scheduled change (and the new subscription made for one).
    await this.dropScheduledReplacement(scope, id);
    await repo.updateSubscription(scope.db, id, { cancelRequestedAt: now, scheduledPlanId: null, scheduledBillingType: null, scheduledQuantity: null, scheduledUnitPricePaise: null, ...(ended || s.startAt > now ? { status: 'cancelled' as const, endAt: s.startAt > now ? s.startAt : s.endAt } : {}) });
    scope.enqueue('subscriptions.providerCancel', { providerSubscriptionId: s.providerSubscriptionId, atCycleEnd: s.startAt <= now });
  }

  /** GET /Subscriptions/credit-notes/{id}/pdf: a credit note as a PDF, drawn from its stored figures. */
  async creditNotePdf(scope: Scope, id: string): Promise<{ pdf: Buffer; fileName: string }> {
    const note = await repo.findCreditNote(scope.db, id);
    if (!note) throw notFound(MSG.creditNoteNotFound);
    const pdf = await renderPlanCreditNotePdf(note.data as PlanCreditNoteData);
    return { pdf, fileName: `${note.creditNoteNumber.replaceAll('/', '-')}.pdf` };
  }

  /** GET /Subscriptions/invoices/renewal: the tax invoice of the chosen month, as a PDF. */
  async invoicePdf(scope: Scope, subscriptionId: string, month: string): Promise<{ pdf: Buffer; fileName: string }> {
    const found = await repo.findSubscriptionForUpdate(scope.db, subscriptionId);
    if (!found) throw notFound(MSG.subscriptionNotFound);
    if (found.plan.isFree) throw badRequest(MSG.freePlanNoInvoice);
    const invoice = await repo.findInvoiceInMonth(scope.db, subscriptionId, month);
    if (!invoice) throw notFound(MSG.noInvoiceForMonth);
    const pdf = await renderPlanInvoicePdf(invoice.data as PlanInvoiceData);
    return { pdf, fileName: `${invoice.invoiceNumber.replaceAll('/', '-')}.pdf` };
  }

  /* ---------------------------------------------------------------- the local test provider */

  private local(): LocalPaymentProvider {
    if (!(this.deps.provider instanceof LocalPaymentProvider)) throw notFound();
    return this.deps.provider;
  }

  /** GET /LocalPayments/{id}: the local checkout page's details (this organisation's pending subscription only). */
  async localCheckout(scope: Scope, providerSubscriptionId: string): Promise<Checkout> {
    this.local();
    const found = await repo.findSubscriptionByProviderId(scope.db, providerSubscriptionId);
    if (!found || found.subscription.status !== 'pending') throw notFound(MSG.subscriptionNotFound);
    return this.checkoutOf(scope, found);
  }

  /**
   * POST /LocalPayments/{id}/pay: the local provider takes the payment. It answers the signed callback
   * (which the browser then sends to verify, as with Razorpay) and sends its signed webhook through
   * the webhook handler after this commit.
   */
  async localPay(scope: Scope, providerSubscriptionId: string) {
    const provider = this.local();
    const found = await repo.findSubscriptionByProviderId(scope.db, providerSubscriptionId);
    if (!found || found.subscription.status !== 'pending') throw notFound(MSG.subscriptionNotFound);
    const { callback, paymentId } = provider.pay(providerSubscriptionId);
    const now = this.deps.clock.now();
    const figures = this.invoiceFigures(found.subscription, found.plan, await repo.findBuyer(scope.db));
    const charge = figures.gst.totalPaise - this.offTheCharge(this.creditFigures(found.subscription, figures)).totalPaise;
    const hook = provider.webhook(
      'subscription.charged',
      {
        subscription: { entity: { id: providerSubscriptionId, status: 'active', current_start: epoch(now), current_end: null, notes: { subscriptionId: found.subscription.id, tenantId: scope.tenantId } } },
        payment: { entity: { id: paymentId, amount: charge, currency: 'INR', status: 'captured' } },
      },
      now,
    );
    scope.enqueue('subscriptions.localWebhook', { rawBodyBase64: hook.rawBody.toString('base64'), signature: hook.signature, eventId: hook.eventId });
    return callback;
  }

  /* ---------------------------------------------------------------- webhooks and schedules */

  /**
   * A provider webhook (POST /webhooks/razorpay, and the local provider's through a job): the
   * signature over the RAW body with the webhook secret, then once per event id, then applied to
   * the organisation that owns the provider subscription. Events may come in any order: payments
   * are captured once by payment id, and a status change older than the last one applied is ignored.
   */
  async handleWebhook(scope: GlobalScope, rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (!verifyWebhook(this.provider.webhookSecret, rawBody, signature)) throw badRequest('Invalid webhook signature.');
    const event = parseWebhookEvent(rawBody);
    if (!event) throw badRequest('Invalid webhook body.');
    const id = eventId?.trim() || event.fallbackKey;
    if (!(await repo.recordWebhookEvent(scope.global, this.provider.kind, id.slice(0, 200), event.event))) return 'duplicate';
    if ((event.event === 'refund.processed' || event.event === 'refund.failed') && event.refund) return this.refundSettled(scope, event.refund, event.event === 'refund.processed' ? 'processed' : 'failed');
    const sub = event.subscription;
    if (!sub) return 'ignored';
    const owner = await repo.findOwnerOfProviderSubscription(scope.global, this.provider.kind, sub.id);
    if (!owner) return 'ignored';
    const eventAt = event.createdAt ? new Date(event.createdAt * 1000) : this.deps.clock.now();
    const providerEnd = sub.currentEnd ? new Date(sub.currentEnd * 1000) : null;
    return scope.asTenant(owner.tenantId, async (tenant) => {
      const payment = event.payment;
      if ((event.event === 'subscription.charged' || event.event === 'subscription.activated') && payment && (payment.status === null || payment.status === 'captured')) {
        await this.capture(tenant, owner.id, { providerPaymentId: payment.id, amountPaise: payment.amount, at: eventAt, providerEnd, eventAt, mandateMethod: payment.mandateMethod });
        return 'applied';
      }
      const found = await repo.findSubscriptionForUpdate(tenant.db, owner.id);
      if (!found) return 'ignored';
      const s = found.subscription;
      if (s.providerEventAt && eventAt < s.providerEventAt) return 'ignored';
      const set: Partial<repo.SubscriptionRow> = { providerEventAt: eventAt };
      if (event.event === 'subscription.authenticated') {
        // The customer completed the authorisation transaction (a scheduled downgrade's new subscription: it is charged from its start_at).
        set.authorisedAt = s.authorisedAt ?? eventAt;
        if (event.payment?.mandateMethod) set.mandateMethod = event.payment.mandateMethod;
      } else if (event.event === 'subscription.cancelled' || event.event === 'subscription.completed') {
        if (s.status === 'pending') set.status = 'cancelled';
        else if (s.status === 'active') set.cancelRequestedAt = s.cancelRequestedAt ?? eventAt;
      } else if (event.event === 'subscription.halted') {
        if (s.status === 'active') set.status = 'halted';
      } else if (event.event === 'subscription.activated' && providerEnd && s.status === 'active' && (!s.endAt || providerEnd > s.endAt)) {
        set.endAt = providerEnd;
      }
      await repo.updateSubscription(tenant.db, owner.id, set);
      return 'applied';
    });
  }

  /**
   * refund.processed / refund.failed: a refund Razorpay answered as pending has settled. A processed refund stays
   * processed (a late or replayed failure changes nothing); a refund of another payment of ours is not a credit note's.
   * Before the job records the refund id, the note is matched by its number: a refund of an earlier generation (one
   * that failed before Retry refund asked for a new one) is not the refund now awaited.
   */
  private async refundSettled(scope: GlobalScope, refund: { id: string; creditNoteNumber: string | null; refundGeneration: number }, status: 'processed' | 'failed'): Promise<'applied' | 'ignored'> {
    const owner = await repo.findOwnerOfRefund(scope.global, refund);
    if (!owner) return 'ignored';
    return scope.asTenant(owner.tenantId, async (tenant) => {
      const found = await repo.findCreditNoteRefundForUpdate(tenant.db, owner.id);
      const note = found?.note;
      if (!note || note.refundStatus === null || note.refundStatus === 'processed') return 'ignored';
      if (note.refundId ? note.refundId !== refund.id : refund.refundGeneration !== note.refundGeneration) return 'ignored';
      await repo.updateCreditNoteRefund(tenant.db, note.id, { refundId: refund.id, refundStatus: status });
      return 'applied';
    });
  }

  /** The job: cancel at the provider; one it no longer knows counts as done. */
  async providerCancel(data: { providerSubscriptionId: string; atCycleEnd: boolean }): Promise<void> {
    try {
      await this.provider.cancelSubscription(data.providerSubscriptionId, data.atCycleEnd);
    } catch (error) {
      if (error instanceof ProviderError && error.reason === 'not_found') return;
      throw error;
    }
  }

  async lapse(scope: GlobalScope): Promise<number> {
    const now = this.deps.clock.now();
    for (const tenantId of await repo.findTenantsWithDueScheduledChanges(scope.global, now)) await scope.asTenant(tenantId, (tenant) => this.applyDueScheduledChanges(tenant, now));
    return repo.lapseSubscriptions(scope.global, now);
  }
}
