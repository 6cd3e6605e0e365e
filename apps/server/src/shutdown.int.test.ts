import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_MSG } from '@tankha/contracts';
import { ONCE } from './testing';
import { accepts, startServerProcess, until, type ServerProcess } from './testing/server-process';

/**
 * Graceful shutdown of a real server process (src/main.ts, embedded PGlite, job workers on): a request
 * that is in flight when SIGTERM arrives completes with 200; /health/ready answers 503 from the signal
 * on; after the drain the port refuses new connections; the process exits 0 well within its timeout.
 * The slow request is one whose body the test sends in two parts, the second after the server has
 * stopped listening, so it is provably in flight across the whole shutdown.
 */
const DRAIN_MS = 1500;
const TIMEOUT_MS = 15_000;

/** A request whose headers and first half of the body are sent now, the rest when finish() is called. */
function slowRequest(port: number, pathName: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const request = http.request({ host: '127.0.0.1', port, path: pathName, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) } });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  request.flushHeaders();
  request.write(bytes.subarray(0, half));
  return { response, finish: () => request.end(bytes.subarray(half)) };
}

async function readiness(port: number): Promise<{ status: number; body: { data?: { status?: string }; message?: string } }> {
  const res = await fetch(`http://127.0.0.1:${String(port)}/backend/api/health/ready`, { headers: { connection: 'close' } });
  return { status: res.status, body: (await res.json()) as { data?: { status?: string } } };
}

describe.runIf(ONCE)('graceful shutdown of a server process', () => { // once per run (the PGlite project): it does not depend on the database
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-shutdown-'));
  let server: ServerProcess | null = null;

  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM: not ready at once, in-flight request completes with 200, new connections refused, exit 0 within the timeout', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    const { port } = server;
    expect(await readiness(port)).toEqual({ status: 200, body: { statusCode: 200, message: HEALTH_MSG.ready, data: { status: 'ready' } } });

    const slow = slowRequest(port, '/backend/api/Account/forgot-password', JSON.stringify({ email: 'nobody-here@example.in' }));
    // The server has the request (its headers and half its body) before the signal.
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    // Draining: still accepting, but telling load balancers to go elsewhere.
    const during = await until('/health/ready to answer 503', async () => {
      const answer = await readiness(port).catch(() => null);
      return answer?.status === 503 ? answer : null;
    }, 5000);
    expect(during.body).toEqual({ statusCode: 503, message: HEALTH_MSG.stopping, data: { status: 'stopping' } });
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);

    // After the drain: the port refuses new connections while the slow request is still open.
    await until('new connections to be refused', async () => !(await accepts(port)), 10_000);
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 200 });

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS + TIMEOUT_MS);
    expect(server.output()).not.toMatch(/error during shutdown|shutdown timed out/);
  }, 180_000);
});
