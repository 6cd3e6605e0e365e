import { attendanceSettingsReplySchema, type AttendanceSettings, type AttendanceSettingsInput } from '@tankha/contracts';
import { api } from '../../app/api';

export const SETTINGS_KEY = ['attendance', 'settings'] as const;

/** GET /Attendances/settings (people spec §7). */
export async function fetchAttendanceSettings(signal?: AbortSignal): Promise<AttendanceSettings> {
  return (await api.get('/Attendances/settings', attendanceSettingsReplySchema, { quiet: true, signal })).data;
}

/** PUT /Attendances/settings with the full settings. */
export async function saveAttendanceSettings(body: AttendanceSettingsInput): Promise<AttendanceSettings> {
  return (await api.put('/Attendances/settings', attendanceSettingsReplySchema, body, { quiet: true })).data;
}
