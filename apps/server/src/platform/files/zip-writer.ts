import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of a ZIP being written: its bytes are fetched only when the reader has taken what came before. */
export interface ZipWriterEntry {
  name: string;
  /** Already compressed (a PDF, an image): stored as is instead of deflated again. */
  stored?: boolean;
  bytes: () => Promise<Uint8Array | null>;
}

/**
 * A ZIP written as it is read (fflate's streaming writer): one entry's bytes in memory at a time, and the
 * next fetched only when the HTTP response has taken the previous one's output, so a large export never
 * sits whole in memory. An entry whose bytes are gone (null) is left out.
 */
export function zipStream(entries: Iterable<ZipWriterEntry>, modified: Date): Readable {
  async function* generate(): AsyncGenerator<Uint8Array> {
    const queue: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else queue.push(chunk);
    });
    for (const entry of entries) {
      const bytes = await entry.bytes();
      if (!bytes) continue;
      const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
      file.mtime = modified;
      zip.add(file);
      file.push(bytes, true);
      if (failure) throw failure as Error;
      while (queue.length > 0) yield queue.shift() as Uint8Array;
    }
    zip.end();
    if (failure) throw failure as Error;
    while (queue.length > 0) yield queue.shift() as Uint8Array;
  }
  return Readable.from(generate(), { objectMode: false });
}
