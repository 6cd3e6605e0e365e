import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, PENDING, type FileStorage, type OpenedFile, type StoredEntry } from './file-storage';

/** What S3FileStorage needs: the bucket and how to reach it (config.ts, the S3_* variables). */
export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Spaces, a test server); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Objects per ListObjectsV2 page (S3's own maximum, 1000, by default; tests page with fewer). */
  listPageSize?: number;
}

/** Every object is stored as opaque bytes: each download route sets the type its row recorded. */
const CONTENT_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The FileStorage on an S3-compatible bucket (docs/decisions/incoming-h31-s3.md). The layout is the
 * local folder's: an object's key is its storage key, and a pending upload is `pending/<key>`. A
 * promotion copies the pending object to its final key (CopyObject is atomic: the final key holds
 * all the bytes or none) and then deletes the pending one; run again after a crash between the two
 * it copies again and deletes, so it stays idempotent. Reads try the final key, then the pending one.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.pageSize = options.listPageSize ?? 1000;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
      // trailing CRC32 on every upload. Each upload still carries its Content-Length.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.accessKeyId && options.secretAccessKey) config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    this.client = new S3Client(config);
  }

  private pendingKey(key: string): string {
    assertSafeKey(key);
    return `${PENDING}/${key}`;
  }

  async putPending(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.pendingKey(key), Body: bytes, ContentType: CONTENT_TYPE, ContentLength: bytes.length }));
  }

  async promote(key: string): Promise<boolean> {
    const pending = this.pendingKey(key);
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${encodeURIComponent(pending).replaceAll('%2F', '/')}`, ContentType: CONTENT_TYPE, MetadataDirective: 'REPLACE' }));
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: pending }));
    return true;
  }

  async get(key: string): Promise<Buffer | null> {
    const opened = await this.openObject(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  open(key: string): Promise<OpenedFile | null> {
    return this.openObject(key);
  }

  private async openObject(key: string): Promise<OpenedFile | null> {
    for (const name of [key, this.pendingKey(key)]) {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
        // In Node the body is the response's IncomingMessage: a Readable, read as it arrives.
        if (!(object.Body instanceof Readable)) throw new Error('S3 GetObject: the body is not a Node stream');
        return { stream: object.Body, size: object.ContentLength ?? null };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return null;
  }

  async remove(key: string): Promise<void> {
    // Deleting a key that is not there succeeds in S3: no check first.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.pendingKey(key) }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    for (const pending of [false, true]) {
      const listed = pending ? `${PENDING}/${prefix}` : prefix;
      let token: string | undefined;
      do {
        const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: listed, ContinuationToken: token, MaxKeys: this.pageSize }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || object.Key.endsWith('/')) continue;
          if (!pending && object.Key.startsWith(`${PENDING}/`)) continue;
          const key = pending ? object.Key.slice(PENDING.length + 1) : object.Key;
          entries.push({ key, pending, modifiedAt: object.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
    return entries;
  }

  /** Closes the client's sockets (server shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}
