// `npm run start:cluster -- --processes N`: N server processes (apps/server/src/main.ts) sharing one
// port through Node's cluster module (the primary accepts and hands connections round-robin), against
// DATABASE_URL, REDIS_URL and the object storage when S3_BUCKET is set. docs/deploy.md.
//
// The first process starts alone (migrations, the job queue's schema, the demo seed, a generated JWT
// secret) and the others once it listens. SIGTERM/SIGINT reach every process, each shuts down
// gracefully (its in-flight requests and job handlers finish), and the primary exits when all have.
// A process that dies on its own is started again after a second.
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/main.ts');

/** The --processes value (default 2), or an error message. */
export function parseProcesses(argv: readonly string[]): { processes: number; error?: undefined } | { error: string; processes?: undefined } {
  const index = argv.findIndex((arg) => arg === '--processes' || arg.startsWith('--processes='));
  if (index < 0) return { processes: 2 };
  const arg = argv[index] ?? '';
  const value = arg.includes('=') ? arg.split('=')[1] : argv[index + 1];
  if (!/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > 64) return { error: '--processes must be a whole number from 1 to 64' };
  return { processes: Number(value) };
}

/** Why the cluster cannot start with this environment, or null. */
export function environmentProblem(env: NodeJS.ProcessEnv): string | null {
  if (!env.DATABASE_URL) {
    return (
      'DATABASE_URL is not set. Several processes need a shared PostgreSQL database: the embedded PGlite ' +
      'lives inside one process and cannot be shared. Set DATABASE_URL=postgres://… (and REDIS_URL=redis://…), ' +
      'or run one process with `npm start`. See docs/deploy.md.'
    );
  }
  return null;
}

function main(): void {
  const parsed = parseProcesses(process.argv.slice(2));
  if (parsed.error !== undefined) {
    console.error(parsed.error);
    process.exit(1);
  }
  const processes = parsed.processes;
  const problem = environmentProblem(process.env);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  if (!process.env.REDIS_URL && processes > 1) {
    console.warn('REDIS_URL is not set: rate limits, sign-in throttling and live notifications stay per process. Set it for a real deployment (docs/deploy.md).');
  }
  cluster.setupPrimary({ exec: MAIN, execArgv: ['--import', 'tsx'] });
  let stopping = false;
  const fork = () => cluster.fork();
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < processes; i += 1) fork();
  });
  cluster.on('listening', (worker, address) => console.log(`process ${String(worker.process.pid)} listening on ${address.address || '*'}:${String(address.port)}`));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`process ${String(worker.process.pid)} exited (${signal ?? String(code)}); starting another in a second`);
    setTimeout(fork, 1000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${String(Object.keys(cluster.workers ?? {}).length)} processes gracefully`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
