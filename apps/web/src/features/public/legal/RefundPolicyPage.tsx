import { Anchor } from '@mantine/core';
import { SUPPORT_EMAIL } from '../site-links';
import { LegalPage, type LegalSection } from './LegalPage';

const mail = <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Refund request')}`}>{SUPPORT_EMAIL}</Anchor>;

const SECTIONS: LegalSection[] = [
  {
    heading: 'Free trial and Free plan',
    body: [
      'The free trial and the Free plan cost nothing and need no card, so there is nothing to cancel or refund. When the trial ends, an administrator chooses a plan, the Free plan or a paid one, to go on using Tankha; until then sign-in and the organisation’s settings keep working, and no data is deleted.',
    ],
  },
  {
    heading: 'Cancelling a paid subscription',
    body: ['An administrator can cancel an active paid subscription at any time from My Subscription. When you cancel:'],
    list: [
      'the subscription will not renew, and you will not be charged again;',
      'the plan’s features stay available until the end of the period you have already paid for; after that an administrator can choose the Free plan or another plan;',
      'your data is kept, and you can buy a plan again at any time.',
    ],
  },
  {
    heading: 'Changing plans',
    body: [
      'An upgrade or a downgrade can start immediately or at the end of the current billing period; the subscription page shows both choices and the price before you confirm.',
      'A change that starts at the end of the period costs nothing until then. A change that starts immediately replaces the current subscription from that day; the amount already paid for the current period is not refunded, except as section 5 says.',
      'Buying a new subscription while another one is waiting for payment replaces the waiting one; nothing is charged for the subscription that was replaced.',
    ],
  },
  {
    heading: 'Refunds',
    body: [
      'Subscriptions are paid in advance for a month or a year. Because you can cancel at any time and keep the service until the end of the paid period, we do not refund partly used periods.',
    ],
  },
  {
    heading: 'When we do refund',
    body: ['We refund in full:'],
    list: [
      'a payment charged twice for the same period, or charged after you cancelled;',
      'a payment taken for a subscription that was never activated, for example when a payment went through but the subscription failed to start;',
      'a yearly subscription cancelled within 7 days of its first payment, if you tell us within those 7 days;',
      'any period in which we were unable to provide the service through our own fault, in proportion to the time lost.',
    ],
  },
  {
    heading: 'How to ask for a refund',
    body: [
      <>Write to {mail} from an administrator’s e-mail address with the organisation’s name, the invoice number and the reason. We answer within 2 working days.</>,
      'Approved refunds are paid to the original method of payment within 7 working days; your bank may take a few more days to show it. We send a credit note for every refund.',
    ],
  },
];

/** The cancellation and refund policy, following the subscription model of platform §4 and §9. */
export function RefundPolicyPage() {
  return (
    <LegalPage
      title="Cancellation and refund policy"
      intro="Tankha’s plans are monthly or yearly subscriptions priced per user. You can try every feature free, cancel at any time, and you are never charged for a period you did not ask for."
      sections={SECTIONS}
    />
  );
}
