import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outboxEmails } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tenantId?: string | null;
}

/**
 * The one mail service. Every message is recorded in outbox_emails; in embedded mode that record
 * is the delivery (read at /dev/mailbox), with SMTP_URL it is also sent through nodemailer.
 */
export class MailService {
  private readonly transporter: Transporter | null;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl?: string; from: string },
  ) {
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { from: options.from }) : null;
  }

  get transport(): 'outbox' | 'smtp' {
    return this.transporter ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<void> {
    const [row] = await this.db
      .insert(outboxEmails)
      .values({
        tenantId: mail.tenantId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        transport: this.transport,
        sentAt: this.transporter ? null : this.clock.now(),
      })
      .returning({ id: outboxEmails.id });
    if (!this.transporter || !row) return;
    try {
      await this.transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await this.db.update(outboxEmails).set({ sentAt: this.clock.now() }).where(eq(outboxEmails.id, row.id));
    } catch (error) {
      // A failed send must not fail the user's action; it stays in the outbox with the error.
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, to: mail.to }, 'mail send failed');
      await this.db.update(outboxEmails).set({ error: message }).where(eq(outboxEmails.id, row.id));
    }
  }
}
