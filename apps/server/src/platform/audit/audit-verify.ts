import { asc, isNull } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { Db } from '../../db/types';
import { verifyAuditChain } from './record';

/**
 * The command-line check of the audit chains (`npm run audit:verify -w @tankha/server -- --org <id>`; without
 * --org, every organisation). Reads as the owner role, outside any request, so it works when the server is
 * down. One line per organisation; false when any chain is broken.
 */
export async function auditVerifyCommand(db: Db, args: readonly string[], write: (line: string) => void): Promise<boolean> {
  const at = args.indexOf('--org');
  const org = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !org) throw new Error('--org needs an organisation id');
  const ids = org ? [org] : (await db.select({ id: tenants.id }).from(tenants).where(isNull(tenants.deletedAt)).orderBy(asc(tenants.createdAt))).map((r) => r.id);
  let allValid = true;
  for (const id of ids) {
    const check = await verifyAuditChain(db, id);
    allValid &&= check.valid;
    write(check.valid ? `${id}: intact, ${String(check.entries)} entries` : `${id}: BROKEN at entry ${check.firstBrokenId ?? '?'} (${String(check.entries)} entries)`);
  }
  return allValid;
}
