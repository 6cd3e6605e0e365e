import { Anchor } from '@mantine/core';
import { SUPPORT_EMAIL } from '../site-links';
import { LegalPage, type LegalSection } from './LegalPage';

const mail = <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Privacy request')}`}>{SUPPORT_EMAIL}</Anchor>;

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are and what this policy covers',
    body: [
      'Tankha provides HR, attendance, payroll and tax software to organisations in India. This policy explains how we handle personal data on our website and in the Tankha application, in line with the Digital Personal Data Protection Act, 2023 (the DPDP Act) and the rules made under it.',
      'There are two roles. For the data your organisation puts into Tankha about its people (employees, their salaries, attendance, tax declarations), your organisation is the Data Fiduciary and Tankha is its Data Processor: we process that data only on the organisation’s instructions and under our terms with it. For the data of the people who sign up for and administer an account, and of visitors to our website, Tankha is the Data Fiduciary.',
    ],
  },
  {
    heading: 'The personal data we handle',
    body: ['Depending on the features your organisation uses, Tankha holds:'],
    list: [
      'Account data: name, work e-mail address, password (stored only as a salted hash), role, and sign-in records such as time and IP address.',
      'Employee records: employee number, date of birth, gender, contact details, department, designation, date of joining and exit, and documents the organisation uploads.',
      'Payroll and tax data: salary structure, bank account and IFSC, PAN, UAN and ESI numbers, payslips, loans, reimbursement claims and receipts, income-tax declarations and proofs of investment, TDS and Form 16.',
      'Attendance and leave: check-in and check-out times, shifts, regularisation and leave requests and their approvals.',
      'Billing data of the subscribing organisation: plan, number of users, invoices and payment references. Card and UPI details are collected by our payment partner, never stored by Tankha.',
      'Technical data needed to run the service securely: logs of requests and errors.',
    ],
  },
  {
    heading: 'Why we process it and on what basis',
    body: [
      'We process personal data only for lawful purposes: to provide the service your organisation has subscribed to (running payroll, computing tax, keeping attendance), to keep accounts secure, to bill for the subscription, to send the e-mails the service needs (verification, password reset, payslips, reminders), and to meet our own legal obligations such as tax and accounting records.',
      'Organisations that use Tankha are responsible for giving their employees notice and having a lawful basis under the DPDP Act (consent or a legitimate use such as employment) for the data they enter. For the account holders and visitors for whom Tankha is the Data Fiduciary, we rely on your consent given when you register, and on the legitimate uses the Act allows.',
      'We do not sell personal data, we do not use employee data for advertising, and we do not use it to train models.',
    ],
  },
  {
    heading: 'Who we share it with',
    body: ['We share personal data only as needed to run the service, with processors bound by contract to protect it:'],
    list: [
      'Hosting and database providers that store the data.',
      'The e-mail provider that delivers the service’s e-mails.',
      'Our payment partner, for the subscription payments of the organisation.',
      'Authorities, when the law requires it (for example a lawful order of a court or a tax authority).',
    ],
  },
  {
    heading: 'How we protect it',
    body: [
      'Each organisation’s data is kept apart from every other organisation’s by the database itself. People see only what their role allows; passwords are hashed; connections are encrypted; uploaded files are checked before they are stored; finalised payroll cannot be changed. We limit access by our staff to what is needed to support you.',
      'If a personal data breach happens, we will inform the affected organisations, the Data Protection Board of India and, where required, the affected people, as the DPDP Act and its rules require.',
    ],
  },
  {
    heading: 'How long we keep it',
    body: [
      'We keep an organisation’s data for as long as its account is active. When an organisation closes its account, we delete or anonymise its data after the period the law requires us or the organisation to keep payroll and tax records (generally eight years for books of account), unless the organisation asks us to return it first. Account holders’ data is deleted when it is no longer needed for the purpose it was collected for.',
    ],
  },
  {
    heading: 'Your rights',
    body: ['Under the DPDP Act you have the right to:'],
    list: [
      'get a summary of your personal data we process and of the processing;',
      'have inaccurate or incomplete data corrected, completed or updated, and have data erased when it is no longer needed, unless the law requires us to keep it;',
      'withdraw consent you have given, as easily as you gave it (this does not affect processing before the withdrawal);',
      'nominate another person to exercise your rights in case of death or incapacity;',
      'have a grievance addressed, and then complain to the Data Protection Board of India.',
    ],
  },
  {
    heading: 'How to exercise them',
    body: [
      'If you are an employee of an organisation that uses Tankha, please first ask your employer’s HR or administrator: they are the Data Fiduciary for your employment data, and many details (your profile, declarations, documents) you can see and update yourself in Tankha. We will help them answer you.',
      <>For your own account, or to reach our Grievance Officer, write to {mail}. We will reply within the time the DPDP Act and its rules allow.</>,
    ],
  },
  {
    heading: 'Children',
    body: ['Tankha is a service for organisations and their employees. It is not meant for children, and we do not knowingly process the personal data of anyone under 18 except as an organisation’s employment records require.'],
  },
  {
    heading: 'Cookies and local storage',
    body: ['The application keeps your sign-in in your browser’s local storage so that you stay signed in. We do not use advertising or tracking cookies.'],
  },
  {
    heading: 'Changes to this policy',
    body: ['We will post any change on this page with a new date. If a change affects how we use data already collected, we will tell the administrators of each organisation by e-mail before it takes effect.'],
  },
];

/** The privacy policy (DPDP Act, 2023). */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      intro="Your organisation trusts us with some of the most sensitive data it has: its people’s salaries, bank accounts and tax details. This policy says what we do with that data, and what we never do."
      sections={SECTIONS}
    />
  );
}
