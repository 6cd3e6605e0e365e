import { describe, expect, it } from 'vitest';
import { PEOPLE_MSG, Role } from '@tankha/contracts';
import { NO_FILTERS, activeFilterCount, assignableRoles, lastLoginText, rowActions, tabIndexOfStatus, truncate } from './user-list-rules';

describe('user list rules', () => {
  it('truncates at the limit, not before', () => {
    expect(truncate('a'.repeat(20), 20)).toBe('a'.repeat(20));
    expect(truncate('a'.repeat(21), 20)).toBe(`${'a'.repeat(20)}…`);
  });

  it('maps a status to its tab (spec §9: Active 0, Pending 1, Inactive 2; restricted with Active)', () => {
    expect([1, 3, 2, 4].map(tabIndexOfStatus)).toEqual([0, 1, 2, 0]);
  });

  it('counts a filter only when it narrows the list', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, departmentOn: true })).toBe(0);
    expect(
      activeFilterCount({
        ...NO_FILTERS,
        departmentOn: true,
        departmentId: 'd',
      }),
    ).toBe(1);
    expect(activeFilterCount({ ...NO_FILTERS, designation: 'eng' })).toBe(0);
    expect(
      activeFilterCount({
        departmentOn: true,
        departmentId: 'd',
        designationOn: true,
        designation: ' eng ',
        roleId: Role.Member,
      }),
    ).toBe(3);
  });

  it('words the last login', () => {
    expect(lastLoginText({ canLogin: false, lastLogin: null })).toEqual({
      text: PEOPLE_MSG.cannotLogin,
      tip: null,
    });
    expect(lastLoginText({ canLogin: true, lastLogin: null })).toEqual({
      text: PEOPLE_MSG.noLogin,
      tip: PEOPLE_MSG.noLoginTip,
    });
    expect(lastLoginText({ canLogin: true, lastLogin: '2025-01-05T10:00:00.000Z' })).toBeNull();
  });

  it('gives the row menu by status and actor', () => {
    const admin = { id: 'a', roleId: Role.Administrator };
    const moderator = { id: 'm', roleId: Role.Moderator };
    expect(rowActions(admin, { id: 'x', roleId: Role.Administrator, status: 1 })).toEqual(['edit', 'viewProfile', 'setRole', 'deactivate', 'delete']);
    expect(rowActions(moderator, { id: 'x', roleId: Role.Administrator, status: 2 })).toEqual(['viewProfile']);
    expect(rowActions(moderator, { id: 'x', roleId: Role.Moderator, status: 3 })).toEqual(['edit', 'viewProfile', 'resendVerification', 'delete']);
    expect(rowActions(moderator, { id: 'x', roleId: Role.Member, status: 4 })).toEqual(['edit', 'viewProfile', 'sendVerification', 'delete']);
  });

  it('lets only an administrator hand out the Administrator role', () => {
    expect(assignableRoles(Role.Administrator)).toEqual([1, 2, 3]);
    expect(assignableRoles(Role.Moderator)).toEqual([2, 3]);
  });
});
