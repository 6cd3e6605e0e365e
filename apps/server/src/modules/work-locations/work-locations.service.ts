import { INDIAN_STATE_NAMES } from '@tankha/domain';
import { ErrorCode, STALE_REASON, WORK_LOCATION_MSG, workLocationDeleteMessages, type WorkLocation, type WorkLocationInput } from '@tankha/contracts';
import { recordAudit } from '../../platform/audit/record';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import * as repo from './work-locations.repo';

interface Deps {
  /** A location's new state changes its people's PT and LWF: their processed month is stale (DESIGN §10). */
  locks: Pick<PayrollLockService, 'markChanged'>;
}

const nameClash = () => new AppError(409, ErrorCode.Conflict, WORK_LOCATION_MSG.nameExists, { name: WORK_LOCATION_MSG.nameExists });

const stateNameOf = (code: string): string => (INDIAN_STATE_NAMES as Readonly<Record<string, string | undefined>>)[code] ?? code;

/** What the audit log keeps of a location: its own fields, not how many people are placed there. */
function audited({ name, stateCode, city, ptRegistrationNumber, lwfRegistrationNumber }: repo.WorkLocationRow): object {
  return { name, stateCode, city, ptRegistrationNumber, lwfRegistrationNumber };
}

function toWorkLocation(row: repo.WorkLocationRow): WorkLocation {
  return { ...row, stateName: stateNameOf(row.stateCode) };
}

/** An organisation's work locations (issue 28): where its people work, and so which state's PT and LWF they pay. */
export class WorkLocationService {
  constructor(private readonly deps: Deps) {}

  async list({ db: tdb }: TenantScope): Promise<WorkLocation[]> {
    return (await repo.findWorkLocations(tdb)).map(toWorkLocation);
  }

  /** The location when it is the organisation's; undefined otherwise (the employee form's check). */
  async find({ db: tdb }: TenantScope, id: string): Promise<WorkLocation | undefined> {
    const row = await repo.findWorkLocation(tdb, id);
    return row ? toWorkLocation(row) : undefined;
  }

  async create(scope: Scope, input: WorkLocationInput): Promise<WorkLocation> {
    const created = await this.write(scope, async () => {
      if (await repo.nameTaken(scope.db, input.name, null)) throw nameClash();
      return repo.insertWorkLocation(scope.db, input);
    });
    await recordAudit(scope, { entity: 'WorkLocation', entityId: created.id, action: 'Create', after: audited(created) });
    return created;
  }

  /**
   * Every field at once. A change of state moves the location's people to another state's PT and
   * LWF, so their processed month is marked stale like any other input of pay.
   */
  async update(scope: Scope, id: string, input: WorkLocationInput): Promise<WorkLocation> {
    let before: repo.WorkLocationRow | undefined;
    const updated = await this.write(scope, async () => {
      const current = await repo.findWorkLocation(scope.db, id);
      if (!current) throw notFound(WORK_LOCATION_MSG.notFound);
      before = current;
      if (await repo.nameTaken(scope.db, input.name, id)) throw nameClash();
      await repo.updateWorkLocation(scope.db, id, input);
      if (current.stateCode !== input.stateCode) {
        const userIds = await repo.findUserIdsAt(scope.db, id);
        const reason = (by: string) => STALE_REASON.workLocationStateChanged(input.name, stateNameOf(input.stateCode), by);
        await this.deps.locks.markChanged(scope, { userIds, reach: 'any', by: scope.ctx.userId, reason });
      }
      return id;
    });
    // Its state is the PT and LWF of everyone placed there: an input of pay (issue 30).
    await recordAudit(scope, { entity: 'WorkLocation', entityId: id, action: 'Update', before: before ? audited(before) : null, after: audited(updated) });
    return updated;
  }

  /** Refused while anyone (deactivated people too: they may come back) is placed there. */
  async remove(scope: Scope, id: string): Promise<void> {
    const { db: tdb } = scope;
    await repo.lockWorkLocations(tdb);
    const location = await repo.findWorkLocation(tdb, id);
    if (!location) throw notFound(WORK_LOCATION_MSG.notFound);
    if (location.employeeCount > 0) throw conflict(workLocationDeleteMessages.inUse(location.name, location.employeeCount));
    await repo.deleteWorkLocation(tdb, id);
    await recordAudit(scope, { entity: 'WorkLocation', entityId: id, action: 'Delete', before: audited(location) });
  }

  private async write({ db: tdb }: Scope, change: () => Promise<string>): Promise<WorkLocation> {
    try {
      await repo.lockWorkLocations(tdb);
      const id = await change();
      const row = await repo.findWorkLocation(tdb, id);
      if (!row) throw notFound(WORK_LOCATION_MSG.notFound);
      return toWorkLocation(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameClash();
      throw error;
    }
  }
}
