import {
  CLIENT_SITE_MSG,
  type AttendanceLocationSettings,
  type CheckInInput,
  type ClientSite,
  type ClientSiteEmployee,
  type ClientSiteInput,
} from '@tankha/contracts';
import { locateInGeofences } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import type { TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './attendance-clients.repo';

/** Where a check-in was made, as the time log records it; all null when location is not required. */
export interface CheckInPlace {
  latitude: number | null;
  longitude: number | null;
  accuracyMetres: number | null;
  siteId: string | null;
  siteName: string | null;
}
const NOWHERE: CheckInPlace = {
  latitude: null,
  longitude: null,
  accuracyMetres: null,
  siteId: null,
  siteName: null,
};

/**
 * Attendance > Clients: client sites with a geofence, their employees, and the
 * organisation's 'require location at check-in'. The check-in (attendance module) asks `placeCheckIn`
 * whether the browser's reading is acceptable (docs/decisions/0140-attendance-clients-and-geofenced-check-in.md).
 */
export class AttendanceClientService {
  constructor(private readonly deps: { clock: Clock }) {}

  list({ db }: TenantScope): Promise<ClientSite[]> {
    return repo.findSites(db);
  }

  async create({ db }: TenantScope, input: ClientSiteInput): Promise<ClientSite> {
    if (await repo.nameTaken(db, input.name, null)) throw fieldError('name', CLIENT_SITE_MSG.nameTaken);
    return this.get(db, await repo.insertSite(db, input));
  }

  async update({ db }: TenantScope, id: string, input: ClientSiteInput): Promise<ClientSite> {
    await this.get(db, id);
    if (await repo.nameTaken(db, input.name, id)) throw fieldError('name', CLIENT_SITE_MSG.nameTaken);
    await repo.updateSite(db, id, input, this.deps.clock.now());
    return this.get(db, id);
  }

  async delete({ db }: TenantScope, id: string): Promise<void> {
    await this.get(db, id);
    await repo.deleteSite(db, id);
  }

  async employees({ db }: TenantScope, id: string): Promise<ClientSiteEmployee[]> {
    await this.get(db, id);
    return (await repo.findAssigned(db, id)).map((r) => ({
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      employeeNumber: r.employeeNumber,
      email: r.email,
    }));
  }

  /**
   * Replaces who is assigned to the site; every id must be an employee of the organisation. The site
   * is locked first: identical requests at the same moment each replace the list in turn.
   */
  async assign(scope: TenantScope, id: string, userIds: readonly string[]): Promise<ClientSiteEmployee[]> {
    await repo.lockSite(scope.db, id);
    await this.get(scope.db, id);
    const unique = [...new Set(userIds)];
    if ((await repo.countEmployees(scope.db, unique)) !== unique.length) throw fieldError('userIds', CLIENT_SITE_MSG.employeesInvalid);
    await repo.replaceAssigned(scope.db, id, unique);
    return this.employees(scope, id);
  }

  async settings({ db }: TenantScope): Promise<AttendanceLocationSettings> {
    return { requireLocation: await repo.findRequireLocation(db) };
  }

  async saveSettings({ db }: TenantScope, input: AttendanceLocationSettings): Promise<AttendanceLocationSettings> {
    await repo.upsertRequireLocation(db, input.requireLocation, this.deps.clock.now());
    return input;
  }

  /**
   * The check-in's place. When the organisation does not require location nothing is recorded (we do
   * not keep employees' coordinates without a reason). When it does: a reading is required; an employee
   * with assigned sites must be inside one of them; an employee with none may check in anywhere and
   * the reading is recorded (docs/decisions/).
   */
  async placeCheckIn({ db }: TenantScope, userId: string, input: CheckInInput): Promise<CheckInPlace> {
    if (!(await repo.findRequireLocation(db))) return NOWHERE;
    if (input.latitude === undefined || input.longitude === undefined) throw badRequest(CLIENT_SITE_MSG.locationRequired);
    const point = { latitude: input.latitude, longitude: input.longitude };
    const reading = { ...point, accuracyMetres: input.accuracyMetres ?? null };
    const sites = await repo.findSitesOf(db, userId);
    if (sites.length === 0) return { ...reading, siteId: null, siteName: null };
    const { inside, nearest } = locateInGeofences(point, sites);
    if (!inside) {
      const n = nearest;
      throw badRequest(n ? CLIENT_SITE_MSG.outsideSites(n.site.name, Math.round(n.distanceMetres), n.site.radiusMetres) : CLIENT_SITE_MSG.locationRequired);
    }
    return { ...reading, siteId: inside.id, siteName: inside.name };
  }

  /** Whether check-in needs the browser's location (today's card asks before checking in). */
  requiresLocation({ db }: TenantScope): Promise<boolean> {
    return repo.findRequireLocation(db);
  }

  private async get(db: TenantDb, id: string): Promise<ClientSite> {
    const [site] = await repo.findSites(db, id);
    if (!site) throw notFound(CLIENT_SITE_MSG.notFound);
    return site;
  }
}
