import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ROSTER_PAGE_SIZE,
  SHIFT_PAGE_SIZE,
  departmentListReplySchema,
  rosterReplySchema,
  shiftAssignReplySchema,
  shiftListReplySchema,
  shiftReplySchema,
  userSearchReplySchema,
  type Shift,
  type ShiftAssignmentRequestBody,
  type ShiftCreateBody,
  type ShiftUpdateBody,
} from '@tankha/contracts';
import { api } from '../../app/api';

export const SHIFTS_KEY = 'shifts';

export function useShiftTable(page: number) {
  return useQuery({
    queryKey: [SHIFTS_KEY, 'table', page],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/Shifts', shiftListReplySchema, { query: { page, pageSize: SHIFT_PAGE_SIZE }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every shift (for pickers): the organisation has a handful. */
export function useAllShifts(enabled = true) {
  return useQuery({
    queryKey: [SHIFTS_KEY, 'all'],
    queryFn: async ({ signal }): Promise<Shift[]> => (await api.get('/Shifts', shiftListReplySchema, { query: { page: 1, pageSize: 100 }, quiet: true, signal })).data,
    enabled,
  });
}

export function useRoster(startDate: string, endDate: string, page: number, searchQuery: string) {
  return useQuery({
    queryKey: [SHIFTS_KEY, 'roster', startDate, endDate, page, searchQuery],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/Shifts/assigned', rosterReplySchema, {
        query: { page, pageSize: ROSTER_PAGE_SIZE, startDate, endDate, searchQuery },
        quiet: true,
        signal,
      });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useActiveDepartments(enabled: boolean) {
  return useQuery({
    queryKey: ['departments', 'all-active'],
    queryFn: async ({ signal }) => (await api.get('/Departments', departmentListReplySchema, { query: { page: 1, pageSize: 100, isActive: true }, quiet: true, signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

/** Employee picker: GET /Users/search (people spec §7 "Search users"). */
export function useEmployeeSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'search', search],
    queryFn: async ({ signal }) => (await api.get('/Users/search', userSearchReplySchema, { query: { search, pageSize: 10, pageNo: 1 }, quiet: true, signal })).data.data,
    enabled,
    staleTime: 30_000,
  });
}

export async function createShift(body: ShiftCreateBody): Promise<Shift> {
  return (await api.post('/Shifts', shiftReplySchema, body, { quiet: true })).data;
}

export async function updateShift(body: ShiftUpdateBody): Promise<Shift> {
  return (await api.put('/Shifts', shiftReplySchema, body, { quiet: true })).data;
}

export async function deleteShift(id: string): Promise<void> {
  await api.send('DELETE', `/Shifts/${id}`, undefined, { quiet: true });
}

export async function assignShiftToEmployees(body: ShiftAssignmentRequestBody): Promise<number> {
  return (await api.post('/Shifts/assign/employees', shiftAssignReplySchema, body, { quiet: true })).data.assigned;
}

