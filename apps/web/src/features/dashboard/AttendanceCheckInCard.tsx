import { CheckInCard } from '../attendance';

/** The dashboard's Check In / Check Out with today's status (issue 5 item 3: employees check in from the dashboard). */
export function AttendanceCheckInCard() {
  return <CheckInCard showShift={false} />;
}
