import { describe, expect, it } from 'vitest';
import { can, canActOn, featuresForRole } from './access';
import { Role } from './enums';

describe('the permission table', () => {
  it('organisation changes are for administrators and moderators; creating one for administrators', () => {
    expect(can(Role.Administrator, 'org.update')).toBe(true);
    expect(can(Role.Moderator, 'org.update')).toBe(true);
    expect(can(Role.Member, 'org.update')).toBe(false);
    expect(can(Role.Moderator, 'org.create')).toBe(false);
  });

  it('profiles are open to administrators and moderators only (people spec §2)', () => {
    expect([Role.Administrator, Role.Moderator, Role.Member].map((r) => can(r, 'users.viewProfile'))).toEqual([true, true, false]);
  });

  it('moderators cannot act on administrators and nobody changes their own role (people spec §4)', () => {
    const admin = { id: 'a', roleId: Role.Administrator };
    const mod = { id: 'm', roleId: Role.Moderator };
    expect(canActOn(mod, admin, 'edit')).toBe(false);
    expect(canActOn(mod, admin, 'view')).toBe(true);
    expect(canActOn(admin, admin, 'changeRole')).toBe(false);
    expect(canActOn(admin, mod, 'changeRole')).toBe(true);
  });

  it('members keep only the personal features of the plan', () => {
    expect(featuresForRole(['Settings', 'ITDeclaration', 'Payroll', 'Payslips'], Role.Member)).toEqual(['ITDeclaration', 'Payslips']);
    expect(featuresForRole(['Settings', 'ITDeclaration'], Role.Moderator)).toEqual(['Settings', 'ITDeclaration']);
  });
});
