/** What the benchmarks may use of the server: boot it as `npm start` does. */
export { boot } from './bootstrap';
export { loadConfig } from './platform/config';
export { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';
export { queryRows } from './db/client';
export { AttendanceService } from './modules/attendance/attendance.service';
export { PayrollLockService } from './modules/payroll-locks/payroll-locks.service';
export { withTenant } from './platform/unit-of-work';
export { seedBenchOrganisation } from './seed/bench-organisation';
export { provisionLeaveDefaults } from './modules/leave/leave.defaults';
/** The PostgreSQL driver the server uses, and its client class, for the raw-driver floor of the authenticated request. */
export { default as pg } from 'pg';
export { preparingClient, type PreparingPgClient, type LeadingStatement } from './db/prepared-statements';
export { lastMonth, seedPayrollMonth } from './seed/bench-payroll-month';
export { startServerProcess, type ServerProcess } from './testing/server-process';
