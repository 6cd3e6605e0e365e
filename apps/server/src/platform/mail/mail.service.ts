import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outboxEmails } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';
import type { JobQueue } from '../jobs/job-queue';
import type { FileStorage } from '../files/file-storage';

/** A stored file sent with a message: the job carries its key, the bytes are read when it is delivered. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tenantId?: string | null;
  /**
   * Sent on behalf of a person (tax reminders come from the organisation's primary contact): their
   * name as the sender's display name and their address as Reply-To. The sending address stays
   * MAIL_FROM, so SPF and DMARC of our domain still pass.
   */
  fromName?: string;
  replyTo?: string;
  /** Sent by SMTP; the outbox (embedded mode, /dev/mailbox) records the message without them. */
  attachments?: MailAttachment[];
}

/**
 * The demo organisation's made-up people (seed/demo.ts) have addresses here. Their mail is kept
 * in the outbox and never given to SMTP: a server with SMTP_URL and the demo on (SEED_DEMO defaults
 * to true) would otherwise send a payslip e-mail per demo employee per finalized month to addresses
 * that can only bounce.
 */
export const DEMO_MAIL_DOMAIN = 'nilgiri.demo';

const isDemoAddress = (to: string) => to.toLowerCase().endsWith(`@${DEMO_MAIL_DOMAIN}`);

declare module '../jobs/jobs' {
  interface JobPayloads {
    /** An e-mail: enqueued by the work that causes it, so it goes if and only if that work commits. */
    'mail.send': OutgoingMail;
  }
}

/**
 * The one mail service. A service enqueues `mail.send` in its unit of work; the message is recorded
 * in outbox_emails under the job's id in that same transaction (a retried job finds its row and
 * does not record it twice), and the job, with SMTP_URL, sends it through nodemailer. A failed send is recorded on the row and
 * the job fails, so pg-boss retries it with backoff. In embedded mode the outbox row is the
 * delivery, read at /dev/mailbox.
 */
export class MailService {
  private readonly transporter: Transporter | null;
  private readonly files: FileStorage | null;
  /** The bare address of MAIL_FROM ('Tankha <no-reply@x>' → 'no-reply@x'), used under another display name. */
  private readonly fromAddress: string;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** `transporter` replaces the SMTP_URL one (tests); `files` is where attachments are read. */
    options: { smtpUrl?: string; from: string; files?: FileStorage; transporter?: Transporter },
  ) {
    this.transporter = options.transporter ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { from: options.from }) : null);
    this.files = options.files ?? null;
    this.fromAddress = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
  }

  register(queue: JobQueue): void {
    queue.define({
      name: 'mail.send',
      retryLimit: 8,
      retryDelaySeconds: 30,
      // The outbox row is written with the work that sent the mail, so it is there (and in the dev
      // mailbox) the moment that work commits; the job then delivers it by SMTP when configured.
      onEnqueue: async (tx, job, meta) => this.record(tx, meta.id, job.data as OutgoingMail),
      run: async (job, meta) => this.deliver(meta.id, job.data as OutgoingMail),
    });
  }

  /** SMTP when configured, except for the demo's made-up addresses. */
  private transporterFor(to: string): Transporter | null {
    return isDemoAddress(to) ? null : this.transporter;
  }

  private async record(db: Db, id: string, mail: OutgoingMail): Promise<void> {
    const smtp = this.transporterFor(mail.to) !== null;
    await db
      .insert(outboxEmails)
      .values({
        id,
        tenantId: mail.tenantId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        fromName: mail.fromName ?? null,
        replyTo: mail.replyTo ?? null,
        transport: smtp ? 'smtp' : 'outbox',
        sentAt: smtp ? null : this.clock.now(),
      })
      .onConflictDoNothing({ target: outboxEmails.id });
  }

  /** Records the message once (keyed by the job id) and delivers it when SMTP is configured. */
  async deliver(id: string, mail: OutgoingMail): Promise<void> {
    await this.record(this.db, id, mail);
    const transporter = this.transporterFor(mail.to);
    if (!transporter) return;
    const [row] = await this.db.select({ sentAt: outboxEmails.sentAt }).from(outboxEmails).where(eq(outboxEmails.id, id));
    if (row?.sentAt) return;
    try {
      const attachments = await this.attachmentsOf(mail);
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
        ...(mail.fromName ? { from: { name: mail.fromName, address: this.fromAddress } } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      await this.db.update(outboxEmails).set({ sentAt: this.clock.now(), error: null }).where(eq(outboxEmails.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, to: mail.to }, 'mail send failed; the job is retried');
      await this.db.update(outboxEmails).set({ error: message }).where(eq(outboxEmails.id, id));
      throw error;
    }
  }

  /** The stored bytes of each attachment; a missing one fails the send, which is retried. */
  private async attachmentsOf(mail: OutgoingMail): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const attachments: { filename: string; contentType: string; content: Buffer }[] = [];
    for (const a of mail.attachments ?? []) {
      const content = this.files ? await this.files.get(a.storageKey) : null;
      if (!content) throw new Error(`mail attachment ${a.storageKey} is not in the file store`);
      attachments.push({ filename: a.filename, contentType: a.contentType, content });
    }
    return attachments;
  }
}
