import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '@tankha/contracts';
import { auditLog } from '../../db/schema';
import { queryRows } from '../../db/client';
import type { Db } from '../../db/types';
import type { RequestOrigin, TenantDb } from '../tenancy';
import { GENESIS_HASH, chainHash, checkChain, stableJson, type ChainCheck, type StoredChainEntry } from './audit-chain';

/**
 * The audit log's one writer (DESIGN §9: in the same transaction as the change it records, so a change
 * whose transaction rolls back — or whose process dies before COMMIT — leaves no entry, and a committed
 * change always has one). Services call it in one line after the change:
 *
 *   await recordAudit(scope, { entity: 'BankDetails', entityId: userId, action: 'Update', before, after });
 *
 * The actor is the signed-in user of the scope (a job has none: `actorLabel` names it), the IP address
 * and user agent come from the request the route wrapper saw. `before` and `after` may be whole records:
 * only the fields that differ are kept, secrets are masked, and an update that changed nothing is not recorded.
 */
export interface AuditScope {
  readonly db: TenantDb;
  readonly ctx?: { readonly userId: string } | null;
  readonly origin?: RequestOrigin | undefined;
}

export interface AuditEntry {
  entity: AuditEntity;
  entityId?: string | null;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
  /** Only these fields of before and after (one record split into entries: bank details apart from the rest). */
  only?: readonly string[];
  /** The reason the screen asked for (a hold, a rejection, a revision). */
  reason?: string | null;
  /** Sign-ins write for the account that signed in (there is no context yet), or null with the e-mail tried. */
  actorUserId?: string | null;
  /** The system's job name, or the e-mail tried on a failed sign-in. */
  actorLabel?: string | null;
}

/** Field names whose values never reach the log. */
const SECRET_FIELD = /(password|passcode|token|secret|otp|apikey|hash)/i;
/** Field names of bank account numbers: the log shows their last four digits. */
const ACCOUNT_NUMBER_FIELD = /(accountnumber|accountno|bankaccount$|^account$)/i;

function maskAccountNumber(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value);
  return text.length <= 4 ? '••••' : `••••${text.slice(-4)}`;
}

/** Secrets dropped, account numbers masked, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value instanceof Date ? value.toISOString() : value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || SECRET_FIELD.test(key)) continue;
    out[key] = ACCOUNT_NUMBER_FIELD.test(key) ? maskAccountNumber(v) : maskSecrets(v);
  }
  return out;
}

/** The fields of before and after that differ (both masked); either side may be null (a creation, a removal). */
export function changedFields(before: object | null | undefined, after: object | null | undefined): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const b = before ? (maskSecrets(before) as Record<string, unknown>) : null;
  const a = after ? (maskSecrets(after) as Record<string, unknown>) : null;
  if (!b || !a) return { before: b, after: a };
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const diffBefore: Record<string, unknown> = {};
  const diffAfter: Record<string, unknown> = {};
  for (const key of keys) {
    if (stableJson(b[key] ?? null) === stableJson(a[key] ?? null)) continue;
    diffBefore[key] = b[key] ?? null;
    diffAfter[key] = a[key] ?? null;
  }
  return { before: diffBefore, after: diffAfter };
}

/** One JSON round trip, so what is hashed is what jsonb gives back (numbers, nested dates as text). */
function asStored(value: Record<string, unknown> | null): Record<string, unknown> | null {
  return value === null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}

function pick(value: object | null | undefined, only: readonly string[] | undefined): object | null {
  if (!value) return null;
  if (!only) return value;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(only.filter((k) => k in source).map((k) => [k, source[k]]));
}

export async function recordAudit(scope: AuditScope, entry: AuditEntry): Promise<void> {
  const changes = changedFields(pick(entry.before, entry.only), pick(entry.after, entry.only));
  // An update that changed nothing (of these fields) is not an event.
  if (entry.action === 'Update' && stableJson(changes.before) === stableJson(changes.after)) return;
  if (entry.action === 'Update' && changes.after && Object.keys(changes.after).length === 0) return;
  const { tx, tenantId } = scope.db;
  // One writer at a time per organisation until COMMIT, so two transactions never take the same seq or
  // link to the same previous entry (the chain cannot fork). Works on PGlite as on PostgreSQL.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`audit_log:${tenantId}`}, 0))`);
  const [last] = await tx.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(desc(auditLog.seq)).limit(1);
  const [clock] = await queryRows<{ ms: number | string }>(tx, sql`SELECT floor(extract(epoch from clock_timestamp()) * 1000)::float8 AS ms`);
  const at = new Date(Number(clock?.ms ?? Date.now()));
  const content = {
    tenantId,
    seq: (last?.seq ?? 0) + 1,
    at: at.toISOString(),
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : (scope.ctx?.userId ?? null),
    actorLabel: entry.actorLabel ?? (entry.actorUserId === undefined && !scope.ctx ? 'system' : null),
    ip: scope.origin?.ip ?? null,
    userAgent: scope.origin?.userAgent?.slice(0, 300) ?? null,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    before: asStored(changes.before),
    after: asStored(changes.after),
    reason: entry.reason?.trim() ? entry.reason.trim() : null,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await tx.insert(auditLog).values({ ...content, at, hash: chainHash(content) });
}

const BATCH = 5_000;

/** An organisation's entries in chain order, a batch at a time (any handle: the tenant's, or the owner's for the command line). */
async function* chainEntries(tx: Db, tenantId: string): AsyncGenerator<StoredChainEntry> {
  let after = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.seq, after)))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      yield {
        id: row.id,
        tenantId: row.tenantId,
        seq: row.seq,
        at: row.at.toISOString(),
        actorUserId: row.actorUserId,
        actorLabel: row.actorLabel,
        ip: row.ip,
        userAgent: row.userAgent,
        entity: row.entity,
        entityId: row.entityId,
        action: row.action,
        before: row.before ?? null,
        after: row.after ?? null,
        reason: row.reason,
        prevHash: row.prevHash,
        hash: row.hash,
      };
    }
    const lastRow = rows[rows.length - 1];
    if (rows.length < BATCH || !lastRow) return;
    after = lastRow.seq;
  }
}

/** Recomputes an organisation's chain (GET /AuditLog/verify, the audit:verify command). */
export async function verifyAuditChain(tx: Db, tenantId: string): Promise<ChainCheck> {
  const entries: StoredChainEntry[] = [];
  for await (const entry of chainEntries(tx, tenantId)) entries.push(entry);
  return checkChain(entries);
}
