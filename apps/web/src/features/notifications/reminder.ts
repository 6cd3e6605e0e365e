import { NOTIFICATION_AUTO_CLOSE_MS, attendanceReminderMessage, type AttendanceReminderPush } from '@tankha/contracts';

/** The toast of a ReceiveAttendanceReminder push (platform §4): title, the first 3 absent dates and a count of more, 15 s. */
export function reminderToast(payload: AttendanceReminderPush): { title: string; message: string; autoClose: number } {
  const dates = payload.data.absentDates;
  return {
    title: payload.title,
    message: dates.length > 0 ? attendanceReminderMessage(dates) : payload.message,
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
  };
}
