import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, type PermissionAction } from './access';
import { PERMISSION_LABELS, permissionRows } from './access-labels';
import { Role } from './enums';

describe('the permission table as Users > Roles shows it', () => {
  it('every action of PERMISSIONS has a label (add one in access-labels.ts)', () => {
    const missing = (Object.keys(PERMISSIONS) as PermissionAction[]).filter((a) => !PERMISSION_LABELS[a]);
    expect(missing).toEqual([]);
  });

  it('each row says what can() answers, for every role: the rows are the enforced table, not a copy', () => {
    const rows = permissionRows();
    expect(rows).toHaveLength(Object.keys(PERMISSIONS).length);
    for (const row of rows) for (const role of [Role.Administrator, Role.Moderator, Role.Member]) expect(row.allowed[role], `${row.action} for ${String(role)}`).toBe(can(role, row.action));
  });

  it('client sites are for administrators and moderators only (platform §2.1, §6)', () => {
    const row = permissionRows().find((r) => r.action === 'attendance.clients.manage');
    expect(row?.allowed).toEqual({ 1: true, 2: true, 3: false });
  });
});
