import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHash, checkChain, GENESIS_HASH, stableJson, type ChainContent, type StoredChainEntry } from './audit-chain';
import { changedFields, maskSecrets } from './record';

const content = (seq: number, prevHash: string, after: Record<string, unknown> = { n: seq }): ChainContent => ({
  tenantId: 't1',
  seq,
  at: '2026-04-01T04:30:00.000Z',
  actorUserId: 'u1',
  actorLabel: null,
  ip: '10.0.0.1',
  userAgent: null,
  entity: 'PayrollRun',
  entityId: 'r1',
  action: 'Finalize',
  before: null,
  after,
  reason: null,
  prevHash,
});

function chain(length: number): StoredChainEntry[] {
  const out: StoredChainEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= length; seq++) {
    const c = content(seq, prev);
    const hash = chainHash(c);
    out.push({ ...c, id: `e${String(seq)}`, hash });
    prev = hash;
  }
  return out;
}

describe('the audit chain', () => {
  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    expect(stableJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('hashes with SHA-256 (FIPS 180-4) over the canonical JSON, whatever the key order', () => {
    const c = content(1, GENESIS_HASH);
    expect(chainHash(c)).toBe(createHash('sha256').update(stableJson(c)).digest('hex'));
    const reordered = Object.fromEntries(Object.entries(c).reverse()) as unknown as ChainContent;
    expect(chainHash(reordered)).toBe(chainHash(c));
    // The empty string's SHA-256, the published test vector: the hash function is the standard one.
    expect(createHash('sha256').update('').digest('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('an intact chain is valid and counts its entries', () => {
    expect(checkChain(chain(4))).toEqual({ valid: true, entries: 4, firstBrokenId: null });
    expect(checkChain([])).toEqual({ valid: true, entries: 0, firstBrokenId: null });
  });

  it('names the first entry changed, removed or reordered', () => {
    const altered = chain(4);
    altered[1] = { ...altered[1]!, after: { n: 99 } };
    expect(checkChain(altered)).toEqual({ valid: false, entries: 4, firstBrokenId: 'e2' });
    const removed = chain(4).filter((e) => e.id !== 'e3');
    expect(checkChain(removed).firstBrokenId).toBe('e4');
    const swapped = chain(3);
    expect(checkChain([swapped[0]!, swapped[2]!, swapped[1]!]).firstBrokenId).toBe('e3');
    // Recomputing a changed entry's own hash does not help: the next entry's link breaks.
    const rehashed = chain(3);
    const { id, hash: _old, ...rest } = { ...rehashed[1]!, after: { n: 7 } };
    rehashed[1] = { ...rest, id, hash: chainHash(rest) };
    expect(checkChain(rehashed).firstBrokenId).toBe('e3');
  });
});

describe('what the log keeps of a change', () => {
  it('bank account numbers show their last four digits; passwords and tokens never appear', () => {
    expect(maskSecrets({ bankAccountNumber: '50100123456789', debitAccountNumber: '1234', password: 'x', resetToken: 'y', nested: { accountNumber: 987654321 } })).toEqual({
      bankAccountNumber: '••••6789',
      debitAccountNumber: '••••',
      nested: { accountNumber: '••••4321' },
    });
  });

  it('keeps only the fields that changed', () => {
    expect(changedFields({ pan: 'A', uan: '1', name: 'x' }, { pan: 'B', uan: '1', name: 'x' })).toEqual({ before: { pan: 'A' }, after: { pan: 'B' } });
    expect(changedFields(null, { pan: 'B' })).toEqual({ before: null, after: { pan: 'B' } });
  });
});
