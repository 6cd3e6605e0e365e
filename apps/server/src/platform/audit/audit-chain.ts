import { createHash } from 'node:crypto';

/**
 * The hash chain of an organisation's audit log (tamper evidence). An entry's hash is SHA-256 (hex)
 * over the canonical JSON of its content and the previous entry's hash, so changing, removing or
 * reordering any stored entry breaks every link after it. Canonical JSON: object keys sorted, no
 * whitespace, `undefined` dropped — the same text whatever order jsonb hands the keys back in.
 */

/** What the hash covers: every column of the entry but its own id and hash. */
export interface ChainContent {
  tenantId: string;
  seq: number;
  /** ISO instant, millisecond precision. */
  at: string;
  actorUserId: string | null;
  actorLabel: string | null;
  ip: string | null;
  userAgent: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  prevHash: string;
}

/** The first entry's previous hash. */
export const GENESIS_HASH = '';

export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableJson(v))).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function chainHash(content: ChainContent): string {
  return createHash('sha256').update(stableJson(content)).digest('hex');
}

export interface StoredChainEntry extends ChainContent {
  id: string;
  hash: string;
}

export interface ChainCheck {
  valid: boolean;
  entries: number;
  firstBrokenId: string | null;
}

/**
 * Walks an organisation's entries in `seq` order: each must be numbered one after the previous (from 1),
 * carry the previous entry's hash, and hash to what it stores. The first that does not is named;
 * `entries` counts them all.
 */
export function checkChain(entries: Iterable<StoredChainEntry>): ChainCheck {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  let firstBrokenId: string | null = null;
  for (const entry of entries) {
    count += 1;
    if (firstBrokenId !== null) continue;
    const { id, hash, ...content } = entry;
    if (entry.seq !== expectedSeq || entry.prevHash !== prevHash || chainHash(content) !== hash) firstBrokenId = id;
    prevHash = hash;
    expectedSeq += 1;
  }
  return { valid: firstBrokenId === null, entries: count, firstBrokenId };
}
