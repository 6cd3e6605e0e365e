import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tankha/contracts';
import { routes } from '../../app/router';
import { getSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes } from '../../test/helpers';
import { REGISTERED_EMAIL_KEY } from './account.api';
import { EMAIL_VERIFIED } from './VerifyUserPage';

describe('LoginPage', () => {
  async function openLogin() {
    const view = renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Login' });
    return { user: userEvent.setup(), ...view };
  }

  it('asks for both fields, then for a valid e-mail', async () => {
    const calls = mockFetch({});
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MSG.enterEmailPassword)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MSG.validEmail)).toBeInTheDocument();
    expect(screen.queryByText(MSG.enterEmailPassword)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path !== '/Account/oauth-providers')).toHaveLength(0);
  });

  it('shows the server message for wrong credentials and stores nothing', async () => {
    mockFetch({ 'POST /Account/login': jsonResponse(401, { statusCode: 401, errorCode: 'UNAUTHORIZED', message: MSG.incorrectLogin }) });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(MSG.incorrectLogin)).toBeInTheDocument();
    expect(getSessionUser()).toBeNull();
  });

  it('stores the user record on success', async () => {
    const admin = makeUser({ roleId: 3 });
    const calls = mockFetch({ 'POST /Account/login': ok(admin), 'GET /dashboard': jsonResponse(500, {}), 'GET /Tenants': jsonResponse(500, {}) });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'Asha@Example.in ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await screen.findByRole('button', { name: 'User menu' });
    expect(getSessionUser()?.token).toBe(admin.token);
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(String(calls.find((c) => c.path === '/Account/login')?.init.body))).toEqual({ email: 'Asha@Example.in', password: 'secret123' });
  });

  it('shows Google and Microsoft buttons only for the providers the server has', async () => {
    mockFetch({ 'GET /Account/oauth-providers': ok({ providers: ['google'] }) });
    await openLogin();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
  });

  it('shows no provider button when none is configured', async () => {
    const calls = mockFetch({ 'GET /Account/oauth-providers': ok({ providers: [] }) });
    await openLogin();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/Account/oauth-providers')).toBe(true));
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('sends an account in two organisations to the picker, and Continue goes home', async () => {
    const admin = makeUser({ roleId: 1, tenantCount: 2 });
    mockFetch({
      'POST /Account/login': ok(admin),
      'GET /Account/tenants': jsonResponse(200, {
        statusCode: 200,
        message: '',
        data: [
          { id: admin.tenantId, tenantName: admin.tenantName, roleId: 1, isCurrent: true, logoUrl: null },
          { id: '00000000-0000-4000-8000-00000000000b', tenantName: 'Bhima Textiles', roleId: 3, isCurrent: false, logoUrl: null },
        ],
        totalRecords: 2,
      }),
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Choose an organization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/select-organization');
    expect(await screen.findByRole('button', { name: 'Continue with Bhima Textiles' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Continue with ${admin.tenantName}` }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('OAuthCallbackPage (/auth/callback/{provider})', () => {
  const pending = (state: string) =>
    sessionStorage.setItem('tankha.oauthSignIn', JSON.stringify({ provider: 'google', state, codeVerifier: 'v'.repeat(43), redirectUri: 'http://localhost/auth/callback/google', origin: {} }));
  const open = (search: string, provider = 'google') => renderRoutes(routes, `/auth/callback/${provider}${search}`);

  it("says 'Unsupported provider: {x}' for another provider", async () => {
    open('?code=c&state=s', 'github');
    expect(await screen.findByText('Unsupported provider: github')).toBeInTheDocument();
  });

  it('refuses a state this tab did not send, without calling the server', async () => {
    pending('ours');
    const calls = mockFetch({});
    open('?code=c&state=theirs');
    expect(await screen.findByText(MSG.oauthFailed)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/Account/validate-oauth')).toBe(false);
  });

  it("says 'No token received from server' when the reply has no data.token", async () => {
    pending('ours');
    const calls = mockFetch({ 'POST /Account/validate-oauth': ok({}) });
    open('?code=c&state=ours');
    expect(await screen.findByText(MSG.noTokenReceived)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === '/Account/validate-oauth')?.init.body))).toEqual({
      code: 'c',
      provider: 'google',
      redirectUri: 'http://localhost/auth/callback/google',
      state: 'ours',
      codeVerifier: 'v'.repeat(43),
    });
    expect(getSessionUser()).toBeNull();
  });

  it('stores the session and goes home on success', async () => {
    pending('ours');
    const admin = makeUser({ roleId: 3 });
    mockFetch({ 'POST /Account/validate-oauth': ok(admin), 'GET /dashboard': jsonResponse(500, {}), 'GET /Tenants': jsonResponse(500, {}) });
    const { router } = open('?code=c&state=ours');
    await screen.findByRole('button', { name: 'User menu' });
    expect(getSessionUser()?.token).toBe(admin.token);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('registration', () => {
  it('stores the e-mail and shows where the link went', async () => {
    mockFetch({ 'POST /Account/register': jsonResponse(201, { statusCode: 201, message: 'Created', data: { email: 'new@acme.in' } }) });
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Create account' });

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Neha');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Shah');
    await user.type(screen.getByRole('textbox', { name: /Organization name/ }), 'Acme Labs');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'New@Acme.in');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MSG.emailSent)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email-sent-notify');
    expect(localStorage.getItem(REGISTERED_EMAIL_KEY)).toBe('new@acme.in');
    expect(screen.getByText(/The activation link expires in 48 hours\./)).toHaveTextContent('We have sent a verification link to new@acme.in.');
  });

  it('shows the contract messages for a bad form', async () => {
    const calls = mockFetch({});
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText(MSG.validEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says verification is not needed when no e-mail is stored', async () => {
    renderRoutes(routes, '/email-sent-notify');
    expect(await screen.findByText(MSG.verificationNotRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login');
  });

  it('verifies the link on arrival and forgets the stored e-mail', async () => {
    localStorage.setItem(REGISTERED_EMAIL_KEY, 'new@acme.in');
    const calls = mockFetch({ 'POST /Account/verify-user': ok(null) });
    renderRoutes(routes, '/verify-user/tok123/new%40acme.in');

    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ token: 'tok123', email: 'new@acme.in' });
    expect(localStorage.getItem(REGISTERED_EMAIL_KEY)).toBeNull();
  });

  it('shows the server message for an expired link', async () => {
    mockFetch({ 'POST /Account/verify-user': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: MSG.tokenExpired }) });
    renderRoutes(routes, '/verify-user/tok123/new%40acme.in');
    expect(await screen.findByText(MSG.tokenExpired)).toBeInTheDocument();
  });

  it('says “Please enter a valid email address” for /verify-user/abc/x@y.z, without the field name', async () => {
    // The server's reply to that link (apps/server account tests): the message names the field for API clients.
    mockFetch({
      'POST /Account/verify-user': jsonResponse(400, {
        statusCode: 400,
        errorCode: 'VALIDATION_ERROR',
        message: `email: ${MSG.validEmail}`,
        errors: { email: MSG.validEmail },
      }),
    });
    renderRoutes(routes, '/verify-user/abc/x@y.z');
    expect(await screen.findByText(/^Please enter a valid email address$/)).toBeInTheDocument();
    expect(screen.queryByText(/email: /)).not.toBeInTheDocument();
  });

  it('treats /reset-password without a token as an invalid link', async () => {
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByText(MSG.invalidLink)).toBeInTheDocument();
  });
});
