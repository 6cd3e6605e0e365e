import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint guard of STYLE "one way of reading the database" (eslint.config.js, BUILDER_MODULES):
 * in a converted module a raw query needs its "raw SQL:" reason, a repository exports no
 * snake_case type, and a service reads no snake_case property.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const repoHeader = `import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';
`;

describe('one way of reading the database (lint)', () => {
  it('refuses a raw query without a reason in a converted repository, and accepts one with it', async () => {
    const bare = `${repoHeader}
export async function findZone(tdb: TenantDb): Promise<string | undefined> {
  const [row] = await queryRows<{ zone: string }>(tdb.tx, sql\`SELECT time_zone AS zone FROM tenants\`);
  return row?.zone;
}
`;
    expect(await problems('apps/server/src/modules/leave/leave.repo.ts', bare)).toEqual(['tankha/raw-sql-needs-reason']);
    const reasoned = bare.replace('  const [row]', '  // raw SQL: measured hot path (bench/leave.md).\n  const [row]');
    expect(await problems('apps/server/src/modules/leave/leave.repo.ts', reasoned)).toEqual([]);
  });

  it('refuses snake_case rows exported by a converted repository', async () => {
    const code = `${repoHeader}
export interface ZoneRow { time_zone: string }
export async function findZone(tdb: TenantDb): Promise<{ time_zone: string } | undefined> {
  // raw SQL: measured hot path.
  const [row] = await queryRows<ZoneRow>(tdb.tx, sql\`SELECT time_zone FROM tenants\`);
  return row;
}
`;
    expect(await problems('apps/server/src/modules/requests/requests.repo.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('refuses a snake_case property read in a converted module’s service', async () => {
    const code = `export function zoneOf(row: { time_zone: string }): string {
  return row.time_zone;
}
`;
    expect(await problems('apps/server/src/modules/dashboard/dashboard.service.ts', code)).toEqual(['no-restricted-syntax']);
  });
});
