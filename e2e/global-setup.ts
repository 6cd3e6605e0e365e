import fs from 'node:fs';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD, E2E_PORT, RUN_DIR, SERVER_LOGS_DIR, SESSIONS_FILE, TEMPLATE_DIR, startServer, type DemoRole } from './harness';

/**
 * Builds this run's template data folder once: the real server starts on a fresh folder (it seeds the
 * demo organisation and a year of payroll), each demo role signs in once (the sessions are rows of
 * the template, so every worker's copy accepts them), the first start's jobs (payslip PDFs and
 * e-mails) run to the end, and the server stops cleanly. The returned function keeps the servers' logs
 * in artifacts/server-logs and removes the run's folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const started = Date.now();
  const server = await startServer({ name: 'template', port: E2E_PORT, dataDir: TEMPLATE_DIR, timeoutMs: 240_000 });
  let sessions: Record<DemoRole, unknown>;
  try {
    sessions = await signInEveryRole(server.url);
    await drainJobs(server.url, 240_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const code = await server.stop();
  if (code !== 0) throw new Error(`The template server did not stop cleanly (exit ${String(code)}); see ${RUN_DIR}/template.log`);
  fs.writeFileSync(SESSIONS_FILE, JSON.stringify(sessions));
  process.stdout.write(`Template data folder ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return async () => {
    fs.mkdirSync(SERVER_LOGS_DIR, { recursive: true });
    for (const log of fs.readdirSync(RUN_DIR).filter((name) => name.endsWith('.log'))) fs.copyFileSync(path.join(RUN_DIR, log), path.join(SERVER_LOGS_DIR, log));
    fs.rmSync(RUN_DIR, { recursive: true, force: true });
  };
}

async function signInEveryRole(url: string): Promise<Record<DemoRole, unknown>> {
  const sessions: Partial<Record<DemoRole, unknown>> = {};
  for (const [role, email] of Object.entries(DEMO) as [DemoRole, string][]) {
    const res = await fetch(`${url}/backend/api/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    if (!res.ok) throw new Error(`The demo ${role} (${email}) could not sign in: HTTP ${res.status.toString()} ${await res.text()}`);
    sessions[role] = ((await res.json()) as { data: unknown }).data;
  }
  return sessions as Record<DemoRole, unknown>;
}

/**
 * Runs the first start's jobs (payslip PDFs, stored files, e-mails) through the dev route that drains
 * the queue, until none is waiting: at the workers' pace (one job a second per queue) the ~800 demo
 * e-mails alone would take over ten minutes. A job that fails fails the run.
 */
async function drainJobs(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let waiting: Record<string, number> = {};
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/backend/api/dev/jobs/drain`, { method: 'POST' });
    if (!res.ok) throw new Error(`POST /backend/api/dev/jobs/drain: HTTP ${res.status.toString()} ${await res.text()}`);
    const backlog = ((await res.json()) as { data: { errors: string[]; waiting: Record<string, number>; failed: number } }).data;
    if (backlog.errors.length > 0 || backlog.failed > 0) throw new Error(`The first start's jobs failed (${backlog.failed.toString()} for good): ${backlog.errors.join('; ')}; see ${RUN_DIR}/template.log`);
    waiting = backlog.waiting;
    if (Object.keys(waiting).length === 0) return;
    // Jobs a worker is running, or waiting for their retry: asked again shortly.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The first start's jobs were not done within ${(timeoutMs / 1000).toString()} s: ${JSON.stringify(waiting)}`);
}
