import fs from 'node:fs';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD, E2E_PORT, RUN_DIR, SERVER_LOGS_DIR, SESSIONS_FILE, TEMPLATE_DIR, seedTemplate, startServer, type DemoRole } from './harness';

/**
 * Builds this run's template data folder once: `npm run db:seed` on a fresh folder (the demo
 * organisation, a year of payroll, and every job of it run to the end: payslip PDFs and e-mails),
 * then the real server starts on it, each demo role signs in once (the sessions are rows of the
 * template, so every worker's copy accepts them), and the server stops cleanly. The returned function keeps the servers' logs
 * in artifacts/server-logs and removes the run's folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const started = Date.now();
  await seedTemplate({ port: E2E_PORT, dataDir: TEMPLATE_DIR });
  const server = await startServer({ name: 'template', port: E2E_PORT, dataDir: TEMPLATE_DIR, timeoutMs: 240_000 });
  let sessions: Record<DemoRole, unknown>;
  try {
    sessions = await signInEveryRole(server.url);
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
