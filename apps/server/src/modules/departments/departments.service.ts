import { DEPARTMENT_MSG, ErrorCode, departmentDeleteMessages, type DepartmentDeleteQuery, UserStatus, type Department, type DepartmentDetail, type DepartmentInput, type DepartmentListQuery, type DepartmentShort } from '@tankha/contracts';
import { AppError, conflict, fieldError, isUniqueViolation, notFound } from '../../platform/errors';
import type { Scope, TenantDb } from '../../platform/tenancy';
import * as repo from './departments.repo';

export type DepartmentPage = { kind: 'full'; rows: Department[]; totalRecords: number } | { kind: 'short'; rows: DepartmentShort[]; totalRecords: number };

const clash = (field: 'name' | 'code', message: string) => new AppError(409, ErrorCode.Conflict, message, { [field]: message });

function toDepartment(row: repo.DepartmentRow): Department {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    status: row.status === 0 ? 0 : 1,
    departmentHeadId: row.headId,
    departmentHeadName: row.headName,
    parentDepartmentId: row.parentId,
    parentDepartmentName: row.parentName,
    totalEmployees: row.totalEmployees,
  };
}

/** Departments of an organisation (people spec §2.4, §5 Department, §7 Departments). */
export class DepartmentService {
  /**
   * A page of departments by name. Page 1 always answers (possibly empty, for the empty state);
   * a later page with nothing on it is 404, which is how the dropdown knows to stop loading.
   */
  async list({ db: tdb }: Scope, query: DepartmentListQuery): Promise<DepartmentPage> {
    const filters: repo.DepartmentFilters = {
      ...(query.isActive === undefined ? {} : { status: query.isActive ? 1 : 0 }),
      ...(query.search ? { search: query.search } : {}),
      withMembers: query.isFilter === true,
    };
    const offset = (query.page - 1) * query.pageSize;
    const totalRecords = await repo.countDepartments(tdb, filters);
    if (query.page > 1 && offset >= totalRecords) throw notFound(DEPARTMENT_MSG.noMorePages);
    if (query.isFilter) {
      const rows = await repo.findShortDepartments(tdb, filters, query.pageSize, offset);
      return { kind: 'short', totalRecords, rows: rows.map((r) => ({ id: r.id, name: r.name, parentDepartmentId: r.parentDepartmentId })) };
    }
    const rows = await repo.findDepartments(tdb, filters, query.pageSize, offset);
    return { kind: 'full', totalRecords, rows: rows.map(toDepartment) };
  }

  /** The 'Employees in {department}' view: the department and a page of its users by name. */
  async detail({ db: tdb }: Scope, id: string, page: { page: number; pageSize: number }): Promise<DepartmentDetail> {
    const department = await repo.findDepartment(tdb, id);
    if (!department) throw notFound(DEPARTMENT_MSG.notFound);
    const members = await repo.findMembers(tdb, id, page.pageSize, (page.page - 1) * page.pageSize);
    return {
      id: department.id,
      name: department.name,
      totalEmployees: department.totalEmployees,
      employees: members.map((m) => ({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        designation: m.designation,
        email: m.email,
        regimeType: m.regimeType,
        // People spec §9: employee status 1 active, 0 inactive; restricted users count as active (§1).
        status: m.status === UserStatus.Active || m.status === UserStatus.RestrictedLogin ? 1 : 0,
        userStatus: m.status,
      })),
    };
  }

  async create(scope: Scope, input: DepartmentInput): Promise<Department> {
    return this.write(scope, async (tdb) => {
      const values: repo.DepartmentValues = {
        name: input.name,
        code: input.code ?? null,
        description: input.description ?? null,
        headUserId: input.departmentHeadId ?? null,
        parentDepartmentId: input.parentDepartmentId ?? null,
        status: input.status ?? 1,
      };
      await this.check(tdb, null, values);
      return repo.insertDepartment(tdb, values);
    });
  }

  /** A full or partial update: omitted optional fields keep their value; the status toggle uses it too. */
  async update(scope: Scope, id: string, input: DepartmentInput): Promise<Department> {
    return this.write(scope, async (tdb) => {
      const current = await repo.findDepartment(tdb, id);
      if (!current) throw notFound(DEPARTMENT_MSG.notFound);
      const values: repo.DepartmentValues = {
        name: input.name,
        code: input.code === undefined ? current.code : input.code,
        description: input.description === undefined ? current.description : input.description,
        headUserId: input.departmentHeadId === undefined ? current.headId : input.departmentHeadId,
        parentDepartmentId: input.parentDepartmentId === undefined ? current.parentId : input.parentDepartmentId,
        status: input.status ?? (current.status === 0 ? 0 : 1),
      };
      await this.check(tdb, id, values);
      await repo.updateDepartment(tdb, id, values);
      return id;
    });
  }

  /**
   * Deletes a department that nobody is left in (deleting Finance had left 7 people with
   * no department). Its people move to `moveTo` first when given; sub-departments must be moved by
   * hand, since no one target parent is obviously right for them.
   */
  async remove({ db: tdb }: Scope, id: string, query: DepartmentDeleteQuery): Promise<void> {
    await repo.lockDepartments(tdb);
    const department = await repo.findDepartment(tdb, id);
    if (!department) throw notFound(DEPARTMENT_MSG.notFound);
    const people = await repo.countAssignedUsers(tdb, id);
    if (query.moveTo === undefined && people > 0) throw conflict(departmentDeleteMessages.hasPeople(department.name, people));
    const children = await repo.countSubDepartments(tdb, id);
    if (children > 0) throw conflict(departmentDeleteMessages.hasSubDepartments(department.name, children));
    if (query.moveTo !== undefined) {
      const target = query.moveTo === id ? undefined : await repo.findDepartment(tdb, query.moveTo);
      if (!target || target.status !== 1) throw fieldError('moveTo', DEPARTMENT_MSG.moveToInvalid);
      await repo.moveUsers(tdb, id, target.id);
    }
    await repo.deleteDepartment(tdb, id);
  }

  private async write({ db: tdb }: Scope, change: (tdb: TenantDb) => Promise<string>): Promise<Department> {
    try {
      await repo.lockDepartments(tdb);
      const id = await change(tdb);
      const row = await repo.findDepartment(tdb, id);
      if (!row) throw notFound(DEPARTMENT_MSG.notFound);
      return toDepartment(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw clash('name', DEPARTMENT_MSG.nameExists);
      throw error;
    }
  }

  private async check(tdb: TenantDb, id: string | null, values: repo.DepartmentValues): Promise<void> {
    if (await repo.findClash(tdb, 'name', values.name, id)) throw clash('name', DEPARTMENT_MSG.nameExists);
    if (values.code !== null && (await repo.findClash(tdb, 'code', values.code, id))) throw clash('code', DEPARTMENT_MSG.codeExists);
    if (values.headUserId !== null && !(await repo.userExists(tdb, values.headUserId))) throw fieldError('departmentHeadId', DEPARTMENT_MSG.headInvalid);
    const parent = values.parentDepartmentId;
    if (parent !== null) {
      if (parent === id) throw fieldError('parentDepartmentId', DEPARTMENT_MSG.ownParent);
      if (!(await repo.departmentExists(tdb, parent))) throw fieldError('parentDepartmentId', DEPARTMENT_MSG.parentInvalid);
      // The new parent must not sit below this department, or the chain would loop back to it.
      if (id !== null && (await repo.isAncestorOrSelf(tdb, id, parent))) throw fieldError('parentDepartmentId', DEPARTMENT_MSG.parentCycle);
    }
  }
}
