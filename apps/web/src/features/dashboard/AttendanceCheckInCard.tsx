import { CheckInCard } from '../attendance/CheckInCard';

/** The dashboard's Check In / Check Out with today's status (employees check in from the dashboard). */
export function AttendanceCheckInCard() {
  return <CheckInCard showShift={false} />;
}
