export { MyLeavesPage } from './MyLeavesPage';
export { LeaveApprovalsPage } from './LeaveApprovalsPage';
export { LeaveTypesPage } from './LeaveTypesPage';
export { HolidaysPage } from './HolidaysPage';
export { TeamLeavesPage } from './TeamLeavesPage';
