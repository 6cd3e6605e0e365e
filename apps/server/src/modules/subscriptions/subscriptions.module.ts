import { defineModule, provide } from '../module';
import type { Config } from '../../platform/config';
import type { JobPayloads } from '../../platform/jobs/jobs';
import { REFUND_ATTEMPTS, REFUND_RETRY_DELAY_SECONDS, SubscriptionService } from './subscriptions.service';
import { LocalPaymentProvider } from './payments/local.provider';
import { RazorpayProvider } from './payments/razorpay.provider';
import type { PaymentProvider } from './payments/payment-provider';
import { subscriptionRoutes } from './subscriptions.routes';

declare module '../module' {
  interface Services {
    subscriptions: SubscriptionService;
  }
}

/**
 * Razorpay when its keys are set (all three, config.ts), else the local test provider (DESIGN §2)
 * signing with the installation's local payment secret.
 */
export function paymentProvider(config: Config, localPaymentSecret: string | null): PaymentProvider {
  const { RAZORPAY_KEY_ID: id, RAZORPAY_KEY_SECRET: secret, RAZORPAY_WEBHOOK_SECRET: webhook } = config;
  if (id && secret && webhook) return new RazorpayProvider(id, secret, webhook, fetch, config.RAZORPAY_API_URL.replace(/\/+$/, ''));
  if (!localPaymentSecret) throw new Error('the local payment provider needs its secret (resolveLocalPaymentSecret)');
  return new LocalPaymentProvider(localPaymentSecret);
}

/** Plans, subscriptions, payments and plan invoices (DESIGN §11). */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  services: {
    subscriptions: provide(['users'], ({ clock, config, localPaymentSecret, users }) => new SubscriptionService({ clock, config, provider: paymentProvider(config, localPaymentSecret), users })),
  },
  routes: [subscriptionRoutes],
  jobs: ({ uow, queue, services, log }) => {
    // Provider cancellations and refunds after the commit, the local provider's webhooks through the same
    // handler as Razorpay's, and the period ends every 15 minutes.
    queue.define({
      name: 'subscriptions.providerCancel',
      run: (job) => services.subscriptions.providerCancel(job.data as JobPayloads['subscriptions.providerCancel']),
    });
    // Stepped: a refused change records our new subscription in one step and creates it at the provider in the next.
    uow.defineSteppedTenantJob(queue, 'subscriptions.providerScheduleChange', (steps, data) => services.subscriptions.providerScheduleChange(steps, data), { retryLimit: 5, retryDelaySeconds: 60 });
    uow.defineGlobalJob(queue, 'subscriptions.localWebhook', async (scope, data) => {
      const result = await services.subscriptions.handleWebhook(scope, Buffer.from(data.rawBodyBase64, 'base64'), data.signature, data.eventId);
      log.debug({ eventId: data.eventId, result }, 'local payment webhook');
    });
    // A stepped job of one step: the step commits the attempt it recorded (and a refusal), then a refusal fails the
    // job so that pg-boss retries it with backoff; the service marks the note failed on the last attempt.
    uow.defineSteppedTenantJob(
      queue,
      'subscriptions.refundCreditNote',
      async (steps, data) => {
        const outcome = await steps((scope) => services.subscriptions.refundCreditNote(scope, data));
        if (outcome !== 'done') throw new Error(outcome.retry);
      },
      { retryLimit: REFUND_ATTEMPTS - 1, retryDelaySeconds: REFUND_RETRY_DELAY_SECONDS },
    );
    uow.defineGlobalJob(
      queue,
      'subscriptions.lapse',
      async (scope) => {
        const changed = await services.subscriptions.lapse(scope);
        if (changed > 0) log.info({ changed }, 'subscriptions lapsed');
      },
      { cron: { expression: '*/15 * * * *', tz: 'UTC' }, retryLimit: 2 },
    );
  },
});
