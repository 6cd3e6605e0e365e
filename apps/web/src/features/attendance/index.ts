export { MyAttendancePage } from './MyAttendancePage';
export { AttendanceSettingsPage } from './AttendanceSettingsPage';
export { TeamAttendancePage } from './TeamAttendancePage';
export { TeamApprovalsPage } from './TeamApprovalsPage';
export { lookupTeam } from './team.api';
