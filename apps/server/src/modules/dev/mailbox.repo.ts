import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema';
import type { Db } from '../../db/client';

/** The newest `limit` e-mails, to one address when `to` is given (filtered in the query, not after the limit). */
export async function findLatestMails(db: Db, limit: number, to?: string) {
  const query = db.select().from(outboxEmails);
  return (to === undefined ? query : query.where(eq(outboxEmails.toAddress, to))).orderBy(desc(outboxEmails.createdAt)).limit(limit);
}
