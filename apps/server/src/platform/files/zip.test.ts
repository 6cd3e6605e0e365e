import { crc32, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { lowEntropyBytes, makeZipBomb, packedRepeat, writeZip } from '../../testing/zips';
import { RATIO_FREE_BYTES, readZipFiles, unpackZip, type ZipLimits } from './zip';

const MB = 1024 * 1024;
const messages = { unreadable: 'unreadable', tooMany: 'too many', tooLarge: 'too large', ratio: (path: string) => `bomb: ${path}` };
const limits = (overrides: Partial<ZipLimits> = {}): ZipLimits => ({ maxEntries: 10, maxEntryBytes: 2 * MB, overEntry: 'list', maxTotalBytes: 6 * MB, maxRatio: 100, messages, ...overrides });

/** The AppError a read ends with: its status and message. */
async function refusal(read: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await read;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the read was not refused');
}

describe('readZipFiles', () => {
  it('reads every file of an honest ZIP, deflated or stored, and leaves out folders and skipped names', async () => {
    const a = lowEntropyBytes(300_000);
    const zip = Buffer.from(zipSync({ 'docs/a.pdf': a, 'b.txt': [Buffer.from('stored'), { level: 0 }], 'docs/': new Uint8Array(0), '__MACOSX/._a.pdf': Buffer.from('junk') }));
    const files = await readZipFiles(zip, limits({ skip: (path) => path.startsWith('__MACOSX/') }));
    expect(files.map((f) => [f.path, f.name, f.sizeBytes])).toEqual([
      ['docs/a.pdf', 'a.pdf', 300_000],
      ['b.txt', 'b.txt', 6],
    ]);
    expect(files[0]?.bytes?.equals(a)).toBe(true);
    expect(files[1]?.bytes?.toString()).toBe('stored');
  });

  it('counts the bytes an entry really unpacks to, not what its headers claim: past the entry limit it is listed without bytes', async () => {
    const zip = writeZip([
      { name: 'small.pdf', data: Buffer.from('%PDF-1.4 small') },
      // Claims 600 bytes; unpacks to 3 MB (packed about 10 to 1: no bomb ratio).
      { name: 'big.pdf', packed: packedRepeat(lowEntropyBytes(MB), 3), declaredSize: 600 },
    ]);
    const files = await readZipFiles(zip, limits());
    expect(files.map((f) => [f.name, f.bytes === null])).toEqual([
      ['small.pdf', false],
      ['big.pdf', true],
    ]);
    expect(files[1]?.sizeBytes).toBeGreaterThan(2 * MB);
    expect(files[1]?.sizeBytes).toBeLessThan(3 * MB);
  });

  it("refuses an entry past the entry limit with the caller's 413 when told to", async () => {
    const zip = writeZip([{ name: 'xl/sharedStrings.xml', packed: packedRepeat(lowEntropyBytes(MB), 3), declaredSize: 600 }]);
    expect(await refusal(readZipFiles(zip, limits({ overEntry: 'refuse' })))).toEqual({ status: 413, message: 'too large' });
  });

  it('stops at the total the entries really unpack to, each under the entry limit and claiming 600 bytes (413)', async () => {
    const data = lowEntropyBytes(1_500_000);
    const packed = { bytes: deflateRawSync(data), crc: crc32(data), size: data.length };
    const zip = writeZip(Array.from({ length: 5 }, (_, i) => ({ name: `f${String(i)}.pdf`, packed, declaredSize: 600 })));
    expect(await refusal(readZipFiles(zip, limits()))).toEqual({ status: 413, message: 'too large' });
    // The same entries within the total are read.
    expect(await readZipFiles(zip, limits({ maxTotalBytes: 8 * MB }))).toHaveLength(5);
  });

  it('refuses an entry that unpacks past the ratio once past the free first megabyte (422, naming it)', async () => {
    const bomb = makeZipBomb({ entries: 2, unpackedBytes: 4 * MB, declaredSize: 600, name: (i) => `bomb${String(i)}.pdf` });
    expect(await refusal(readZipFiles(bomb, limits({ maxEntryBytes: 8 * MB, maxTotalBytes: 16 * MB })))).toEqual({ status: 422, message: 'bomb: bomb0.pdf' });
    // Zeros up to the free megabyte pack just as tight, and are read.
    const blank = makeZipBomb({ entries: 1, unpackedBytes: RATIO_FREE_BYTES, declaredSize: RATIO_FREE_BYTES });
    expect((await readZipFiles(blank, limits()))[0]?.sizeBytes).toBe(RATIO_FREE_BYTES);
  });

  it('refuses more entries than allowed, and what is not a ZIP (400)', async () => {
    const many = writeZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${String(i)}.pdf`, data: Buffer.from('x') })));
    expect(await refusal(readZipFiles(many, limits()))).toEqual({ status: 400, message: 'too many' });
    expect(await refusal(readZipFiles(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]), limits()))).toEqual({ status: 400, message: 'unreadable' });
    const honest = writeZip([{ name: 'a.pdf', data: lowEntropyBytes(100_000) }]);
    const corrupt = Buffer.from(honest);
    corrupt[30 + 'a.pdf'.length] = 0x07; // the first DEFLATE block header: a reserved block type
    expect(await refusal(readZipFiles(corrupt, limits()))).toEqual({ status: 400, message: 'unreadable' });
    // Cut short: no end of the central directory.
    expect(await refusal(readZipFiles(honest.subarray(0, honest.length - 200), limits()))).toEqual({ status: 400, message: 'unreadable' });
  });
});

describe('unpackZip', () => {
  // The event loop's own CPU between two of its turns: what the unpacking held it for, whatever else the machine runs.
  it('gives the event loop a turn at least every 50 ms of its time while it unpacks 160 MB', async () => {
    const bomb = makeZipBomb({ entries: 40, unpackedBytes: 4 * MB, declaredSize: 600 });
    const cpuMs = () => {
      const used = process.threadCpuUsage();
      return (used.user + used.system) / 1000;
    };
    let last = cpuMs();
    let longest = 0;
    let turns = 0;
    let ticking = true;
    const tick = () => {
      const now = cpuMs();
      longest = Math.max(longest, now - last);
      last = now;
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    let unpacked = 0;
    await unpackZip(bomb, limits({ maxEntries: 40, maxEntryBytes: 5 * MB, maxTotalBytes: 200 * MB, maxRatio: 10_000 }), () => ({ write: (chunk) => void (unpacked += chunk.length), end: () => undefined }));
    ticking = false;
    expect(unpacked).toBe(40 * 4 * MB);
    expect(turns).toBeGreaterThan(40);
    expect(longest).toBeLessThan(50);
    // Measured in CPU time, so a busy machine does not fail it; its wall time on one does (5 s default).
  }, 30_000);
});
