import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { installationSecrets } from '../db/schema';

/**
 * A secret of this installation that every server process shares: the stored one, or a random one
 * generated and stored now by the first process to ask. Two processes asking at once both insert
 * with ON CONFLICT DO NOTHING and then read the row that won, so they always agree. Never a constant
 * in the repository; the environment's value, where a setting offers one, comes first (the caller).
 */
export async function installationSecret(db: Db, name: string): Promise<string> {
  await db.insert(installationSecrets).values({ name, value: randomBytes(48).toString('base64url') }).onConflictDoNothing({ target: installationSecrets.name });
  const [row] = await db.select({ value: installationSecrets.value }).from(installationSecrets).where(eq(installationSecrets.name, name));
  if (!row) throw new Error(`installation secret ${name} was not stored`);
  return row.value;
}
