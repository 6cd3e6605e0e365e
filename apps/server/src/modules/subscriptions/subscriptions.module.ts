import { defineModule, provide } from '../module';
import type { Config } from '../../platform/config';
import type { JobPayloads } from '../../platform/jobs/jobs';
import { SubscriptionService } from './subscriptions.service';
import { LocalPaymentProvider } from './payments/local.provider';
import { RazorpayProvider } from './payments/razorpay.provider';
import type { PaymentProvider } from './payments/payment-provider';
import { subscriptionRoutes } from './subscriptions.routes';

declare module '../module' {
  interface Services {
    subscriptions: SubscriptionService;
  }
}

/** Razorpay when its keys are set (all three, config.ts), else the local test provider (DESIGN §2). */
export function paymentProvider(config: Config): PaymentProvider {
  const { RAZORPAY_KEY_ID: id, RAZORPAY_KEY_SECRET: secret, RAZORPAY_WEBHOOK_SECRET: webhook } = config;
  return id && secret && webhook ? new RazorpayProvider(id, secret, webhook) : new LocalPaymentProvider();
}

/** Plans, subscriptions, payments and plan invoices (DESIGN §11). */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  services: {
    subscriptions: provide(['users'], ({ clock, config, users }) => new SubscriptionService({ clock, config, provider: paymentProvider(config), users })),
  },
  routes: [subscriptionRoutes],
  jobs: ({ uow, queue, services, log }) => {
    // Provider cancellations after the commit, the local provider's webhooks through the same handler
    // as Razorpay's, and the period ends every 15 minutes.
    queue.define({
      name: 'subscriptions.providerCancel',
      run: (job) => services.subscriptions.providerCancel(job.data as JobPayloads['subscriptions.providerCancel']),
    });
    queue.define({
      name: 'subscriptions.providerScheduleChange',
      run: (job) => services.subscriptions.providerScheduleChange(job.data as JobPayloads['subscriptions.providerScheduleChange']),
    });
    uow.defineGlobalJob(queue, 'subscriptions.localWebhook', async (scope, data) => {
      const result = await services.subscriptions.handleWebhook(scope, Buffer.from(data.rawBodyBase64, 'base64'), data.signature, data.eventId);
      log.debug({ eventId: data.eventId, result }, 'local payment webhook');
    });
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
