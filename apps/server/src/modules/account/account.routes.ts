import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  acceptInviteReplySchema,
  acceptInviteSchema,
  emptyReplySchema,
  forgotPasswordSchema,
  loginSchema,
  MSG,
  oauthAuthorizeReplySchema,
  oauthAuthorizeSchema,
  oauthProvidersReplySchema,
  validateOAuthSchema,
  registerReplySchema,
  registerSchema,
  resendInviteQuerySchema,
  resendVerificationSchema,
  resetPasswordSchema,
  selectTenantQuerySchema,
  sessionReplySchema,
  tenantsReplySchema,
  updatePasswordSchema,
  verifyUserSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { accountScopeOf, publicScopeOf, scopeOf } from '../../platform/route-scope';
import { ACCOUNT, PUBLIC } from '../../platform/auth/access';
import { ok, okList } from '../../platform/http';
import { AppError, badRequest } from '../../platform/errors';
import { OAuthRefused, type OAuthProviderId, type VerifiedIdentity } from '../../platform/auth/oidc';
import type { ClientMeta } from './account.service';

interface Options {
  services: Services;
  rateLimitAuth: { max: number; timeWindow: number };
}

function meta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

function bearer(request: FastifyRequest): string {
  return request.headers.authorization?.slice(7).trim() ?? '';
}

/** Sign-up, sign-in and sessions (platform §7.2). */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, { services, rateLimitAuth }) => {
  const account = services.account;
  const publicLimited = { access: PUBLIC, rateLimit: rateLimitAuth };
  const accountLevel = { access: ACCOUNT };
  const tags = ['Account'];

  app.post('/Account/register', { config: publicLimited, schema: { tags, body: registerSchema, response: { 201: registerReplySchema } } }, async (request, reply) => {
    const data = await account.register(publicScopeOf(request), request.body);
    reply.code(201);
    return ok(data, 'Registration successful. Please check your email to verify your account.', 201);
  });

  app.post('/Account/verify-user', { config: { access: PUBLIC }, schema: { tags, body: verifyUserSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.verifyUser(publicScopeOf(request), request.body.token, request.body.email);
    return ok(null, 'Your email has been verified. You can now log in.');
  });

  app.post('/Account/resend-verification', { config: publicLimited, schema: { tags, body: resendVerificationSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.resendVerification(publicScopeOf(request), request.body.email);
    return ok(null, 'If this email is awaiting verification, a new link has been sent.');
  });

  app.post('/Account/login', { config: publicLimited, schema: { tags, body: loginSchema, response: { 200: sessionReplySchema } } }, async (request) =>
    ok(await account.login(publicScopeOf(request), request.body.email, request.body.password, meta(request)), 'Login successful'),
  );

  // Google and Microsoft sign-in (platform §7.2): the provider round trips run in the routes'
  // preHandler or without a database, never inside a transaction.
  const oidc = services.oidc;
  const supported = (provider: string): OAuthProviderId => {
    if (!oidc.isConfigured(provider)) throw badRequest(MSG.unsupportedProvider(provider));
    return provider;
  };

  app.get('/Account/oauth-providers', { config: { access: { public: true, database: false } }, schema: { tags, response: { 200: oauthProvidersReplySchema } } }, async () =>
    ok({ providers: oidc.configured() }),
  );

  app.post(
    '/Account/oauth-authorize',
    { config: { access: { public: true, database: false }, rateLimit: rateLimitAuth }, schema: { tags, body: oauthAuthorizeSchema, response: { 200: oauthAuthorizeReplySchema } } },
    async (request) => {
      const provider = supported(request.body.provider);
      try {
        const { url, state } = await oidc.authorizationUrl(provider, request.body.codeChallenge);
        return ok({ url, state, redirectUri: oidc.redirectUri(provider) });
      } catch (error) {
        request.log.warn({ err: error, provider }, 'OpenID discovery failed');
        throw new AppError(502, 'OAUTH_PROVIDER_UNAVAILABLE', MSG.oauthStartFailed);
      }
    },
  );

  const identities = new WeakMap<FastifyRequest, VerifiedIdentity>();
  app.post(
    '/Account/validate-oauth',
    {
      config: publicLimited,
      schema: { tags, body: validateOAuthSchema, response: { 200: sessionReplySchema } },
      preHandler: async (request) => {
        const body = request.body as { code: string; provider: string; redirectUri: string; state: string; codeVerifier: string };
        const provider = supported(body.provider);
        try {
          identities.set(request, await oidc.exchange(provider, body));
        } catch (error) {
          if (!(error instanceof OAuthRefused)) {
            request.log.warn({ err: error, provider }, 'OpenID sign-in failed');
            throw new AppError(502, 'OAUTH_PROVIDER_UNAVAILABLE', MSG.oauthFailed);
          }
          request.log.info({ provider, reason: error.reason, detail: error.message }, 'OpenID sign-in refused');
          throw new AppError(400, 'OAUTH_REFUSED', MSG.oauthFailed);
        }
      },
    },
    async (request) => {
      const identity = identities.get(request);
      if (!identity) throw new Error('validate-oauth reached its handler without a verified identity');
      return ok(await account.oauthLogin(publicScopeOf(request), identity, meta(request)), 'Login successful');
    },
  );

  app.post('/Account/logout', { config: accountLevel, schema: { tags, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.logout(accountScopeOf(request));
    return ok(null, 'Logged out successfully');
  });

  app.post('/Account/forgot-password', { config: publicLimited, schema: { tags, body: forgotPasswordSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.forgotPassword(publicScopeOf(request), request.body.email);
    return ok(null, 'If an account exists for this email, a password reset link has been sent.');
  });

  app.post('/Account/reset-password', { config: publicLimited, schema: { tags, body: resetPasswordSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.resetPassword(publicScopeOf(request), request.body);
    return ok(null, 'Your password has been reset. Please log in with your new password.');
  });

  app.post('/Account/accept-invite', { config: publicLimited, schema: { tags, body: acceptInviteSchema, response: { 200: acceptInviteReplySchema } } }, async (request) => {
    const data = await account.acceptInvite(publicScopeOf(request), request.body);
    return ok(data, data.passwordSet ? 'Your password has been set. You can now log in.' : 'Invitation accepted. Log in with your existing password.');
  });

  app.post('/Account/update-password', { config: accountLevel, schema: { tags, body: updatePasswordSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.updatePassword(accountScopeOf(request), request.body);
    return ok(null, 'Password updated successfully');
  });

  app.get('/Account/me', { config: accountLevel, schema: { tags, response: { 200: sessionReplySchema } } }, async (request) => ok(await account.me(accountScopeOf(request), bearer(request))));

  app.get('/Account/tenants', { config: accountLevel, schema: { tags, response: { 200: tenantsReplySchema } } }, async (request) => {
    const list = await account.tenants(accountScopeOf(request));
    return okList(list, list.length);
  });

  app.post('/Account/select-tenant', { config: accountLevel, schema: { tags, querystring: selectTenantQuerySchema, response: { 200: sessionReplySchema } } }, async (request) =>
    ok(await account.selectTenant(accountScopeOf(request), request.query.tenantId, meta(request)), 'Organization switched'),
  );

  app.post('/Account/resend-invite', { config: { access: { permission: 'users.resendInvite' } }, schema: { tags, querystring: resendInviteQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await account.resendInvite(scopeOf(request), request.query.userId);
    return ok(null, 'Invitation sent successfully');
  });
};
