import type { Db } from '../../db/client';
import { findLatestMails } from './mailbox.repo';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** Reads the outbox for the dev mailbox: platform work across tenants by design. */
export class MailboxService {
  constructor(private readonly deps: { db: Db }) {}

  /** Addresses are stored lower-case; `to` matches whatever case it is given in. */
  async latest(limit: number, to?: string) {
    const rows = await findLatestMails(this.deps.db, limit, to?.toLowerCase());
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      fromName: r.fromName,
      replyTo: r.replyTo,
      links: [...new Set(r.textBody.match(LINK) ?? [])],
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
