import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One file of a hand-written ZIP: its bytes, or bytes already packed (DEFLATE) with their CRC and size. */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer;
  packed?: { bytes: Buffer; crc: number; size: number };
  /** What the headers claim the file unpacks to (a bomb under-declares); by default the truth. */
  declaredSize?: number;
  /** Left out of the central directory (only a streaming reader sees it). */
  hidden?: boolean;
}

/**
 * A ZIP written by hand, so that tests can make hostile ones: headers that lie about sizes, entries
 * the directory does not list. Every entry is DEFLATE; the local headers and the directory agree.
 */
export function writeZip(entries: readonly ZipEntrySpec[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = entry.data ?? Buffer.alloc(0);
    const packed = entry.packed ?? { bytes: deflateRawSync(data), crc: crc32(data), size: data.length };
    const size = entry.declaredSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    if (!entry.hidden) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(packed.crc, 16);
      central.writeUInt32LE(packed.bytes.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      directory.push(central, name);
      listed += 1;
    }
    parts.push(local, name, packed.bytes);
    offset += local.length + name.length + packed.bytes.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

/**
 * A ZIP bomb: `entries` files named by `name`, each `unpackedBytes` of one repeated byte (about a
 * thousandth of that packed, packed once and shared), whose headers claim `declaredSize` bytes.
 */
export function makeZipBomb(options: { entries: number; unpackedBytes: number; declaredSize: number; name?: (i: number) => string; fill?: number }): Buffer {
  const data = Buffer.alloc(options.unpackedBytes, options.fill ?? 0);
  const packed = { bytes: deflateRawSync(data), crc: crc32(data), size: data.length };
  const name = options.name ?? ((i: number) => `ABCDE${String(1000 + i).slice(-4)}F.pdf`);
  return writeZip(Array.from({ length: options.entries }, (_, i) => ({ name: name(i), packed, declaredSize: options.declaredSize })));
}

/**
 * `size` bytes that DEFLATE packs about 20 to 1 (a run of one letter with a random one now and
 * then): under any ZIP bomb ratio, so that only the unpacked size limits stop them.
 */
export function lowEntropyBytes(size: number, seed = 20_260_401): Buffer {
  const bytes = Buffer.alloc(size, 0x61);
  let state = seed | 0;
  for (let i = 0; i < size; i += 1) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    if ((state & 15) === 0) bytes[i] = 0x61 + ((state >>> 8) % 26);
  }
  return bytes;
}

/**
 * `block` repeated `times`, packed without packing the whole: the block is packed once and flushed
 * (Z_FULL_FLUSH: byte-aligned, the window reset), the copies follow one another, and an empty final
 * block closes the stream. DEFLATE's 32 KB window cannot reach the previous copy of a long block,
 * so the whole packs as the block does.
 */
export function packedRepeat(block: Buffer, times: number): { bytes: Buffer; crc: number; size: number } {
  const one = deflateRawSync(block, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < times; i += 1) crc = crc32(block, crc);
  return { bytes: Buffer.concat([...Array.from({ length: times }, () => one), Buffer.from([0x03, 0x00])]), crc, size: block.length * times };
}
