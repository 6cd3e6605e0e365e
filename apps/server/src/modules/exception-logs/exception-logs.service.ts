import { EXCEPTION_LOG_RETENTION_DAYS, type ExceptionLog, type ExceptionLogQuery } from '@tankha/contracts';
import type { GlobalScope, Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './exception-logs.repo';

/** What the error handler hands over about one unexpected error (already stripped: see platform/error-handler.ts). */
export interface ExceptionLogRecord {
  occurredAt: string;
  method: string;
  route: string;
  requestId: string;
  errorType: string;
  message: string;
  userId: string | null;
}

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    'exceptionLogs.record': ExceptionLogRecord;
    'exceptionLogs.purge': Record<string, never>;
  }
}

/**
 * Exception logs (docs/decisions/0133-exception-logs.md): recorded by a job the
 * platform's error handler sends after the failed request's transaction rolled back, listed for
 * administrators and moderators, deleted after 90 days by a daily schedule.
 */
export class ExceptionLogService {
  async record({ db }: TenantScope, log: ExceptionLogRecord): Promise<void> {
    await repo.insertLog(db, { ...log, occurredAt: new Date(log.occurredAt) });
  }

  async list({ db, ctx }: Scope, query: ExceptionLogQuery): Promise<{ rows: ExceptionLog[]; totalRecords: number }> {
    const filters: repo.LogFilters = {
      timeZone: ctx.timeZone,
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.route ? { route: query.route } : {}),
      ...(query.search ? { search: query.search } : {}),
    };
    const totalRecords = await repo.countLogs(db, filters);
    const rows = await repo.findLogs(db, filters, query.pageSize, (query.pageNumber - 1) * query.pageSize);
    return { rows, totalRecords };
  }

  /** Deletes every organisation's logs older than the retention period. */
  async purge({ global }: GlobalScope, now: Date): Promise<number> {
    return repo.deleteOlderThan(global, new Date(now.getTime() - EXCEPTION_LOG_RETENTION_DAYS * 24 * 3600 * 1000));
  }
}
