import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { environmentProblem, parseProcesses } from './start-cluster';

const SCRIPT = path.resolve(import.meta.dirname, 'start-cluster.ts');

describe('npm run start:cluster', () => {
  it('reads --processes N and --processes=N, two by default', () => {
    expect(parseProcesses([])).toEqual({ processes: 2 });
    expect(parseProcesses(['--processes', '3'])).toEqual({ processes: 3 });
    expect(parseProcesses(['--processes=4'])).toEqual({ processes: 4 });
  });

  it.each([[['--processes']], [['--processes', '0']], [['--processes', 'two']], [['--processes=1.5']], [['--processes', '65']]])('refuses %j', (argv) => {
    expect(parseProcesses(argv)).toEqual({ error: '--processes must be a whole number from 1 to 64' });
  });

  it('needs DATABASE_URL: the embedded PGlite cannot be shared by processes', () => {
    expect(environmentProblem({})).toContain('DATABASE_URL is not set. Several processes need a shared PostgreSQL database');
    expect(environmentProblem({ DATABASE_URL: 'postgres://u@db/tankha' })).toBeNull();
  });

  it('refuses to start without DATABASE_URL, with the message and exit code 1', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, '--processes', '2'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the embedded PGlite lives inside one process and cannot be shared');
  }, 30_000);
});
