import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tankha/contracts';
import { routes } from '../../app/router';
import { jsonResponse, mockFetch, ok, renderRoutes } from '../../test/helpers';
import { INVITE_ACCEPTED, INVITE_ACCEPTED_EXISTING } from './AcceptInvitePage';

describe('AcceptInvitePage', { timeout: 20_000 }, () => {
  async function openPage() {
    const view = renderRoutes(routes, '/accept-invite/tok%2Fen/neha%40example.in');
    await screen.findByRole('button', { name: 'Set Password' });
    return { user: userEvent.setup(), ...view };
  }

  it('shows the e-mail and checks the password rule and the match before calling', async () => {
    const calls = mockFetch({});
    const { user } = await openPage();
    expect(screen.getByText(/neha@example.in/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short1');
    await user.type(screen.getByLabelText('Confirm password'), 'short1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText(MSG.passwordsDiffer)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/Account/accept-invite')).toHaveLength(0);
  });

  it('sets the password and offers the login link', async () => {
    const calls = mockFetch({
      'POST /Account/accept-invite': ok({ passwordSet: true }),
    });
    const { user, router } = await openPage();
    await user.type(screen.getByLabelText('Password'), 'Welcome123');
    await user.type(screen.getByLabelText('Confirm password'), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(INVITE_ACCEPTED)).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.path === '/Account/accept-invite')?.init.body));
    expect(body).toEqual({
      token: 'tok/en',
      email: 'neha@example.in',
      password: 'Welcome123',
      confirmPassword: 'Welcome123',
    });
    await user.click(screen.getByRole('link', { name: 'Login here' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('tells an existing account to log in with its password', async () => {
    mockFetch({ 'POST /Account/accept-invite': ok({ passwordSet: false }) });
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Password'), 'Welcome123');
    await user.type(screen.getByLabelText('Confirm password'), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(INVITE_ACCEPTED_EXISTING)).toBeInTheDocument();
  });

  it.each([MSG.tokenExpired, MSG.invalidLink])('shows %s inline', async (message) => {
    mockFetch({
      'POST /Account/accept-invite': jsonResponse(400, {
        statusCode: 400,
        errorCode: 'VALIDATION_ERROR',
        message,
      }),
    });
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Password'), 'Welcome123');
    await user.type(screen.getByLabelText('Confirm password'), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
