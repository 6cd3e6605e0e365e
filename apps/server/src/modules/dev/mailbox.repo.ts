import { desc } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema';
import type { Db } from '../../db/client';

export async function findLatestMails(db: Db, limit: number) {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
}
