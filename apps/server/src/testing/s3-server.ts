import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { S3StorageOptions } from '../platform/files/s3-file-storage';

/** s3rver's fixed credentials: it checks each request's signature against them. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** The S3_* variables that point a server at this bucket (createTestApp's env). */
  env: Record<string, string>;
  options: S3StorageOptions;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (npm s3rver) in a child process on a free loopback
 * port, with a temporary folder and one empty bucket: the tests of S3FileStorage talk to it over
 * HTTP with the AWS SDK, as they would to MinIO or S3. Each test file starts its own, so CI needs
 * nothing started beforehand. A child process because s3rver needs OpenSSL's legacy provider
 * (s3-server.child.mjs says why), which only a command-line flag turns on.
 */
export async function startS3Server(bucket = 'tankha-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3-server.child.mjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the test S3 server stopped at start (exit ${String(code)})`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port.toString()}`;
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY, S3_FORCE_PATH_STYLE: 'true' },
    options: { bucket, endpoint, region: 'us-east-1', accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY, forcePathStyle: true },
    close: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
