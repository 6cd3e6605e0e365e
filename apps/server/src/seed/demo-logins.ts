import { DEMO_MAIL_DOMAIN } from '../platform/mail/mail.service';

/** Mail to these made-up addresses stays in the outbox, never SMTP (mail.service.ts). */
export const DEMO_DOMAIN = DEMO_MAIL_DOMAIN;
/** The demo's sign-ins by role; demo.ts re-exports them (its own file, so the seed's parts can read them without a cycle). */
export const DEMO_LOGINS = {
  administrator: `anita.rao@${DEMO_DOMAIN}`,
  moderator: `vikram.nair@${DEMO_DOMAIN}`,
  manager: `rahul.sharma@${DEMO_DOMAIN}`,
  member: `aditi.agarwal@${DEMO_DOMAIN}`,
} as const;
