import { describe, expect, it } from 'vitest';
import { makePlan } from './test-plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Plan, type SessionUser, type TrialPlan } from '@tankha/contracts';
import { routes } from '../../app/router';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderRoutes, renderWithProviders } from '../../test/helpers';
import { SubscriptionPage } from './SubscriptionPage';

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

function renderPage(overrides: Partial<SessionUser>, replies: Parameters<typeof mockFetch>[0] = {}, initialTab?: 'plans' | 'subscriptions') {
  const user = makeUser(overrides);
  const calls = mockFetch({ 'GET /Subscriptions/plans': plansReply(), [`GET /Subscriptions/tenants/${user.tenantId}/trial`]: ok(TRIAL), ...replies });
  setSessionUser(user);
  renderWithProviders(<SubscriptionPage initialTab={initialTab} />, { user });
  return calls;
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

  it('says purchase is coming soon instead of pretending to succeed', async () => {
    const calls = renderPage(onProfessional);
    await cards();
    const user = userEvent.setup();
    await user.click(within(card('Premium')).getByRole('button', { name: 'Upgrade' }));

    const dialog = screen.getByRole('dialog', { name: 'Premium' });
    expect(dialog).toHaveTextContent('Online plan purchase is coming soon. To change your plan now, write to support@tankha.in.');
    expect(within(dialog).getByRole('link', { name: 'support@tankha.in' })).toHaveAttribute('href', 'mailto:support@tankha.in');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows the trial banner with days left and six features, and no current plan', async () => {
    const calls = renderPage({ planName: 'Trial', isTenantOnTrial: true });
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
    const calls = renderPage(onEnterprise);
    await cards();
    expect(screen.queryByRole('region', { name: 'Free trial' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/trial'))).toBe(false);
  });

  it('reports a failed load and retries', async () => {
    let attempts = 0;
    renderPage(onEnterprise, {
      'GET /Subscriptions/plans': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Down' }) : plansReply();
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load plans');
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

  it('shows the spec columns and the trial as one active row', async () => {
    renderPage({ planName: 'Trial', isTenantOnTrial: true }, {}, 'subscriptions');
    const grid = await table();
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Plan',
      'Start Date',
      'End Date',
      'Billing Type',
      'Status',
      'Seats Purchased',
      'Billing Duration',
      'Actions',
    ]);
    const cells = await waitFor(() => {
      const rows = within(grid).getAllByRole('row');
      expect(rows).toHaveLength(2);
      return within(rows[1] as HTMLElement).getAllByRole('cell').map((td) => td.textContent);
    });
    expect(cells).toEqual(['Trial', '01 Jun 2025', '15 Jun 2025', 'Trial', 'active', '—', '14 days', '']);
  });

  it('shows the plan in force from the session', async () => {
    renderPage(onEnterprise, {}, 'subscriptions');
    const grid = await table();
    expect(within(grid).getByRole('cell', { name: 'Enterprise' })).toBeInTheDocument();
    expect(within(grid).getByText('active')).toBeInTheDocument();
  });

  it('is empty without a plan or a trial', async () => {
    renderPage({ planName: null, isTenantOnTrial: false }, {}, 'subscriptions');
    const grid = await table();
    expect(within(grid).getByText('No subscriptions yet')).toBeInTheDocument();
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
