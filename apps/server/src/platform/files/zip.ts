import { Readable, Writable, type TransformOptions } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';
import { Unzip, UnzipPassThrough, type UnzipFile } from 'fflate';
import { AppError, badRequest, payloadTooLarge, unprocessable } from '../errors';

/**
 * Uploaded ZIPs (a bulk upload of Form 16 PDFs; an XLSX workbook is one too), unpacked without
 * trusting anything the archive says about itself. A ZIP's headers declare each file's size, and a
 * bomb lies: 8 MB of entries claiming 5 MB each unpacked to 8 GB of zeros, and inflating them in
 * one synchronous call held every request of every organisation for 49 s. So fflate's streaming
 * reader walks the entries (headers only, a slice at a time, the event loop getting a turn every
 * few milliseconds), and each entry is inflated by node:zlib in libuv's thread pool, off the event
 * loop, its real output counted chunk by chunk: the read stops at the first limit passed (per
 * entry, in all, and the ratio of unpacked to packed bytes).
 */

/** One file of a ZIP: its bytes, or null when it unpacked past the entry limit (its unpacking stopped there). */
export interface ZipFileEntry {
  /** The entry's path inside the ZIP. */
  path: string;
  /** The last path segment of the entry's name. */
  name: string;
  /** The bytes it unpacked to; for an entry stopped at the limit, how far it got (more than the limit). */
  sizeBytes: number;
  bytes: Buffer | null;
}

/**
 * Receives one entry's unpacked bytes as they are inflated: `write` may throw (an AppError) to end
 * the whole read; `stopped` says the entry passed `maxEntryBytes` and nothing more of it comes.
 */
export interface ZipEntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
  stopped?(unpackedBytes: number): void;
}

export interface ZipLimits {
  /** Entries read, not counting the ones `skip` leaves out. */
  maxEntries: number;
  /** Real unpacked bytes of one entry. */
  maxEntryBytes: number;
  /**
   * An entry past `maxEntryBytes`: 'list' stops unpacking it and goes on (the caller lists it as too
   * large); 'refuse' ends the read with a 413 (`messages.tooLarge`).
   */
  overEntry: 'list' | 'refuse';
  /** Real unpacked bytes of every entry together, the stopped ones included: past it, a 413. */
  maxTotalBytes: number;
  /** Unpacked ÷ packed bytes of one entry so far, once it passes RATIO_FREE_BYTES: past it, a 422. */
  maxRatio: number;
  /** Entries never unpacked nor counted as read (folders always are): the caller's junk files. */
  skip?: (path: string) => boolean;
  messages: { unreadable: string; tooMany: string; tooLarge: string; ratio: (path: string) => string };
}

/**
 * Unpacked ÷ packed past which an entry is a bomb, not a document: DEFLATE's ceiling is about 1032,
 * text and XML pack 5–20 times, PDFs and images barely. Apache POI refuses workbooks past the same
 * ratio (ZipSecureFile's minimum inflate ratio 0.01).
 */
export const ZIP_MAX_RATIO = 100;
/** The ratio is judged only past this much of an entry: a small run of blanks may pack tighter. */
export const RATIO_FREE_BYTES = 1024 * 1024;
/** Local headers read in all (skipped ones too): each costs the reader an object, and no upload needs more. */
const MAX_ZIP_HEADERS = 10_000;
/** Bytes handed to fflate's reader per step: it only walks headers and passes packed bytes through. */
const SLICE_BYTES = 64 * 1024;
/** The longest the reader runs before the event loop gets a turn (other requests, /health). */
const SLICE_MS = 5;
/** What node:zlib hands back per chunk: the sinks (a workbook's XML check) work in pieces this size. */
const INFLATE_CHUNK_BYTES = 64 * 1024;
/**
 * Packed bytes handed to node:zlib at a time. The ratio is judged against what was handed over, so
 * the less runs ahead of what zlib has used, the sooner a bomb shows: from 4 KB of zeros come 4 MB.
 */
const FEED_BYTES = 4 * 1024;
/** zlib passes its options on to its Transform stream: the input it buffers is one piece. */
const INFLATE_OPTIONS: ZlibOptions & TransformOptions = { chunkSize: INFLATE_CHUNK_BYTES, writableHighWaterMark: FEED_BYTES };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

export function looksLikeZip(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4);
  return head.equals(ZIP_MAGIC) || head.equals(EMPTY_ZIP);
}

/** A ZIP ends with its directory's end record, within the last 64 KiB (its comment) and 22 bytes. */
function hasEndRecord(bytes: Buffer): boolean {
  return bytes.indexOf(EMPTY_ZIP, Math.max(0, bytes.length - (22 + 0xffff))) >= 0;
}

const lastSegment = (path: string) => path.split('/').pop() ?? path;

/** fflate hands a DEFLATE entry's bytes over still packed: node:zlib inflates them below, counted. */
class PackedDeflate extends UnzipPassThrough {
  static override compression = 8;
}

interface PackedEntry {
  path: string;
  deflated: boolean;
  packed: Uint8Array[];
  ended: boolean;
}

/** Ends one entry's inflating when it passes `maxEntryBytes` with `overEntry: 'list'`. */
class EntryStopped extends Error {}

/**
 * Unpacks every entry of `bytes` (not skipped) into the sink `open` gives it, counting real bytes;
 * a limit passed ends the read with the caller's message (413 for sizes, 422 for the ratio, 400 for
 * too many files or an unreadable archive). Resolves once every entry has ended.
 */
export async function unpackZip(bytes: Buffer, limits: ZipLimits, open: (path: string) => ZipEntrySink): Promise<void> {
  if (!hasEndRecord(bytes)) throw badRequest(limits.messages.unreadable);
  const entries = await walkEntries(bytes, limits);
  let totalBytes = 0;
  for (const entry of entries) {
    const sink = open(entry.path);
    let unpackedBytes = 0;
    let fedBytes = 0;
    const unpacked = (chunk: Uint8Array) => {
      unpackedBytes += chunk.length;
      totalBytes += chunk.length;
      if (totalBytes > limits.maxTotalBytes) throw payloadTooLarge(limits.messages.tooLarge);
      if (unpackedBytes > limits.maxEntryBytes) {
        if (limits.overEntry === 'refuse') throw payloadTooLarge(limits.messages.tooLarge);
        throw new EntryStopped();
      }
      // The sink sees a chunk before the ratio is judged: its own, more telling refusal (a
      // workbook's 39 MB cell) comes first.
      sink.write(chunk);
      if (unpackedBytes > RATIO_FREE_BYTES && unpackedBytes > limits.maxRatio * fedBytes) throw unprocessable(limits.messages.ratio(entry.path));
    };
    try {
      if (entry.deflated) {
        const pieces = function* () {
          for (const chunk of entry.packed) {
            for (let at = 0; at < chunk.length; at += FEED_BYTES) {
              const piece = chunk.subarray(at, at + FEED_BYTES);
              fedBytes += piece.length;
              yield piece;
            }
          }
        };
        await pipeline(
          Readable.from(pieces(), { highWaterMark: 1 }),
          createInflateRaw(INFLATE_OPTIONS),
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              try {
                unpacked(chunk);
                done();
              } catch (error) {
                done(error instanceof Error ? error : new Error(String(error)));
              }
            },
          }),
        );
      } else {
        for (const chunk of entry.packed) {
          fedBytes += chunk.length;
          // A stored entry's bytes are a view of the upload: copied before a sink keeps them.
          unpacked(Uint8Array.from(chunk));
          await nextTurn();
        }
      }
      sink.end();
    } catch (error) {
      if (error instanceof EntryStopped) {
        sink.stopped?.(unpackedBytes);
        continue;
      }
      if (error instanceof AppError) throw error;
      throw badRequest(limits.messages.unreadable);
    }
  }
}

/**
 * The entries of a ZIP as fflate's streaming reader meets their local headers, each with its packed
 * bytes (views of the upload; nothing is inflated here). Folders and skipped entries are never
 * started, so fflate only lets their bytes pass.
 */
async function walkEntries(bytes: Buffer, limits: ZipLimits): Promise<PackedEntry[]> {
  const entries: PackedEntry[] = [];
  let headers = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    headers += 1;
    if (headers > MAX_ZIP_HEADERS) throw badRequest(limits.messages.tooMany);
    if (file.name.endsWith('/') || limits.skip?.(file.name)) return;
    if (entries.length >= limits.maxEntries) throw badRequest(limits.messages.tooMany);
    if (file.compression !== 0 && file.compression !== 8) throw badRequest(limits.messages.unreadable);
    const entry: PackedEntry = { path: file.name, deflated: file.compression === 8, packed: [], ended: false };
    entries.push(entry);
    file.ondata = (error, packed, final) => {
      if (error) throw error;
      if (packed.length > 0) entry.packed.push(packed);
      if (final) entry.ended = true;
    };
    file.start();
  });
  unzip.register(PackedDeflate);
  try {
    let since = performance.now();
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
      if (performance.now() - since > SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(limits.messages.unreadable);
  }
  // A file cut short (its last bytes never came) is not a file.
  if (entries.some((e) => !e.ended)) throw badRequest(limits.messages.unreadable);
  return entries;
}

/**
 * The files of an uploaded ZIP with their bytes (a bulk upload of PDFs). Folders and what `skip`
 * names are left out; with `overEntry: 'list'`, a file past `maxEntryBytes` is listed with
 * `bytes: null` after unpacking stopped at the limit.
 */
export async function readZipFiles(bytes: Buffer, limits: ZipLimits): Promise<ZipFileEntry[]> {
  const files: { path: string; chunks: Uint8Array[]; sizeBytes: number; tooLarge: boolean }[] = [];
  await unpackZip(bytes, limits, (path) => {
    const file = { path, chunks: [] as Uint8Array[], sizeBytes: 0, tooLarge: false };
    files.push(file);
    return {
      write: (chunk) => {
        file.chunks.push(chunk);
        file.sizeBytes += chunk.length;
      },
      end: () => undefined,
      stopped: (unpackedBytes) => {
        file.chunks = [];
        file.sizeBytes = unpackedBytes;
        file.tooLarge = true;
      },
    };
  });
  return files.map((f) => ({ path: f.path, name: lastSegment(f.path), sizeBytes: f.sizeBytes, bytes: f.tooLarge ? null : Buffer.concat(f.chunks) }));
}
