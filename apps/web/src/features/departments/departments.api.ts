import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEPARTMENT_PAGE_SIZE,
  departmentDetailReplySchema,
  departmentListReplySchema,
  departmentReplySchema,
  userSearchReplySchema,
  type Department,
  type DepartmentDetail,
  type DepartmentInputBody,
  type UserSearchItem,
} from '@tankha/contracts';
import { ApiError, api } from '../../app/api';

/** Every department query starts with this key, so one invalidation refreshes table, dropdowns and counts. */
export const DEPARTMENTS_KEY = 'departments';

export interface DepartmentPage {
  rows: Department[];
  totalRecords: number;
}

/** GET /Departments (people spec §7). Quiet: the caller shows its own state or toast. */
export async function fetchDepartments(query: { page: number; pageSize: number; search?: string; isActive?: boolean }, signal?: AbortSignal): Promise<DepartmentPage> {
  const reply = await api.get('/Departments', departmentListReplySchema, { query, quiet: true, signal });
  return { rows: reply.data, totalRecords: reply.totalRecords };
}

export function useDepartmentTable(page: number) {
  return useQuery({
    queryKey: [DEPARTMENTS_KEY, 'table', page],
    queryFn: ({ signal }) => fetchDepartments({ page, pageSize: DEPARTMENT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDepartmentDetail(id: string | null, page: number) {
  return useQuery({
    queryKey: [DEPARTMENTS_KEY, 'detail', id, page],
    queryFn: async ({ signal }): Promise<DepartmentDetail> =>
      (await api.get(`/Departments/${id ?? ''}`, departmentDetailReplySchema, { query: { page, pageSize: DEPARTMENT_PAGE_SIZE }, quiet: true, signal })).data,
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the dropdown; `done` when the server answered 404 (people spec §7) or nothing is left. */
export async function fetchDepartmentOptions(page: number, search: string, signal?: AbortSignal): Promise<{ rows: Department[]; done: boolean }> {
  try {
    const { rows, totalRecords } = await fetchDepartments({ page, pageSize: DEPARTMENT_PAGE_SIZE, isActive: true, ...(search ? { search } : {}) }, signal);
    return { rows, done: rows.length === 0 || page * DEPARTMENT_PAGE_SIZE >= totalRecords };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { rows: [], done: true };
    throw error;
  }
}

/** The name of one department, for a selected value the dropdown has not loaded. */
export function useDepartmentName(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [DEPARTMENTS_KEY, 'name', id],
    queryFn: async ({ signal }): Promise<string> =>
      (await api.get(`/Departments/${id ?? ''}`, departmentDetailReplySchema, { query: { page: 1, pageSize: 1 }, quiet: true, signal })).data.name,
    enabled: enabled && id !== null,
    staleTime: 60_000,
  });
}

export async function createDepartment(body: DepartmentInputBody): Promise<Department> {
  return (await api.post('/Departments', departmentReplySchema, body, { quiet: true })).data;
}

export async function updateDepartment(id: string, body: DepartmentInputBody): Promise<Department> {
  return (await api.put(`/Departments/${id}`, departmentReplySchema, body, { quiet: true })).data;
}

/** DELETE /Departments/:id; `moveTo` receives the department's people first. */
export async function deleteDepartment(id: string, moveTo?: string): Promise<void> {
  await api.send('DELETE', `/Departments/${id}`, undefined, { quiet: true, ...(moveTo ? { query: { moveTo } } : {}) });
}

/** Employee picker: GET /Users/search (people spec §7 "Search users"), first 10 matches. */
export function useUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'search', search],
    queryFn: async ({ signal }): Promise<UserSearchItem[]> =>
      (await api.get('/Users/search', userSearchReplySchema, { query: { search, pageSize: 10, pageNo: 1 }, quiet: true, signal })).data.data,
    enabled,
    staleTime: 30_000,
  });
}
