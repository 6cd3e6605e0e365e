import { useQuery } from '@tanstack/react-query';
import {
  activeCountReplySchema,
  checkoutReplySchema,
  emptyReplySchema,
  localCheckoutReplySchema,
  localPaymentReplySchema,
  pendingReplySchema,
  plansReplySchema,
  subscriptionListReplySchema,
  trialReplySchema,
  type BillingType,
  type Checkout,
  type Plan,
  type ScheduleChangesAt,
  type SubscriptionRow,
  type TrialPlan,
  type VerifyPayment,
} from '@tankha/contracts';
import type { z } from 'zod';
import { api, apiDownload } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';

export const plansKey = ['subscription-plans'] as const;
export const trialKey = (tenantId: string) => ['subscription-trial', tenantId] as const;
export const mySubscriptionsKey = (tenantId: string) => ['my-subscriptions', tenantId] as const;
export const activeUsersKey = ['subscription-active-users'] as const;

/** GET /Subscriptions/plans; the list is at data.data (platform §7.1). Quiet: the tab shows its own error. */
export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: async (): Promise<Plan[]> => (await api.get('/Subscriptions/plans', plansReplySchema, { quiet: true })).data.data,
  });
}

/**
 * GET /Subscriptions/tenants/{id}/trial, asked only while the session says the tenant is on trial;
 * null when the tenant has no trial.
 */
export function useTrial() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: trialKey(user.tenantId),
    queryFn: async (): Promise<TrialPlan | null> =>
      (await api.get(`/Subscriptions/tenants/${encodeURIComponent(user.tenantId)}/trial`, trialReplySchema, { quiet: true })).data,
    enabled: user.isTenantOnTrial,
  });
}

/** GET /Subscriptions/customers/{customerId}: the organisation is the customer. */
export function useMySubscriptions() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: mySubscriptionsKey(user.tenantId),
    queryFn: async (): Promise<SubscriptionRow[]> =>
      (await api.get(`/Subscriptions/customers/${encodeURIComponent(user.tenantId)}`, subscriptionListReplySchema, { quiet: true })).data.data,
  });
}

/** The organisation's active users: the least number of users a plan may be bought for (platform §5). */
export function useActiveUsers() {
  return useQuery({
    queryKey: activeUsersKey,
    queryFn: async (): Promise<number> => (await api.get('/Users/active-count', activeCountReplySchema, { quiet: true })).data.activeUsers,
  });
}

export async function fetchPending(customerId: string) {
  return (await api.get(`/Subscriptions/pending/${encodeURIComponent(customerId)}`, pendingReplySchema, { suppress: true })).data.data;
}

export interface PurchaseRequest {
  planId: string;
  quantity: number;
  billingType: BillingType;
  scheduleChangesAt?: ScheduleChangesAt;
  customerId: string;
  notifyEmail: string;
}

/** POST /Subscriptions with the spec's payload (platform §7.1); the server prices it. Quiet: a 409 is shown as a warning. */
export async function createSubscription(r: PurchaseRequest): Promise<Checkout> {
  const startAt = Math.floor(Date.now() / 1000) + 5 * 60;
  const body = {
    planId: r.planId,
    quantity: r.quantity,
    supaBasePlanId: r.planId,
    customerId: r.customerId,
    customerNotify: true,
    billingType: r.billingType,
    notifyInfo: { notifyEmail: r.notifyEmail },
    totalCount: r.billingType === 'yearly' ? 10 : 100,
    startAt,
    startImmediately: (r.scheduleChangesAt ?? 'now') === 'now',
    ...(r.scheduleChangesAt ? { scheduleChangesAt: r.scheduleChangesAt } : {}),
  };
  return (await api.post('/Subscriptions', checkoutReplySchema, body, { quiet: true })).data;
}

/** POST /Subscriptions/create (free plans): 1 user (platform §9). */
export async function createFreeSubscription(plan: Plan, customerId: string, notifyEmail: string, scheduleChangesAt?: ScheduleChangesAt): Promise<string> {
  const body = { planId: plan.id, quantity: 10, supaBasePlanId: plan.id, customerId, billingType: 'monthly', notifyInfo: { notifyEmail }, numberOfUsers: 1, planName: plan.name, ...(scheduleChangesAt ? { scheduleChangesAt } : {}) };
  return (await api.post('/Subscriptions/create', emptyReplySchema, body, { quiet: true })).message;
}

export async function verifyPayment(subscriptionId: string, callback: VerifyPayment): Promise<string> {
  return (await api.post(`/Subscriptions/${encodeURIComponent(subscriptionId)}/verify`, emptyReplySchema, callback, { quiet: true })).message;
}

/** The checkout was dismissed before paying: the pending subscription is cancelled (platform §4). */
export async function dismissCheckout(subscriptionId: string): Promise<void> {
  await api.put(`/Subscriptions/${encodeURIComponent(subscriptionId)}/status/cancelled`, emptyReplySchema, undefined, { suppress: true });
}

export async function cancelSubscription(row: SubscriptionRow): Promise<string> {
  const providerId = row.razorPaySubscriptionId ?? 'none';
  const reply = await api.send('PATCH', `/Subscriptions/${encodeURIComponent(providerId)}/${encodeURIComponent(row.subscriptionId)}`, undefined, { quiet: true });
  return reply.message;
}

/** Undo of a downgrade waiting for the period's end: the plan in force continues. */
export async function undoScheduledChange(subscriptionId: string): Promise<string> {
  return (await api.send('DELETE', `/Subscriptions/${encodeURIComponent(subscriptionId)}/scheduled-change`, undefined, { quiet: true })).message;
}

/** Retry refund: a refund that ended 'failed' is tried again (the same request to Razorpay, so never twice). */
export async function retryRefund(creditNoteId: string): Promise<string> {
  return (await api.send('POST', `/Subscriptions/credit-notes/${encodeURIComponent(creditNoteId)}/retry-refund`, undefined, { quiet: true })).message;
}

export async function downloadInvoice(subscriptionId: string, invoiceMonth: string): Promise<void> {
  await apiDownload('/Subscriptions/invoices/renewal', null, { query: { subscriptionId, invoiceMonth }, quiet: true });
}

/** A GST credit note (the unused days of a plan replaced by an upgrade) as a PDF. */
export async function downloadCreditNote(id: string): Promise<void> {
  await apiDownload(`/Subscriptions/credit-notes/${encodeURIComponent(id)}/pdf`, null, { quiet: true });
}

export function useLocalCheckout(id: string) {
  return useQuery({
    queryKey: ['local-checkout', id],
    queryFn: async (): Promise<Checkout> => (await api.get(`/LocalPayments/${encodeURIComponent(id)}`, localCheckoutReplySchema, { quiet: true })).data,
    retry: false,
  });
}

export async function payLocally(id: string): Promise<z.infer<typeof localPaymentReplySchema>['data']> {
  return (await api.post(`/LocalPayments/${encodeURIComponent(id)}/pay`, localPaymentReplySchema, undefined, { quiet: true })).data;
}
