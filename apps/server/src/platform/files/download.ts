import type { FastifyReply } from 'fastify';
import type { OpenedFile } from './file-storage';

/** A stored upload as its download sends it: the opened bytes, the type its row recorded, the attachment name. */
export interface StoredDownload {
  file: OpenedFile;
  mimeType: string;
  disposition: string;
}

/**
 * Sends a stored upload as an attachment, streamed from the store (no whole-file buffer), with the
 * headers every upload download has: never sniffed, never cached.
 */
export function sendStoredDownload(reply: FastifyReply, download: StoredDownload): FastifyReply {
  reply.header('content-disposition', download.disposition).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type(download.mimeType);
  if (download.file.size !== null) reply.header('content-length', download.file.size);
  return reply.send(download.file.stream);
}
