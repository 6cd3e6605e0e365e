import { unzipSync } from 'fflate';
import { AppError, badRequest } from '../errors';

/** One file of a ZIP: its bytes, or null when its declared size is over the entry limit (not unpacked). */
export interface ZipFileEntry {
  /** The last path segment of the entry's name. */
  name: string;
  sizeBytes: number;
  bytes: Buffer | null;
}

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  messages: { unreadable: string; tooLarge: string; tooMany: string };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

export function looksLikeZip(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4);
  return head.equals(ZIP_MAGIC) || head.equals(EMPTY_ZIP);
}

/**
 * The files of an uploaded ZIP, checked before anything is unpacked: at most `maxEntries` files and
 * `maxTotalBytes` unpacked in all, by the sizes the central directory declares. Each entry is
 * inflated into a buffer of its declared size, so an entry that lies about its size comes out cut
 * short (and then fails its own content check) instead of growing without bound. Folders, macOS
 * resource forks and hidden files are skipped; an entry over `maxEntryBytes` is listed unread.
 */
export function readZipFiles(bytes: Buffer, limits: ZipLimits): ZipFileEntry[] {
  const seen: { name: string; size: number; read: boolean }[] = [];
  let total = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      filter: (file) => {
        const name = file.name.split('/').pop() ?? '';
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || name === '' || name.startsWith('.')) return false;
        if (seen.length >= limits.maxEntries) throw badRequest(limits.messages.tooMany);
        const read = file.originalSize <= limits.maxEntryBytes;
        if (read) {
          total += file.originalSize;
          if (total > limits.maxTotalBytes) throw badRequest(limits.messages.tooLarge);
        }
        seen.push({ name: file.name, size: file.originalSize, read });
        return read;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(limits.messages.unreadable);
  }
  return seen.map((entry) => {
    const data = entry.read ? unpacked[entry.name] : undefined;
    return { name: entry.name.split('/').pop() ?? entry.name, sizeBytes: entry.size, bytes: data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null };
  });
}
