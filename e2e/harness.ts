import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The browser tests' servers (docs/testing.md): one started by the global setup on a fresh
 * data folder, which seeds the demo and is kept as the template; then one per worker, each on a copy
 * of that folder and a port of its own. Every one is the real server (apps/server/src/main.ts).
 */

export const DEMO_PASSWORD = 'Demo@12345';
/** The demo organisation's logins, one per role the browser tests sign in as. */
export const DEMO = {
  administrator: 'anita.rao@nilgiri.demo',
  moderator: 'vikram.nair@nilgiri.demo',
  manager: 'rahul.sharma@nilgiri.demo',
  member: 'aditi.agarwal@nilgiri.demo',
} as const;
export type DemoRole = keyof typeof DEMO;

/**
 * The template's server; worker n's is E2E_PORT + 1 + n, and its server billing through a fake Razorpay (tests/razorpay.ts)
 * E2E_PORT + 11 + n; the mock OpenID provider is E2E_PORT + 20000.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const OAUTH_MOCK_PORT = E2E_PORT + 20000;

/**
 * This run's folder: the template, the workers' copies, the sessions and the server logs. Set once
 * in the runner (which loads the config first) and inherited by the workers it starts.
 */
export const RUN_DIR = (process.env.TANKHA_E2E_RUN_DIR ??= path.join(os.tmpdir(), `tankha-e2e-${process.pid.toString()}`));
export const TEMPLATE_DIR = path.join(RUN_DIR, 'template');
/** The demo logins' sessions, made on the template (so every copy has them): role → the stored user of the web app. */
export const SESSIONS_FILE = path.join(RUN_DIR, 'sessions.json');
/** Where the servers' logs are kept after the run (with the failed tests' traces; Playwright empties it at the next run). */
export const SERVER_LOGS_DIR = path.join(import.meta.dirname, 'artifacts', 'server-logs');

const E2E_DIR = import.meta.dirname;
const SERVER_MAIN = path.resolve(E2E_DIR, '../apps/server/src/main.ts');
const SEED_CLI = path.resolve(E2E_DIR, '../apps/server/src/seed/seed.cli.ts');
/**
 * What the servers must not take from the runner's environment: each has its own embedded database
 * (one PostgreSQL would be shared by every worker), its own rate limits, and stored mail (the dev
 * mailbox the tests read exists only without SMTP).
 */
const NOT_INHERITED = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'];

export interface RunningServer {
  url: string;
  /** SIGTERM, then waits for a clean exit (SIGKILL after 20 s); the exit code, or the signal's name. */
  stop(): Promise<number | string>;
}

/** The environment of a browser test's server (and of the seed that makes the template) on a port and data folder. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of NOT_INHERITED) delete env[key];
  return Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_URL: `http://127.0.0.1:${port.toString()}`,
    RATE_LIMIT_AUTH_MAX: '500',
    GOOGLE_CLIENT_ID: 'tankha-e2e',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: `http://127.0.0.1:${OAUTH_MOCK_PORT.toString()}`,
  });
}

/**
 * Seeds the demo into a new data folder as `npm run db:seed` does (apps/server/src/seed/seed.cli.ts):
 * a year of payroll, then every job of it run to the end (payslip PDFs, stored files, e-mails).
 */
export async function seedTemplate(options: { port: number; dataDir: string }): Promise<void> {
  const logFile = path.join(RUN_DIR, 'seed.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', SEED_CLI], { cwd: E2E_DIR, env: serverEnv(options.port, options.dataDir), stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const code = await new Promise<number | string>((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal ?? 'unknown')));
  if (code !== 0) throw new Error(`Seeding the template failed (exit ${String(code)}):\n${tail(logFile)}`);
}

/**
 * Starts the server on a data folder and waits until /health answers. `env`: settings of this server only, over the usual ones
 * (a fake Razorpay's address and keys, tests/razorpay.ts).
 */
export async function startServer(options: { name: string; port: number; dataDir: string; timeoutMs: number; env?: Record<string, string> }): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port.toString()}`;
  await assertPortFree(options.port);
  const env = { ...serverEnv(options.port, options.dataDir), ...options.env };
  const logFile = path.join(RUN_DIR, `${options.name}.log`);
  const log = fs.openSync(logFile, 'a');
  // One process (tsx as a loader, not its CLI's parent process), so SIGTERM reaches the server's own shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], { cwd: E2E_DIR, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  // A runner or worker that ends without its teardown (interrupted) takes its server with it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  let exit: number | string | null = null;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', orphaned);
      exit = code ?? signal ?? 'unknown';
      resolve(exit);
    });
  });
  const stop = async (): Promise<number | string> => {
    if (exit === null) child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    try {
      return await exited;
    } finally {
      clearTimeout(force);
    }
  };

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (exit !== null) throw new Error(`The ${options.name} server exited (${String(exit)}) before it answered on ${url}:\n${tail(logFile)}`);
    if (await answers(`${url}/backend/api/health`)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The ${options.name} server did not answer on ${url} within ${(options.timeoutMs / 1000).toString()} s:\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/** A server left over from an interrupted run would answer /health in our server's place. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(new Error(`Port ${port.toString()} is in use (a server of an earlier run?): ${error.message}`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function tail(file: string): string {
  return fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
}
