import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { childConnections, holdInTransaction } from '../../testing/child-connections';

/**
 * "No change without its entry" (DESIGN §9, issue 30), proven by killing the process: a real server
 * (src/main.ts) on this file's PostgreSQL database is made to stop inside an audited request's
 * transaction — the test's own connection holds what the request must wait for — and is killed with
 * SIGKILL there. PostgreSQL rolls the open transaction back: neither the change nor its entry exists.
 * Two places: after the change and before the entry (the organisation's audit advisory lock, which
 * recordAudit takes before reading the chain's head), and after the entry and before COMMIT (the
 * user-settings row the employee form updates after writing the new employee and its entry). A request
 * left to finish leaves both. Runs in the PostgreSQL project only: PGlite lives inside the killed process.
 */
const APP_NAME = 'tankha-audit-crash-child';

describe.skipIf(!BACKENDS.includes('postgres'))('kill -9 inside an audited change (postgres)', () => { // skipped without PostgreSQL: real processes share one database; PGlite is one process's own
  let t: TestApp;
  let admin: SessionUser;
  let member = '';
  let server: ServerProcess | null = null;
  let dataDir = '';

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];
  const entries = async (entity: string, action: string, entityId?: string) =>
    (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${admin.tenantId} AND entity = ${entity} AND action = ${action} AND (${entityId ?? null}::text IS NULL OR entity_id = ${entityId ?? null})`))?.n ?? -1;
  const toChild = (method: string, url: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${String(server?.port ?? 0)}/backend/api${url}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}`, 'user-agent': 'CrashTest/1.0', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function start(): Promise<void> {
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl ?? '',
      PGAPPNAME: APP_NAME,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      JWT_SECRET: t.config.JWT_SECRET ?? '',
    });
  }

  async function kill(): Promise<void> {
    const running = server;
    server = null;
    if (!running || running.child.exitCode !== null) return;
    running.child.kill('SIGKILL');
    expect(await running.exited).toEqual({ code: null, signal: 'SIGKILL' });
  }

  const { waitOnALock: childWaitsOnALock, gone: childConnectionsGone } = childConnections(() => t.database.db, APP_NAME);
  const hold = (statement: string, values: unknown[]) => holdInTransaction(t.databaseUrl ?? '', statement, values);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-audit-crash-'));
    admin = await t.registerOrganisation({ organizationName: 'Tunga Textiles' });
    const created = await call('POST', '/Users/restricted', { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@tunga.example.in', dateOfJoining: '2025-06-02', experience: 1, employeeNumber: 'TT0100', regimeType: 1, annualCTC: 480_000 });
    expect(created.statusCode, created.body).toBe(200);
    member = (created.json() as { data: { userId: string } }).data.userId;
    const saved = await call('PUT', '/Users/settings', { employeeNumberPrefix: 'TT', nextEmployeeNumber: 1, employeeNumberDigits: 4, defaultRoleId: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    await start();
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed after the change and before its entry: neither the change nor the entry is there', async () => {
    expect(await entries('User', 'RoleChange', member)).toBe(0);
    // recordAudit takes this organisation's advisory lock before it reads the chain: held here, the role change waits there.
    const release = await hold('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`audit_log:${admin.tenantId}`]);
    try {
      const changing = toChild('POST', `/Users/roles/${member}/${Role.Moderator.toString()}`).catch(() => null);
      await childWaitsOnALock();
      // The change is made, not committed: the row is locked by the child's open transaction.
      const inside = await one<{ locked: number }>(
        sql`SELECT count(*)::int AS locked FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.application_name = ${APP_NAME} AND a.wait_event = 'advisory' AND l.locktype = 'transactionid' AND l.granted`,
      );
      expect(inside?.locked).toBeGreaterThan(0);
      await kill();
      expect(await changing).toBeNull();
    } finally {
      await release();
    }
    await childConnectionsGone();
    expect(await one<{ role_id: number }>(sql`SELECT role_id FROM users WHERE id = ${member}`)).toEqual({ role_id: Role.Member });
    expect(await entries('User', 'RoleChange', member)).toBe(0);
  }, 120_000);

  it('killed after the entry and before COMMIT: neither the new employee nor the entry is there, and the chain is whole', async () => {
    await start();
    const seqBefore = (await one<{ seq: number }>(sql`SELECT coalesce(max(seq), 0)::int AS seq FROM audit_log WHERE tenant_id = ${admin.tenantId}`))?.seq ?? -1;
    // The employee form writes the employee, then its entry, then moves the next employee number on: that row is held here.
    const release = await hold('SELECT 1 FROM user_settings WHERE tenant_id = $1 FOR UPDATE', [admin.tenantId]);
    try {
      const creating = toChild('POST', '/Users/restricted', { firstName: 'Meena', lastName: 'Iyer', email: 'meena@tunga.example.in', dateOfJoining: '2025-06-02', experience: 1, employeeNumber: 'TT0001', regimeType: 1, annualCTC: 480_000, pan: 'ABCPI4321K' }).catch(() => null);
      await childWaitsOnALock();
      // The entry is written, not committed: the child's session holds the organisation's audit advisory lock.
      const audit = await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE a.application_name = ${APP_NAME} AND l.locktype = 'advisory' AND l.granted
               AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(${`audit_log:${admin.tenantId}`}, 0)`,
      );
      expect(audit?.n).toBe(1);
      await kill();
      expect(await creating).toBeNull();
    } finally {
      await release();
    }
    await childConnectionsGone();
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${admin.tenantId} AND email = 'meena@tunga.example.in'`)).toEqual({ n: 0 });
    expect(await one<{ seq: number }>(sql`SELECT coalesce(max(seq), 0)::int AS seq FROM audit_log WHERE tenant_id = ${admin.tenantId}`)).toEqual({ seq: seqBefore });
    const verified = await call('GET', '/AuditLog/verify');
    expect((verified.json() as { data: { valid: boolean } }).data.valid).toBe(true);
  }, 120_000);

  it('a request left to finish leaves both the change and its entry, with who, from where and what', async () => {
    await start();
    const changed = await toChild('POST', `/Users/roles/${member}/${Role.Moderator.toString()}`);
    expect(changed.status).toBe(200);
    const created = await toChild('POST', '/Users/restricted', { firstName: 'Meena', lastName: 'Iyer', email: 'meena@tunga.example.in', dateOfJoining: '2025-06-02', experience: 1, employeeNumber: 'TT0001', regimeType: 1, annualCTC: 480_000, pan: 'ABCPI4321K' });
    expect(created.status).toBe(200);
    const meena = ((await created.json()) as { data: { userId: string } }).data.userId;
    await kill();
    await childConnectionsGone();
    expect(await one<{ role_id: number }>(sql`SELECT role_id FROM users WHERE id = ${member}`)).toEqual({ role_id: Role.Moderator });
    const role = await one<{ actor: string; ip: string; ua: string; before: unknown; after: unknown }>(
      sql`SELECT actor_user_id::text AS actor, ip, user_agent AS ua, before, after FROM audit_log WHERE tenant_id = ${admin.tenantId} AND entity = 'User' AND action = 'RoleChange' AND entity_id = ${member}`,
    );
    expect(role).toEqual({ actor: admin.id, ip: '127.0.0.1', ua: 'CrashTest/1.0', before: { roleId: Role.Member }, after: { roleId: Role.Moderator } });
    expect(await entries('User', 'Create', meena)).toBe(1);
    expect(await one<{ next: number }>(sql`SELECT next_employee_number AS next FROM user_settings WHERE tenant_id = ${admin.tenantId}`)).toEqual({ next: 2 });
    const verified = await call('GET', '/AuditLog/verify');
    expect((verified.json() as { data: { valid: boolean } }).data.valid).toBe(true);
  }, 120_000);
});
