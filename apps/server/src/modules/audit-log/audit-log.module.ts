import { defineModule, provide } from '../module';
import { AuditLogService } from './audit-log.service';
import { auditLogRoutes } from './audit-log.routes';

declare module '../module' {
  interface Services {
    auditLog: AuditLogService;
  }
}

/** The audit log's readers (the writer is platform/audit/record.ts, called by each service in its own transaction). */
export const auditLogModule = defineModule({
  name: 'audit-log',
  services: {
    auditLog: provide([], () => new AuditLogService()),
  },
  routes: [auditLogRoutes],
});
