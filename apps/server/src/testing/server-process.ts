import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A real server process (src/main.ts under tsx), for tests of what only a process shows: signals, exit codes, sockets. */
const SERVER_MAIN = path.resolve(import.meta.dirname, '../main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function until<T>(what: string | (() => string), probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether a new TCP connection to the port is accepted now (false: refused). */
export async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts src/main.ts with the given environment on a free port and waits until GET /health/ready answers 200. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'error', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await until(
    () => `the server to be ready (${output})`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}: ${output}`);
      try {
        return (await fetch(`http://127.0.0.1:${String(port)}/backend/api/health/ready`)).status === 200;
      } catch {
        return false;
      }
    },
    timeoutMs,
  );
  return { child, port, output: () => output, exited };
}
