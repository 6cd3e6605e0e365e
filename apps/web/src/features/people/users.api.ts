import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assignRoleReplySchema, departmentFilterReplySchema, userListReplySchema, userStatusReplySchema, type RoleId, type UserList, type UserListSortColumn } from '@tankha/contracts';
import { api } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';

export const usersKey = (tenantId: string) => ['users', tenantId] as const;

/** The query of GET /Users (userListQuerySchema on the server). */
export interface UserListParams {
  pageNo: number;
  pageSize: number;
  userStatus?: number | undefined;
  search?: string | undefined;
  sortBy?: UserListSortColumn | undefined;
  orderBy?: 'asc' | 'desc' | undefined;
  departmentId?: string | undefined;
  designation?: string | undefined;
  roleId?: number | undefined;
}

/** GET /Users: one page of a tab with the tab counts (spec §7 "List users"). */
export function useUserList(query: UserListParams) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...usersKey(user.tenantId), 'list', query],
    queryFn: async ({ signal }): Promise<UserList> =>
      (
        await api.get('/Users', userListReplySchema, {
          query: { ...query },
          quiet: true,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The filter's departments: those with users assigned (GET /Departments …&isFilter=true, spec §7). */
export function useDepartmentFilterOptions() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['departments', user.tenantId, 'filter'],
    queryFn: async ({ signal }) =>
      (
        await api.get('/Departments', departmentFilterReplySchema, {
          query: { page: 1, pageSize: 100, isFilter: true },
          suppress: true,
          signal,
        })
      ).data,
    retry: false,
    staleTime: 60_000,
  });
}

export async function assignRole(userId: string, roleId: RoleId): Promise<number> {
  return (await api.post(`/Users/roles/${encodeURIComponent(userId)}/${roleId.toString()}`, assignRoleReplySchema, undefined, { quiet: true })).data.statusCode;
}

/** 1 Re-Activate, 2 De-Activate; the reply's statusCode (200 is success). */
export async function setUserStatus(userId: string, status: 1 | 2): Promise<number> {
  return (await api.put(`/Users/${encodeURIComponent(userId)}/status`, userStatusReplySchema, { status }, { quiet: true })).statusCode;
}

export async function deleteUser(userId: string): Promise<number> {
  return (await api.send('DELETE', `/Users/${encodeURIComponent(userId)}`, undefined, { quiet: true })).statusCode;
}

/** Pending users: the existing resend of the invitation (spec §7 "resend-invite with userId"). */
export async function resendVerification(userId: string): Promise<number> {
  return (await api.send('POST', `/Account/resend-invite?userId=${encodeURIComponent(userId)}`, undefined, { quiet: true })).statusCode;
}

/** Restricted Login users: turn into an invited user and mail the set-password link. */
export async function sendVerification(userId: string): Promise<number> {
  return (await api.send('POST', `/Users/${encodeURIComponent(userId)}/send-verification`, undefined, { quiet: true })).statusCode;
}
