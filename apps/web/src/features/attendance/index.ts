export { MyAttendancePage } from './MyAttendancePage';
export { AttendanceSettingsPage } from './AttendanceSettingsPage';
export { TeamAttendancePage } from './TeamAttendancePage';
export { TeamApprovalsPage } from './TeamApprovalsPage';
export { CheckInCard } from './CheckInCard';
export { lookupTeam } from './team.api';
