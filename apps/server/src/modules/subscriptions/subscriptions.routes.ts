import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  cancelPathSchema,
  checkoutReplySchema,
  createFreeSubscriptionSchema,
  createSubscriptionSchema,
  customerPathSchema,
  emptyReplySchema,
  invoiceQuerySchema,
  localCheckoutPathSchema,
  localCheckoutReplySchema,
  localPaymentReplySchema,
  pendingReplySchema,
  plansReplySchema,
  subscriptionListReplySchema,
  subscriptionPathSchema,
  subscriptionStatusPathSchema,
  tenantPathSchema,
  trialReplySchema,
  verifyPaymentSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { publicScopeOf, scopeOf } from '../../platform/route-scope';
import { SIGNED_IN } from '../../platform/auth/access';
import { ok } from '../../platform/http';
import { attachmentDisposition } from '../documents/documents.content';

/**
 * Subscriptions (platform §7.1) and the payment provider's callbacks (DESIGN §11). Buying, changing
 * and cancelling need no plan feature: an organisation whose plan lapsed must be able to buy one.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Subscriptions'];
  const subs = services.subscriptions;
  const manage = { access: { permission: 'subscription.manage' as const } };
  // Public, so the pricing page works signed out; the current plan is not marked there.
  app.get('/Subscriptions/plans', { config: { access: { public: true } }, schema: { tags, response: { 200: plansReplySchema } } }, async (request) =>
    ok({ data: await subs.listPlans(publicScopeOf(request)) }),
  );
  app.get('/Subscriptions/tenants/:id/trial', { config: { access: SIGNED_IN }, schema: { tags, params: tenantPathSchema, response: { 200: trialReplySchema } } }, async (request) =>
    ok(await subs.trial(scopeOf(request), request.params.id)),
  );
  app.post('/Subscriptions', { config: manage, schema: { tags, body: createSubscriptionSchema, response: { 200: checkoutReplySchema } } }, async (request) => {
    const checkout = await subs.createPaid(scopeOf(request), request.body);
    // A downgrade opens no checkout: it says when the plan changes.
    return ok(checkout, subs.scheduledMessage(checkout) ?? 'Subscription created');
  });
  app.post('/Subscriptions/create', { config: manage, schema: { tags, body: createFreeSubscriptionSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    const scheduled = await subs.createFree(scopeOf(request), request.body);
    return ok(null, scheduled ?? MSG.freeActivated);
  });
  app.delete('/Subscriptions/:id/scheduled-change', { config: manage, schema: { tags, params: subscriptionPathSchema, response: { 200: emptyReplySchema } } }, async (request) =>
    ok(null, await subs.undoScheduledChange(scopeOf(request), request.params.id)),
  );
  app.post('/Subscriptions/:id/verify', { config: manage, schema: { tags, params: subscriptionPathSchema, body: verifyPaymentSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await subs.verify(scopeOf(request), request.params.id, request.body);
    return ok(null, MSG.paymentSuccess);
  });
  app.put('/Subscriptions/:id/status/:status', { config: manage, schema: { tags, params: subscriptionStatusPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await subs.dismiss(scopeOf(request), request.params.id);
    return ok(null, 'Subscription cancelled');
  });
  app.get('/Subscriptions/pending/:customerId', { config: manage, schema: { tags, params: customerPathSchema, response: { 200: pendingReplySchema } } }, async (request) =>
    ok({ data: await subs.pending(scopeOf(request), request.params.customerId) }),
  );
  app.get('/Subscriptions/customers/:customerId', { config: manage, schema: { tags, params: customerPathSchema, response: { 200: subscriptionListReplySchema } } }, async (request) =>
    ok({ data: await subs.list(scopeOf(request), request.params.customerId) }),
  );
  app.patch('/Subscriptions/:subscriptionId/:supabaseSubscriptionId', { config: manage, schema: { tags, params: cancelPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await subs.cancel(scopeOf(request), request.params.subscriptionId, request.params.supabaseSubscriptionId);
    return ok(null, MSG.cancellationInitiated);
  });
  app.get('/Subscriptions/invoices/renewal', { config: manage, schema: { tags, querystring: invoiceQuerySchema, produces: ['application/pdf'] } }, async (request, reply) => {
    const file = await subs.invoicePdf(scopeOf(request), request.query.subscriptionId, request.query.invoiceMonth);
    reply.header('content-disposition', attachmentDisposition(file.fileName)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
    return file.pdf;
  });

  app.get('/Subscriptions/credit-notes/:id/pdf', { config: manage, schema: { tags, params: subscriptionPathSchema, produces: ['application/pdf'] } }, async (request, reply) => {
    const file = await subs.creditNotePdf(scopeOf(request), request.params.id);
    reply.header('content-disposition', attachmentDisposition(file.fileName)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
    return file.pdf;
  });

  app.post('/Subscriptions/credit-notes/:id/retry-refund', { config: manage, schema: { tags, params: subscriptionPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await subs.retryRefund(scopeOf(request), request.params.id);
    return ok(null, MSG.refundRetried);
  });

  // The local test provider's checkout (404 when Razorpay is configured).
  app.get('/LocalPayments/:id', { config: manage, schema: { tags, params: localCheckoutPathSchema, response: { 200: localCheckoutReplySchema } } }, async (request) =>
    ok(await subs.localCheckout(scopeOf(request), request.params.id)),
  );
  app.post('/LocalPayments/:id/pay', { config: manage, schema: { tags, params: localCheckoutPathSchema, response: { 200: localPaymentReplySchema } } }, async (request) =>
    ok(await subs.localPay(scopeOf(request), request.params.id)),
  );

  // Razorpay's webhooks: the signature is over the raw bytes, so this context keeps the body unparsed.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    hooks.post('/webhooks/razorpay', { config: { access: { public: true } }, schema: { tags, response: { 200: emptyReplySchema } } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = request.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const result = await subs.handleWebhook(publicScopeOf(request), raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
      return ok(null, result);
    });
  });
};
