import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@tankha/contracts';
import { routes } from '../../app/router';
import { clearSession, setSessionUser } from '../../app/session';
import { makeUser, mockFetch, ok, renderRoutes } from '../../test/helpers';
import { makePlan } from '../subscription/test-plans';

/** The catalogue's prices (whole rupees per user: monthly, yearly), deliberately out of order. */
const PLANS = [
  makePlan('Enterprise', 199, 1999),
  makePlan('Basic', 49, 499),
  makePlan('Free', 0, 0),
  makePlan('Premium', 149, 1499),
  makePlan('Professional', 99, 999),
  makePlan('Standard', 79, 799),
];

function serve(plans = PLANS) {
  return mockFetch({ 'GET /Subscriptions/plans': ok({ data: plans }) });
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => clearSession());

describe('Pricing page (public)', () => {
  it('shows the catalogue signed out, in the spec order, with a title and the site footer', async () => {
    serve();
    renderRoutes(routes, '/pricing');
    await screen.findByRole('article', { name: 'Free' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Free', 'Basic', 'Standard', 'Professional', 'Premium', 'Enterprise']);
    expect(document.title).toBe('Pricing · Tankha');
    expect(within(card('Free')).getByRole('button', { name: 'Get Started Free' })).toBeEnabled();
    expect(within(card('Basic')).getByRole('button', { name: 'Choose Plan' })).toBeEnabled();
    const site = screen.getByRole('navigation', { name: 'Site' });
    expect(within(site).getByRole('link', { name: 'Cancellation and refund policy' })).toHaveAttribute('href', '/cancellation-and-refund-policy');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('switches between monthly and yearly prices of the catalogue', async () => {
    serve();
    renderRoutes(routes, '/pricing');
    await screen.findByRole('article', { name: 'Free' });

    const monthly: Record<string, string> = { Free: '₹0', Basic: '₹49', Standard: '₹79', Professional: '₹99', Premium: '₹149', Enterprise: '₹199' };
    for (const [name, price] of Object.entries(monthly)) {
      expect(within(card(name)).getByText(price)).toBeInTheDocument();
      expect(within(card(name)).getByText('per user / month')).toBeInTheDocument();
    }

    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    // Saving = round((1 − yearly ÷ (12 × monthly)) × 100): 499/588 → 15, 799/948 → 16, 999/1188 → 16, 1499/1788 → 16, 1999/2388 → 16.
    const yearly: Record<string, [string, string | null]> = {
      Free: ['₹0', null],
      Basic: ['₹499', 'Save 15%'],
      Standard: ['₹799', 'Save 16%'],
      Professional: ['₹999', 'Save 16%'],
      Premium: ['₹1,499', 'Save 16%'],
      Enterprise: ['₹1,999', 'Save 16%'],
    };
    for (const [name, [price, saving]] of Object.entries(yearly)) {
      expect(within(card(name)).getByText(price)).toBeInTheDocument();
      expect(within(card(name)).getByText('per user / year')).toBeInTheDocument();
      if (saving) expect(within(card(name)).getByText(saving)).toBeInTheDocument();
      else expect(within(card(name)).queryByText(/^Save/)).not.toBeInTheDocument();
    }

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('Premium')).getByText('₹149')).toBeInTheDocument();
  });

  it('opens the checkout for the chosen plan and cycle', async () => {
    serve();
    const { router } = renderRoutes(routes, '/pricing');
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    await userEvent.click(within(card('Professional')).getByRole('button', { name: 'Choose Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?plan=professional&cycle=yearly');
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeInTheDocument();
  });

  it('marks the current plan for a signed-in customer', async () => {
    setSessionUser(makeUser({ planName: 'Standard', isTenantOnTrial: false }));
    serve();
    renderRoutes(routes, '/pricing');
    await screen.findByRole('article', { name: 'Free' });
    expect(within(card('Standard')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Premium')).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('says so when the plans cannot be loaded', async () => {
    mockFetch({});
    renderRoutes(routes, '/pricing');
    expect(await screen.findByText('Failed to load plans')).toBeInTheDocument();
  });
});

describe('Checkout page (public)', () => {
  it('summarises the plan and estimates the total for a number of users', async () => {
    serve();
    renderRoutes(routes, '/checkout?plan=professional&cycle=yearly');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(document.title).toBe('Checkout · Tankha');
    expect(within(summary).getByText('₹999 / year')).toBeInTheDocument();
    expect(within(summary).getByText('Save 16% with yearly billing')).toBeInTheDocument();
    expect(within(summary).getByText('₹9,990 / year')).toBeInTheDocument();

    const users = within(summary).getByRole('textbox', { name: 'Users' });
    await userEvent.clear(users);
    await userEvent.type(users, '25');
    expect(within(summary).getByText('₹24,975 / year')).toBeInTheDocument();

    await userEvent.click(within(summary).getByRole('radio', { name: 'Monthly' }));
    expect(within(summary).getByText('₹99 / month')).toBeInTheDocument();
    expect(within(summary).getByText('₹2,475 / month')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to register, or to login', async () => {
    serve();
    renderRoutes(routes, '/checkout?plan=Basic&cycle=monthly');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/register');
    expect(within(summary).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('sends a signed-in administrator to My Subscription', async () => {
    setSessionUser(makeUser({ roleId: Role.Administrator }));
    serve();
    renderRoutes(routes, '/checkout?plan=basic&cycle=monthly');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/my-subscription');
  });

  it('tells a member to ask an administrator', async () => {
    setSessionUser(makeUser({ roleId: Role.Member }));
    serve();
    renderRoutes(routes, '/checkout?plan=basic&cycle=monthly');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    expect(within(summary).getByText(/Only the administrators of Acme Labs can change its plan/)).toBeInTheDocument();
  });

  it('asks for a plan when the link names none or an unknown one', async () => {
    serve();
    renderRoutes(routes, '/checkout?plan=gold');
    expect(await screen.findByRole('heading', { name: 'Choose a plan first' })).toBeInTheDocument();
    expect(screen.getByText(/not one of ours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  });
});

describe('Public pages', () => {
  it.each([
    ['/about-us', 'About us'],
    ['/contact-us', 'Contact us'],
    ['/privacy-policy', 'Privacy policy'],
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/cancellation-and-refund-policy', 'Cancellation and refund policy'],
  ])('%s opens signed out with its heading and title', async (path, title) => {
    mockFetch({});
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Tankha`);
  });

  it('the login and register pages link every public page', async () => {
    mockFetch({});
    for (const path of ['/login', '/register']) {
      const view = renderRoutes(routes, path);
      const site = await screen.findByRole('navigation', { name: 'Site' });
      expect(within(site).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
        '/pricing',
        '/about-us',
        '/contact-us',
        '/privacy-policy',
        '/terms-and-conditions',
        '/cancellation-and-refund-policy',
      ]);
      view.unmount();
    }
  });
});
