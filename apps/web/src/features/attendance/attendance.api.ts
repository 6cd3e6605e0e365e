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
  type CheckInInput,
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

/** How long the phone may take to fix a position; beyond it the person is told why, not left waiting. */
export const LOCATION_TIMEOUT_MS = 10_000;

/** A reading that could not be taken, with the sentence telling the person what to do. */
export class LocationError extends Error {}

/** The message for a failed reading: denied permission, a timeout, or no position at all. */
export function locationErrorMessage(code: number | null): string {
  if (code === 1) return CLIENT_SITE_MSG.locationRequired;
  if (code === 3) return CLIENT_SITE_MSG.locationTimedOut;
  return CLIENT_SITE_MSG.locationUnavailable;
}

/** navigator.geolocation's reading, fresh and at high accuracy (a cached fix may be from before the person arrived). */
function currentLocation(): Promise<CheckInInput> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError(locationErrorMessage(null)));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracyMetres: Math.min(100_000, p.coords.accuracy) }),
      (e) => reject(new LocationError(locationErrorMessage(e.code))),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/**
 * Check in or out; the server stamps the time. When the organisation requires location the browser's
 * reading goes with both: a check-in without one stops here with the reason, a check-out goes ahead
 * without it (the server never refuses a check-out for its place). Without the requirement the
 * browser is not asked. Errors are the caller's to show, in the page (quiet: no toast).
 */
export function useCheckInOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'check-in' | 'check-out'): Promise<{ today: AttendanceToday; message: string }> => {
      const requireLocation = client.getQueryData<AttendanceToday>([ATTENDANCE_KEY, 'today'])?.requireLocation ?? false;
      let body: CheckInInput | undefined;
      if (requireLocation) {
        body = action === 'check-in' ? await currentLocation() : await currentLocation().catch(() => undefined);
      }
      const reply = await api.post(`/Attendances/${action}`, attendanceTodayReplySchema, body, { quiet: true });
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
