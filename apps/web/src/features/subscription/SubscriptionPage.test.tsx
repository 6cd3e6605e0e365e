import { describe, expect, it, vi } from 'vitest';
import { makePlan } from './test-plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Plan, type SessionUser, type TrialPlan } from '@tankha/contracts';
import { routes } from '../../app/router';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderRoutes, renderWithProviders } from '../../test/helpers';
import { MemoryRouter } from 'react-router';
import { MSG, type Checkout, type SubscriptionRow } from '@tankha/contracts';
import { SubscriptionPage } from './SubscriptionPage';
import { AUTHORISED, NEEDS_AUTHORISING } from './MySubscriptionsTab';

/** The page shows the first 8 of 10 features. */
const plan = (name: string, monthly: number, yearly: number, extra: Partial<Plan> = {}) => makePlan(name, monthly, yearly, 10, extra);

/** The catalogue, deliberately out of order. */
const PLANS = [plan('Enterprise', 199, 1999), plan('Basic', 49, 499), plan('Free', 0, 0), plan('Premium', 149, 1499), plan('Professional', 99, 999), plan('Standard', 79, 799)];
const ORDER = ['Free', 'Basic', 'Standard', 'Professional', 'Premium', 'Enterprise'];

const DAY = 86_400;
const TRIAL: TrialPlan = {
  name: 'Trial',
  description: 'Every feature free for the trial period.',
  monthlyPricePerUser: 0,
  yearlyPricePerUser: 0,
  features: ['Trial one', 'Trial two', 'Trial three', 'Trial four', 'Trial five', 'Trial six', 'Trial seven'],
  billingModel: 'per_user',
  startAt: Date.UTC(2025, 5, 1, 12) / 1000,
  endAt: Date.UTC(2025, 5, 1, 12) / 1000 + 14 * DAY,
  daysLeft: 14,
};

const plansReply = () => ok({ data: PLANS });

const ROW = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
  subscriptionId: 's-1',
  razorPaySubscriptionId: 'sub_local_1',
  planName: 'Basic',
  startAt: Date.UTC(2025, 5, 1, 12) / 1000,
  endAt: Date.UTC(2025, 6, 1, 12) / 1000,
  billing_type: 'monthly',
  status: 'active',
  quantity: 12,
  total_count: 100,
  isFreePlan: false,
  isTrial: false,
  created_at: Date.UTC(2025, 5, 1, 12) / 1000,
  cancelRequestedAt: null,
  changeAt: null,
  scheduledChange: null,
  authorisationUrl: null,
  hasInvoices: true,
  creditNotes: [],
  ...over,
});
const TRIAL_ROW = ROW({ subscriptionId: 's-trial', razorPaySubscriptionId: null, planName: 'Trial', billing_type: 'trial', isTrial: true, status: 'expired', endAt: Date.UTC(2025, 5, 15, 12) / 1000, quantity: 1, total_count: null });

function renderPage(overrides: Partial<SessionUser>, replies: Parameters<typeof mockFetch>[0] = {}, initialTab?: 'plans' | 'subscriptions') {
  const user = makeUser(overrides);
  const calls = mockFetch({
    'GET /Subscriptions/plans': plansReply(),
    [`GET /Subscriptions/tenants/${user.tenantId}/trial`]: ok(TRIAL),
    'GET /Users/active-count': ok({ activeUsers: 3 }),
    [`GET /Subscriptions/customers/${user.tenantId}`]: ok({ data: [ROW({}), TRIAL_ROW] }),
    [`GET /Subscriptions/pending/${user.tenantId}`]: ok({ data: null }),
    ...replies,
  });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={['/my-subscription']}>
      <SubscriptionPage initialTab={initialTab} />
    </MemoryRouter>,
    { user },
  );
  return { calls, user };
}

const onEnterprise = { planName: 'Enterprise', isTenantOnTrial: false };
const onProfessional = { planName: 'Professional', isTenantOnTrial: false };

async function cards() {
  await screen.findByRole('article', { name: 'Free' });
  return screen.getAllByRole('article');
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('Plans tab', () => {
  it('shows the six plans in the spec order with their users line and the popular mark', async () => {
    renderPage(onEnterprise);
    const all = await cards();
    expect(all.map((c) => within(c).getByRole('heading').textContent)).toEqual(ORDER);

    const popular = all.filter((c) => within(c).queryByText('MOST POPULAR'));
    expect(popular).toEqual([card('Professional')]);

    expect(within(card('Free')).getByText('Up to 10 users')).toBeInTheDocument();
    for (const name of ORDER.slice(1)) expect(within(card(name)).getByText('Unlimited Users')).toBeInTheDocument();
  });

  it('lists the first 8 features and the monthly price per user in rupees', async () => {
    renderPage(onEnterprise);
    await cards();
    const basic = card('Basic');
    expect(within(within(basic).getByRole('list')).getAllByRole('listitem')).toHaveLength(8);
    expect(within(basic).getByText('Basic feature 8')).toBeInTheDocument();
    expect(within(basic).queryByText('Basic feature 9')).not.toBeInTheDocument();
    expect(within(basic).getByText('₹49')).toBeInTheDocument();
    expect(within(basic).getByText('per user / month')).toBeInTheDocument();
    expect(within(basic).queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('shows yearly prices and the saving: Basic 49/499 → 1 − 499/588 = 15.1% → Save 15%', async () => {
    renderPage(onEnterprise);
    await cards();
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));

    const basic = card('Basic');
    expect(within(basic).getByText('₹499')).toBeInTheDocument();
    expect(within(basic).getByText('per user / year')).toBeInTheDocument();
    expect(within(basic).getByText('Save 15%')).toBeInTheDocument();
    // Enterprise 199/1999: 1 − 1999/2388 = 16.3% → 16; Indian grouping of 1999.
    expect(within(card('Enterprise')).getByText('₹1,999')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Save 16%')).toBeInTheDocument();
    expect(within(card('Free')).queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('reduces the price by an offer, rounded: 99 at 20% off → ₹79', async () => {
    renderPage(onEnterprise, {
      'GET /Subscriptions/plans': ok({ data: PLANS.map((p) => (p.name === 'Professional' ? { ...p, offer: { discountPercent: 20, razorpayOfferId: null } } : p)) }),
    });
    await cards();
    const professional = card('Professional');
    expect(within(professional).getByText('₹79')).toBeInTheDocument();
    expect(within(professional).getByText('₹99')).toBeInTheDocument();
    expect(within(professional).getByText('20% off')).toBeInTheDocument();
  });

  it('disables the current plan and offers upgrade or downgrade around it', async () => {
    renderPage(onProfessional);
    await cards();
    const button = (name: string) => within(card(name)).getByRole('button');

    expect(button('Professional')).toHaveTextContent('Current Plan');
    expect(button('Professional')).toBeDisabled();
    expect(button('Free')).toHaveTextContent('Downgrade');
    expect(button('Basic')).toHaveTextContent('Downgrade');
    expect(button('Standard')).toHaveTextContent('Downgrade');
    expect(button('Premium')).toHaveTextContent('Upgrade');
    expect(button('Enterprise')).toHaveTextContent('Upgrade');
    expect(button('Premium')).toBeEnabled();
  });

  const CHECKOUT: Checkout = { id: 'sub_local_9', subscriptionId: 's-9', provider: 'local', keyId: null, planName: 'Premium', billingType: 'monthly', quantity: 3, taxablePaise: 44700, amountPaise: 52746, creditPaise: 0, scheduledAt: null, currency: 'INR', prefill: { name: 'A', email: 'a@x.in', contact: '' }, organizationName: 'Org' };

  it('upgrade: now or at the period end, with the user count; creates the subscription for the chosen timing', async () => {
    const { calls } = renderPage(onProfessional, { 'POST /Subscriptions': ok(CHECKOUT) });
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Premium')).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(within(dialog).getByRole('textbox', { name: 'Number of users' })).toHaveValue('3');
    await user.click(within(dialog).getByRole('radio', { name: 'At the end of the current period' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Subscriptions')).toBe(true));
    const order = calls.filter((c) => c.path.startsWith('/Subscriptions/pending') || (c.method === 'POST' && c.path === '/Subscriptions')).map((c) => c.path);
    expect(order).toEqual(['/Subscriptions/pending/' + makeUser().tenantId, '/Subscriptions']);
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ quantity: 3, billingType: 'monthly', scheduleChangesAt: 'cycle_end', totalCount: 100 });
  });

  it('downgrade: scheduled for the period end, no checkout, and the screen says when', async () => {
    const scheduled: Checkout = { ...CHECKOUT, id: '', planName: 'Standard', amountPaise: 0, taxablePaise: 0, scheduledAt: Date.UTC(2025, 6, 1, 12) / 1000 };
    const { calls } = renderPage(onProfessional, { 'POST /Subscriptions': ok(scheduled, 'Changes to Standard on 01 Jul 2025') });
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Standard')).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Standard' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByText(/nothing is charged now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Change' }));
    expect(await screen.findByText('Changes to Standard on 01 Jul 2025')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST' && c.path === '/Subscriptions')?.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ scheduleChangesAt: 'cycle_end' });
    expect(calls.some((c) => c.path.startsWith('/LocalPayments'))).toBe(false);
  });

  it('blocks minus, plus and e in the user count and resets an empty count to the active users', async () => {
    renderPage({ planName: 'Trial', isTenantOnTrial: true });
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Basic')).getByRole('button', { name: 'Choose Plan' }));
    const input = within(await screen.findByRole('dialog', { name: 'Confirm Basic plan' })).getByRole('textbox', { name: 'Number of users' });
    await user.clear(input);
    await user.type(input, '-1e+2');
    expect(input).toHaveValue('12');
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('3');
  });

  it('a count below the active users opens Active User Mismatch; proceeding uses the active count', async () => {
    const { calls } = renderPage({ planName: 'Trial', isTenantOnTrial: true }, { 'POST /Subscriptions': ok({ ...CHECKOUT, planName: 'Basic' }) });
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Basic')).getByRole('button', { name: 'Choose Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Basic plan' });
    const input = within(dialog).getByRole('textbox', { name: 'Number of users' });
    await user.clear(input);
    await user.type(input, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    const mismatch = await screen.findByRole('dialog', { name: 'Active User Mismatch' });
    await user.click(within(mismatch).getByRole('button', { name: 'Proceed with 3 users' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Subscriptions')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body))).toMatchObject({ quantity: 3 });
  });

  it('warns of a pending subscription before overriding it', async () => {
    const { calls, user: me } = renderPage({ planName: 'Trial', isTenantOnTrial: true }, {});
    mockFetch({
      'GET /Subscriptions/plans': plansReply(),
      [`GET /Subscriptions/tenants/${me.tenantId}/trial`]: ok(TRIAL),
      'GET /Users/active-count': ok({ activeUsers: 3 }),
      [`GET /Subscriptions/pending/${me.tenantId}`]: ok({ data: { subscriptionId: 's-0', planName: 'Standard', status: 'pending', created_at: Date.UTC(2025, 5, 2) / 1000 } }),
    });
    void calls;
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Basic')).getByRole('button', { name: 'Choose Plan' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Basic plan' })).getByRole('button', { name: 'Proceed to Payment' }));
    const warning = await screen.findByRole('dialog', { name: 'Pending Subscription' });
    expect(warning).toHaveTextContent('You already have a pending subscription for the Standard plan, created on 02 Jun 2025. Creating a new subscription will override it. This cannot be undone.');
  });

  it('the free plan activates without checkout; a conflict shows the server message as a warning', async () => {
    const { calls } = renderPage({ planName: 'Trial', isTenantOnTrial: true }, { 'POST /Subscriptions/create': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: 'The Free plan allows up to 10 users; this organization has 40 active users.' }) });
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Free')).getByRole('button', { name: 'Get Started Free' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Free plan' })).getByRole('button', { name: 'Activate Free Plan' }));
    expect(await screen.findByText('The Free plan allows up to 10 users; this organization has 40 active users.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/Subscriptions/pending/' + makeUser().tenantId)).toHaveLength(0);
    expect(MSG.freeActivated).toBe('Free subscription activated successfully!');
  });

  it('shows the trial banner with days left and six features, and no current plan', async () => {
    const { calls } = renderPage({ planName: 'Trial', isTenantOnTrial: true });
    const banner = await screen.findByRole('region', { name: 'Free trial' });
    expect(within(banner).getByRole('heading', { name: 'You are on the free trial — 14 days left' })).toBeInTheDocument();
    expect(within(banner).getByText('Trial')).toBeInTheDocument();
    expect(within(banner).getAllByRole('listitem').map((li) => li.textContent)).toEqual(TRIAL.features.slice(0, 6));

    await cards();
    expect(within(card('Free')).getByRole('button')).toHaveTextContent('Get Started Free');
    for (const name of ORDER.slice(1)) expect(within(card(name)).getByRole('button')).toHaveTextContent('Choose Plan');
    expect(calls.some((c) => c.path.endsWith('/trial'))).toBe(true);
  });

  it('does not ask for the trial when the tenant is not on one', async () => {
    const { calls } = renderPage(onEnterprise);
    await cards();
    expect(screen.queryByRole('region', { name: 'Free trial' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/trial'))).toBe(false);
  });

  it('reports a failed load and retries', async () => {
    // Down until Retry is pressed (the query may try more than once on its own before it gives up).
    let down = true;
    renderPage(onEnterprise, {
      'GET /Subscriptions/plans': () => (down ? jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Down' }) : plansReply()),
    });
    const alert = (await screen.findByText('Failed to load plans')).closest('[role="alert"]');
    if (!(alert instanceof HTMLElement)) throw new Error('the failure is not shown as an alert');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await cards()).toHaveLength(6);
  });

  it('says so when there are no plans', async () => {
    renderPage(onEnterprise, { 'GET /Subscriptions/plans': ok({ data: [] }) });
    expect(await screen.findByText('No plans available')).toBeInTheDocument();
  });
});

describe('My Subscriptions tab', () => {
  async function table() {
    return screen.findByRole('table', { name: 'My subscriptions' });
  }

  it('shows the spec columns and every subscription, with status colours and actions only where allowed', async () => {
    renderPage(onEnterprise, {}, 'subscriptions');
    const grid = await table();
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Plan', 'Start Date', 'End Date', 'Billing Type', 'Status', 'Seats Purchased', 'Billing Duration', 'Actions']);
    const rows = await waitFor(() => {
      const r = within(grid).getAllByRole('row');
      expect(r).toHaveLength(3);
      return r;
    });
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(0, 7)).toEqual(['Basic', '01 Jun 2025', '01 Jul 2025', 'Monthly', 'active', '12', '100 months']);
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Cancel Basic subscription' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryAllByRole('button')).toHaveLength(0);
  });

  it('cancels with the spec message', async () => {
    const { calls } = renderPage(onEnterprise, { 'PATCH /Subscriptions/sub_local_1/s-1': ok(null, MSG.cancellationInitiated) }, 'subscriptions');
    const grid = await table();
    const user = userEvent.setup();
    await user.click(await within(grid).findByRole('button', { name: 'Cancel Basic subscription' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Subscription' })).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText(MSG.cancellationInitiated)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(true);
  });

  it('a downgrade waiting for the period end: "Changes to Standard on 01 Jul 2025", and its undo', async () => {
    const scheduled = ROW({ scheduledChange: { planName: 'Standard', billingType: 'monthly', quantity: 12, at: Date.UTC(2025, 6, 1, 12) / 1000, newSubscription: null } });
    const { calls } = renderPage(onEnterprise, { [`GET /Subscriptions/customers/${makeUser().tenantId}`]: ok({ data: [scheduled, TRIAL_ROW] }), 'DELETE /Subscriptions/s-1/scheduled-change': ok(null, 'The scheduled change was undone; Basic continues.') }, 'subscriptions');
    const grid = await table();
    expect(await within(grid).findByText('Changes to Standard on 01 Jul 2025')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(grid).getByRole('button', { name: 'Undo the change to Standard' }));
    expect(await screen.findByText('The scheduled change was undone; Basic continues.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Subscriptions/s-1/scheduled-change')).toBe(true);
  });

  it('asks for a month before downloading an invoice, and shows the server message when there is none', async () => {
    renderPage(onEnterprise, { 'GET /Subscriptions/invoices/renewal': jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: MSG.noInvoiceForMonth }) }, 'subscriptions');
    const grid = await table();
    const user = userEvent.setup();
    await user.click(await within(grid).findByRole('button', { name: 'Download invoice of Basic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(within(dialog).getByText('Please select a month.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Invoice month/), '2025-06');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(MSG.noInvoiceForMonth)).toBeInTheDocument();
  });

  it('downloads a replaced plan\'s credit note from its row; a missing one shows the server message', async () => {
    const replaced = ROW({ subscriptionId: 's-old', planName: 'Standard', status: 'cancelled', creditNotes: [
      { id: 'cn-1', creditNoteNumber: 'TK/CN/25-26/0001', creditNoteDate: '2025-06-11', againstInvoiceNumber: 'TK/25-26/000007', total: 57.82, refundStatus: null },
      { id: 'cn-2', creditNoteNumber: 'TK/CN/25-26/0002', creditNoteDate: '2025-06-20', againstInvoiceNumber: 'TK/25-26/000009', total: 12.5, refundStatus: null },
    ] });
    const me = makeUser(onEnterprise);
    const { calls } = renderPage(onEnterprise, {
      [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [ROW({}), replaced] }),
      'GET /Subscriptions/credit-notes/cn-1/pdf': () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="TK-CN-25-26-0001.pdf"' } }),
      'GET /Subscriptions/credit-notes/cn-2/pdf': jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: MSG.creditNoteNotFound }),
    }, 'subscriptions');
    URL.createObjectURL = vi.fn(() => 'blob:cn');
    URL.revokeObjectURL = vi.fn();
    const grid = await table();
    const user = userEvent.setup();
    const active = within(grid).getAllByRole('row').find((r) => within(r).queryByText('Basic'));
    expect(active && within(active).queryByRole('button', { name: /Download credit note/ })).toBeNull();
    await user.click(within(grid).getByRole('button', { name: 'Download credit note TK/CN/25-26/0001' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/Subscriptions/credit-notes/cn-1/pdf')).toBe(true));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    await user.click(within(grid).getByRole('button', { name: 'Download credit note TK/CN/25-26/0002' }));
    expect(await screen.findByText(MSG.creditNoteNotFound)).toBeInTheDocument();
  });

  it('shows where each credit note\'s refund stands (Razorpay upgrades); a credit taken off the charge shows none', async () => {
    const note = (n: number, refundStatus: SubscriptionRow['creditNotes'][number]['refundStatus']) => ({ id: `cn-${String(n)}`, creditNoteNumber: `TK/CN/26-27/000${String(n)}`, creditNoteDate: '2026-11-30', againstInvoiceNumber: 'TK/26-27/000007', total: 57.82, refundStatus });
    const replaced = ROW({ subscriptionId: 's-old', planName: 'Standard', status: 'cancelled', creditNotes: [note(1, 'processed'), note(2, 'pending'), note(3, 'failed'), note(4, null)] });
    const me = makeUser(onEnterprise);
    renderPage(onEnterprise, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [ROW({}), replaced] }) }, 'subscriptions');
    const grid = await table();
    const under = (n: number) => {
      const button = within(grid).getByRole('button', { name: `Download credit note TK/CN/26-27/000${String(n)}` });
      const entry = button.parentElement;
      if (!entry) throw new Error('no entry');
      return entry;
    };
    await within(grid).findByRole('button', { name: 'Download credit note TK/CN/26-27/0001' });
    expect(within(under(1)).getByText('Refunded to the original payment')).toBeInTheDocument();
    expect(within(under(2)).getByText('Refund pending')).toBeInTheDocument();
    expect(within(under(3)).getByText('Refund failed')).toBeInTheDocument();
    expect(within(under(4)).queryByText(/Refund/)).toBeNull();
    expect(within(grid).getAllByText(/^Refund(ed to the original payment| pending| failed)$/)).toHaveLength(3);
  });

  it('a failed refund offers Retry refund: the server is asked once, its message shown and the list read again', async () => {
    const note = (n: number, refundStatus: SubscriptionRow['creditNotes'][number]['refundStatus']) => ({ id: `cn-${String(n)}`, creditNoteNumber: `TK/CN/26-27/000${String(n)}`, creditNoteDate: '2026-11-30', againstInvoiceNumber: 'TK/26-27/000007', total: 57.82, refundStatus });
    const replaced = ROW({ subscriptionId: 's-old', planName: 'Standard', status: 'cancelled', creditNotes: [note(1, 'processed'), note(2, 'pending'), note(3, 'failed')] });
    const me = makeUser(onEnterprise);
    const { calls } = renderPage(onEnterprise, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [ROW({}), replaced] }), 'POST /Subscriptions/credit-notes/cn-3/retry-refund': ok(null, MSG.refundRetried) }, 'subscriptions');
    const grid = await table();
    await within(grid).findByRole('button', { name: 'Download credit note TK/CN/26-27/0003' });
    // Only the failed one can be retried.
    expect(within(grid).getAllByRole('button', { name: /^Retry the refund of credit note/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Retry the refund of credit note TK/CN/26-27/0003']);
    const listReads = () => calls.filter((c) => c.method === 'GET' && c.path === `/Subscriptions/customers/${me.tenantId}`).length;
    const before = listReads();
    await userEvent.setup().click(within(grid).getByRole('button', { name: 'Retry the refund of credit note TK/CN/26-27/0003' }));
    expect(await screen.findByText(MSG.refundRetried)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/Subscriptions/credit-notes/cn-3/retry-refund')).toHaveLength(1);
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it('Retry refund refused by the server shows its message', async () => {
    const failed = ROW({ subscriptionId: 's-old', planName: 'Standard', status: 'cancelled', creditNotes: [{ id: 'cn-9', creditNoteNumber: 'TK/CN/26-27/0009', creditNoteDate: '2026-11-30', againstInvoiceNumber: null, total: 10, refundStatus: 'failed' }] });
    const me = makeUser(onEnterprise);
    renderPage(onEnterprise, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [failed] }), 'POST /Subscriptions/credit-notes/cn-9/retry-refund': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: MSG.refundNotFailed }) }, 'subscriptions');
    const grid = await table();
    await userEvent.setup().click(await within(grid).findByRole('button', { name: 'Retry the refund of credit note TK/CN/26-27/0009' }));
    expect(await screen.findByText(MSG.refundNotFailed)).toBeInTheDocument();
  });

  it('a downgrade made as a new subscription: scheduled, needs authorising with the link, and no Undo; the new row links too', async () => {
    const url = 'https://rzp.io/i/z3b1R61A';
    const at = Date.UTC(2025, 6, 1, 12) / 1000;
    const current = ROW({ planName: 'Professional', scheduledChange: { planName: 'Basic', billingType: 'monthly', quantity: 1, at, newSubscription: { authorisationUrl: url, authorised: false } } });
    const fresh = ROW({ subscriptionId: 's-new', razorPaySubscriptionId: 'sub_new', planName: 'Basic', status: 'pending', startAt: at, endAt: null, quantity: 1, authorisationUrl: url, hasInvoices: false });
    const me = makeUser(onEnterprise);
    renderPage(onEnterprise, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [fresh, current] }) }, 'subscriptions');
    const grid = await table();
    expect(await within(grid).findByText('Changes to Basic on 01 Jul 2025')).toBeInTheDocument();
    expect(within(grid).getByText(NEEDS_AUTHORISING)).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Undo the change to Basic' })).toBeNull();
    const links = within(grid).getAllByRole('link', { name: 'Authorise the Basic plan' });
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      [url, '_blank'],
      [url, '_blank'],
    ]);
    expect(within(grid).getByText('Starts on 01 Jul 2025 once authorised')).toBeInTheDocument();
  });

  it('once authorised, the scheduled change says so and offers no link', async () => {
    const at = Date.UTC(2025, 6, 1, 12) / 1000;
    const current = ROW({ planName: 'Professional', scheduledChange: { planName: 'Basic', billingType: 'monthly', quantity: 1, at, newSubscription: { authorisationUrl: null, authorised: true } } });
    const me = makeUser(onEnterprise);
    renderPage(onEnterprise, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [current] }) }, 'subscriptions');
    const grid = await table();
    expect(await within(grid).findByText(AUTHORISED)).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: /Authorise/ })).toBeNull();
  });

  it('is empty without subscriptions', async () => {
    const me = makeUser({ planName: null, isTenantOnTrial: false });
    renderPage({ planName: null, isTenantOnTrial: false }, { [`GET /Subscriptions/customers/${me.tenantId}`]: ok({ data: [] }) }, 'subscriptions');
    const grid = await table();
    expect(await within(grid).findByText('No subscriptions yet')).toBeInTheDocument();
  });

  it('switches tabs', async () => {
    renderPage(onEnterprise);
    await cards();
    await userEvent.click(screen.getByRole('tab', { name: 'My Subscriptions' }));
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('/my-subscription route', () => {
  const complete = { orgDetails: true, settings: true };

  it('opens for an administrator, with Subscription in the navbar', async () => {
    const admin = makeUser(onEnterprise);
    setSessionUser(admin);
    mockFetch({
      'GET /orgprofilecompletionstatus': ok(complete),
      'GET /Tenants': ok(makeOrganization()),
      'GET /Account/me': ok(admin),
      'GET /Subscriptions/plans': plansReply(),
    });

    renderRoutes(routes, '/my-subscription');

    expect(await screen.findByRole('heading', { name: 'Subscription', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/my-subscription');
  });

  it('opens for a moderator', async () => {
    const moderator = makeUser({ ...onEnterprise, roleId: Role.Moderator });
    setSessionUser(moderator);
    mockFetch({ 'GET /orgprofilecompletionstatus': ok(complete), 'GET /Tenants': ok(makeOrganization()), 'GET /Account/me': ok(moderator), 'GET /Subscriptions/plans': plansReply() });

    renderRoutes(routes, '/my-subscription');

    expect(await screen.findByRole('article', { name: 'Professional' })).toBeInTheDocument();
  });

  it('sends a member to the access screen, without the navbar entry', async () => {
    const member = makeUser({ roleId: Role.Member, planName: 'Basic', isTenantOnTrial: false });
    setSessionUser(member);
    mockFetch({ 'GET /Tenants': ok(makeOrganization()), 'GET /Account/me': ok(member) });

    const { router } = renderRoutes(routes, '/my-subscription');

    expect(await screen.findByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByRole('link', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it('is where the access screen plan button goes', async () => {
    const admin = makeUser({ planName: null, isTenantOnTrial: false });
    setSessionUser(admin);
    mockFetch({ 'GET /orgprofilecompletionstatus': ok(complete), 'GET /Tenants': ok(makeOrganization()), 'GET /Account/me': ok(admin), 'GET /Subscriptions/plans': plansReply() });

    const { router } = renderRoutes(routes, '/no-subscription');
    await userEvent.click(await screen.findByRole('link', { name: 'Explore Plans' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-subscription'));
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeInTheDocument();
  });
});
