import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LEAVE_PAGE_SIZE,
  holidayListReplySchema,
  holidayReplySchema,
  leaveAdjustmentListReplySchema,
  leaveAdjustmentReplySchema,
  leaveBalanceReplySchema,
  leavePolicyListReplySchema,
  leavePolicyReplySchema,
  leaveSettingsReplySchema,
  type LeaveAdjustment,
  type LeaveAdjustmentKind,
  type LeavePolicy,
  type LeavePolicyInputBody,
  type LeaveSettings,
  leaveDaysReplySchema,
  leaveListReplySchema,
  leaveRequestReplySchema,
  leaveTypeListReplySchema,
  leaveTypeReplySchema,
  type Holiday,
  type HolidayInputBody,
  type LeaveApplyBody,
  type LeaveBalanceRow,
  type LeavePortionValue,
  type LeaveRequest,
  type LeaveScope,
  type LeaveStatusInputBody,
  type LeaveType,
  type LeaveTypeInputBody,
} from '@tankha/contracts';
import { api } from '../../app/api';

/** Every leave query starts with this key, so one invalidation refreshes balances, lists and types. */
export const LEAVE_KEY = 'leave';
export const HOLIDAYS_KEY = 'holidays';

export interface LeavePage {
  rows: LeaveRequest[];
  totalRecords: number;
}

export function useLeaveBalances(employeeId?: string, year?: number, enabled = true) {
  return useQuery({
    queryKey: [LEAVE_KEY, 'balances', employeeId ?? 'me', year ?? 'current'],
    queryFn: async ({ signal }): Promise<LeaveBalanceRow[]> =>
      (await api.get('/Leaves/balances', leaveBalanceReplySchema, { query: { employeeId, year }, quiet: true, signal })).data,
    enabled,
  });
}

export interface LeaveRequestQuery {
  scope: LeaveScope;
  pageNumber: number;
  status?: number;
  pageSize?: number;
  leaveTypeId?: string;
  from?: string;
  to?: string;
  search?: string;
}

export function useLeaveRequests(query: LeaveRequestQuery) {
  return useQuery({
    queryKey: [LEAVE_KEY, 'requests', query],
    queryFn: async ({ signal }): Promise<LeavePage> => {
      const reply = await api.get('/Leaves', leaveListReplySchema, { query: { pageSize: LEAVE_PAGE_SIZE, ...query }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
}

export function useLeaveTypes(includeInactive = false) {
  return useQuery({
    queryKey: [LEAVE_KEY, 'types', includeInactive],
    queryFn: async ({ signal }): Promise<LeaveType[]> => (await api.get('/LeaveTypes', leaveTypeListReplySchema, { query: { includeInactive }, quiet: true, signal })).data,
  });
}

/** The days a request would take, from the server (it knows the employee's shift and the holidays). */
export function useLeaveDays(range: { startDate: string; endDate: string; portion: LeavePortionValue; leaveTypeId?: string } | null) {
  return useQuery({
    queryKey: [LEAVE_KEY, 'days', range],
    queryFn: async ({ signal }): Promise<number> => (await api.get('/Leaves/days', leaveDaysReplySchema, { query: range ?? {}, quiet: true, signal })).data.days,
    enabled: range !== null,
    retry: false,
  });
}

export function useHolidays(year: number) {
  return useQuery({
    queryKey: [HOLIDAYS_KEY, year],
    queryFn: async ({ signal }): Promise<Holiday[]> => (await api.get('/Holidays', holidayListReplySchema, { query: { year }, quiet: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export async function applyLeave(body: LeaveApplyBody): Promise<LeaveRequest> {
  return (await api.post('/Leaves', leaveRequestReplySchema, body, { quiet: true })).data;
}

export async function setLeaveStatus(id: string, body: LeaveStatusInputBody): Promise<LeaveRequest> {
  return (await api.put(`/Leaves/${id}/status`, leaveRequestReplySchema, body, { quiet: true })).data;
}

export async function saveLeaveType(id: string | null, body: LeaveTypeInputBody): Promise<LeaveType> {
  return id ? (await api.put(`/LeaveTypes/${id}`, leaveTypeReplySchema, body, { quiet: true })).data : (await api.post('/LeaveTypes', leaveTypeReplySchema, body, { quiet: true })).data;
}

export async function deleteLeaveType(id: string): Promise<void> {
  await api.send('DELETE', `/LeaveTypes/${id}`, undefined, { quiet: true });
}

export async function saveHoliday(id: string | null, body: HolidayInputBody): Promise<Holiday> {
  return id ? (await api.put(`/Holidays/${id}`, holidayReplySchema, body, { quiet: true })).data : (await api.post('/Holidays', holidayReplySchema, body, { quiet: true })).data;
}

export async function deleteHoliday(id: string): Promise<void> {
  await api.send('DELETE', `/Holidays/${id}`, undefined, { quiet: true });
}

// ——— Customize balance, policies, settings ———

export function useLeaveAdjustments(employeeId: string | null, year: number, pageNumber: number) {
  return useQuery({
    queryKey: [LEAVE_KEY, 'adjustments', employeeId, year, pageNumber],
    queryFn: async ({ signal }): Promise<{ rows: LeaveAdjustment[]; totalRecords: number }> => {
      const reply = await api.get('/Leaves/balance-adjustments', leaveAdjustmentListReplySchema, { query: { employeeId: employeeId ?? '', year, pageNumber, pageSize: 10 }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    enabled: employeeId !== null,
    placeholderData: keepPreviousData,
  });
}

export async function adjustLeaveBalance(body: { employeeId: string; leaveTypeId: string; year: number; kind: LeaveAdjustmentKind; days: number; reason: string }): Promise<LeaveAdjustment> {
  return (await api.post('/Leaves/balance-adjustments', leaveAdjustmentReplySchema, body, { quiet: true })).data;
}

export function useLeavePolicies() {
  return useQuery({
    queryKey: [LEAVE_KEY, 'policies'],
    queryFn: async ({ signal }): Promise<LeavePolicy[]> => (await api.get('/LeavePolicies', leavePolicyListReplySchema, { quiet: true, signal })).data,
  });
}

export async function saveLeavePolicy(id: string | null, body: LeavePolicyInputBody): Promise<LeavePolicy> {
  return id ? (await api.put(`/LeavePolicies/${id}`, leavePolicyReplySchema, body, { quiet: true })).data : (await api.post('/LeavePolicies', leavePolicyReplySchema, body, { quiet: true })).data;
}

export async function deleteLeavePolicy(id: string): Promise<void> {
  await api.send('DELETE', `/LeavePolicies/${id}`, undefined, { quiet: true });
}

export function useLeaveSettings() {
  return useQuery({
    queryKey: [LEAVE_KEY, 'settings'],
    queryFn: async ({ signal }): Promise<LeaveSettings> => (await api.get('/LeaveSettings', leaveSettingsReplySchema, { quiet: true, signal })).data,
  });
}

export async function saveLeaveSettings(body: LeaveSettings): Promise<LeaveSettings> {
  return (await api.put('/LeaveSettings', leaveSettingsReplySchema, body, { quiet: true })).data;
}
