import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { SUPPORT_EMAIL } from '../site-links';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'The agreement',
    body: [
      'These terms are an agreement between Tankha and the organisation that registers for Tankha (“you”). The person who registers confirms that they may bind the organisation. By creating an account or using Tankha you accept these terms, the privacy policy and the cancellation and refund policy.',
    ],
  },
  {
    heading: 'The service',
    body: [
      'Tankha is software as a service for HR, attendance, leave, payroll, income tax and invoicing. The features available depend on your plan, as listed on the pricing page. We may improve and change the service; we will not remove a feature of a paid plan during a period you have paid for.',
    ],
  },
  {
    heading: 'Accounts and users',
    body: ['The administrator who registers manages the organisation’s account: they invite users, give them roles and choose the plan. You are responsible for:'],
    list: [
      'keeping passwords secret and telling us at once of any unauthorised use;',
      'the users you invite and what they do in Tankha;',
      'keeping each person’s role no wider than their work needs.',
    ],
  },
  {
    heading: 'Your data and your responsibilities',
    body: [
      'The data you put into Tankha remains yours. You give us the right to process it only to provide the service, as the privacy policy describes. You are responsible for having a lawful basis under the Digital Personal Data Protection Act, 2023 for the personal data of your employees that you enter, and for its accuracy.',
      'Tankha computes salaries, statutory contributions and tax from the data and settings you provide, using the rates and rules in force. You remain responsible for reviewing the payroll before you finalise it, for paying salaries and statutory dues, and for filing returns on time. Tankha is a tool; it is not legal, tax or financial advice.',
    ],
  },
  {
    heading: 'Plans, trial and payment',
    body: [
      'A new organisation starts with a free trial of every feature. When the trial ends, an administrator chooses the Free plan, within its limit of users and features, or buys a paid plan.',
      'Paid plans are priced per user, for a month or a year, in Indian rupees, as shown on the pricing page when you buy. You choose the number of users, at least the number of active people in your organisation. A subscription renews automatically at the end of each period until it is cancelled, and is charged through our payment partner. Taxes are charged as the law requires and shown on the invoice.',
      'We may change prices for future periods. We will tell the administrators by e-mail at least 30 days before a new price applies to your renewal.',
    ],
  },
  {
    heading: 'Cancellation',
    body: [
      <>
        You can cancel a paid subscription at any time from My Subscription. What happens then, and when money is refunded, is set out in the{' '}
        <Anchor component={Link} to={PATHS.refundPolicy}>
          cancellation and refund policy
        </Anchor>
        .
      </>,
    ],
  },
  {
    heading: 'Acceptable use',
    body: ['You will not:'],
    list: [
      'use Tankha for anything unlawful, or to process data you have no right to process;',
      'try to reach another organisation’s data, test our security without our written permission, or disrupt the service;',
      'copy, resell or reverse-engineer the service, or use it to build a competing product;',
      'upload malware or content that infringes anyone’s rights.',
    ],
  },
  {
    heading: 'Availability and support',
    body: [
      'We work to keep Tankha available at all times, apart from planned maintenance, which we announce in advance where we can. Support is by e-mail on working days; some plans include more, as the pricing page lists.',
    ],
  },
  {
    heading: 'Suspension and termination',
    body: [
      'We may suspend an account that breaks these terms or whose payment has failed, after telling the administrators and giving a reasonable time to put it right, except where we must act at once to protect the service or other customers. When an account is closed you may export your data for 30 days; after that it is deleted as the privacy policy says.',
    ],
  },
  {
    heading: 'Liability',
    body: [
      'To the extent the law allows, Tankha is not liable for indirect or consequential loss, or for penalties or interest arising from data or settings you entered or from returns you did not file. Our total liability in any twelve months is limited to the fees you paid us in those twelve months. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: 'Law and disputes',
    body: [
      'These terms are governed by the laws of India. We will first try to settle any dispute by talking to each other; failing that, the courts of Bengaluru, Karnataka have exclusive jurisdiction.',
    ],
  },
  {
    heading: 'Changes and contact',
    body: [
      <>
        We may update these terms; we will post the new version here with its date and tell the administrators of each organisation by e-mail before a material change takes effect.
        Questions about these terms: <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
      </>,
    ],
  },
];

/** The terms and conditions of the service. */
export function TermsPage() {
  return <LegalPage title="Terms and conditions" intro="Please read these terms before you use Tankha. They are written to be read, not skimmed: short and plain." sections={SECTIONS} />;
}
