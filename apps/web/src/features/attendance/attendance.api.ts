import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_SITE_MSG,
  attendanceApprovalListReplySchema,
  attendanceApprovalReplySchema,
  attendanceDaysReplySchema,
  attendanceGridReplySchema,
  attendanceTodayReplySchema,
  currentShiftReplySchema,
  teamReplySchema,
  timeLogReplySchema,
  type AttendanceApprovalInput,
  type AttendanceToday,
  type CurrentShift,
  type ManualTimeLogInput,
} from '@tankha/contracts';
import { ApiError, api, apiDownload } from '../../app/api';

/** Every attendance query starts with this key, so one invalidation refreshes the card, worklog, grid and approvals. */
export const ATTENDANCE_KEY = 'attendance';

export function useToday() {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'today'],
    queryFn: async ({ signal }) => (await api.get('/Attendances/today', attendanceTodayReplySchema, { quiet: true, signal })).data,
  });
}

/** navigator.geolocation's reading; a refusal or failure is the message telling the person what to do. */
function currentLocation(): Promise<{ latitude: number; longitude: number; accuracyMetres: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(CLIENT_SITE_MSG.locationUnavailable));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracyMetres: Math.min(100_000, p.coords.accuracy) }),
      () => reject(new Error(CLIENT_SITE_MSG.locationUnavailable)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** Check in or out; the server stamps the time. Errors toast through the client with the server's message. */
export function useCheckInOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'check-in' | 'check-out'): Promise<{ today: AttendanceToday; message: string }> => {
      // Issue 15 item 8: when the organisation requires it, the browser's location goes with the check-in.
      const requireLocation = client.getQueryData<AttendanceToday>([ATTENDANCE_KEY, 'today'])?.requireLocation ?? false;
      const body = action === 'check-in' && requireLocation ? await currentLocation() : undefined;
      const reply = await api.post(`/Attendances/${action}`, attendanceTodayReplySchema, body);
      return { today: reply.data, message: reply.message };
    },
    onSuccess: async ({ today }) => {
      client.setQueryData([ATTENDANCE_KEY, 'today'], today);
      await client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] });
    },
  });
}

export function useAddLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ManualTimeLogInput) => api.post('/Attendances/logs', timeLogReplySchema, body, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] }),
  });
}

/** The current shift (GET /Shifts/current-shift); null when there is none or the endpoint is missing (404). */
export function useCurrentShift() {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'current-shift'],
    queryFn: async ({ signal }): Promise<CurrentShift | null> => {
      try {
        return (await api.get('/Shifts/current-shift', currentShiftReplySchema, { quiet: true, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useDays(startDate: string, endDate: string, employeeId?: string) {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'days', startDate, endDate, employeeId ?? 'me'],
    queryFn: async ({ signal }) =>
      (await api.get('/Attendances', attendanceDaysReplySchema, { query: { startDate, endDate, employeeId }, quiet: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useGrid(query: { month: string; page: number; pageSize: number; search: string }) {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'grid', query],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/Attendances/grid', attendanceGridReplySchema, {
        query: { month: query.month, page: query.page, pageSize: query.pageSize, search: query.search || undefined },
        quiet: true,
        signal,
      });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
}

export function useApprovals(status: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'approvals', status, page, pageSize],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/Attendances/approvals', attendanceApprovalListReplySchema, { query: { status, page, pageSize }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /Attendances/approval; success when data.statusCode is 200 (people spec §7). */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AttendanceApprovalInput) => (await api.post('/Attendances/approval', attendanceApprovalReplySchema, body, { quiet: true })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] }),
  });
}

/** Team members for the export's employee picker (GET /Users/team). */
export function useTeamMembers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [ATTENDANCE_KEY, 'team', search],
    queryFn: async ({ signal }) => (await api.get('/Users/team', teamReplySchema, { query: { pageNumber: 1, pageSize: 100, search: search || undefined }, quiet: true, signal })).data.data,
    enabled,
  });
}

export async function downloadAttendanceReport(query: { startDate: string; endDate: string; employeeIds: string[]; isBulkReport: boolean }): Promise<void> {
  await apiDownload('/Attendances/reports', `attendance-report-${query.startDate}-to-${query.endDate}.xlsx`, {
    query: { startDate: query.startDate, endDate: query.endDate, employeeIds: query.employeeIds.join(',') || undefined, isBulkReport: query.isBulkReport },
    quiet: true,
  });
}
