import { SKILL_MSG, type EmployeeSkill, type EmployeeSkillInput, type Skill } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { fieldError, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import * as repo from './skills.repo';

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/** Users > Skills management: the catalogue, and each employee's level in a skill. */
export class SkillService {
  constructor(private readonly deps: { clock: Clock }) {}

  list({ db }: TenantScope): Promise<Skill[]> {
    return repo.findSkills(db);
  }

  async create({ db }: TenantScope, input: { name: string; description: string | null }): Promise<Skill> {
    if (await repo.nameTaken(db, input.name, null)) throw fieldError('name', SKILL_MSG.nameTaken);
    const id = await repo.insertSkill(db, input);
    return this.get(db, id);
  }

  async update({ db }: TenantScope, id: string, input: { name: string; description: string | null }): Promise<Skill> {
    await this.get(db, id);
    if (await repo.nameTaken(db, input.name, id)) throw fieldError('name', SKILL_MSG.nameTaken);
    await repo.updateSkill(db, id, input, this.deps.clock.now());
    return this.get(db, id);
  }

  /** Deleting a skill removes it from the employees who hold it (the page's confirmation says how many). */
  async delete({ db }: TenantScope, id: string): Promise<void> {
    await this.get(db, id);
    await repo.deleteSkill(db, id);
  }

  async employeeSkills({ db }: TenantScope, filter: { userId?: string; skillId?: string }): Promise<EmployeeSkill[]> {
    return (await repo.findEmployeeSkills(db, filter)).map(toView);
  }

  /** Sets an employee's level in a skill, adding the skill to them when new. */
  async setLevel({ db }: TenantScope, input: EmployeeSkillInput): Promise<EmployeeSkill> {
    if (!(await repo.employeeExists(db, input.userId))) throw fieldError('userId', SKILL_MSG.employeeNotFound);
    if (!(await repo.findSkill(db, input.skillId))) throw fieldError('skillId', SKILL_MSG.notFound);
    await repo.upsertEmployeeSkill(db, input.userId, input.skillId, input.level, this.deps.clock.now());
    const [row] = await repo.findEmployeeSkills(db, {
      userId: input.userId,
      skillId: input.skillId,
    });
    if (!row) throw notFound(SKILL_MSG.notFound);
    return toView(row);
  }

  async remove({ db }: TenantScope, userId: string, skillId: string): Promise<void> {
    if (!(await repo.deleteEmployeeSkill(db, userId, skillId))) throw notFound(SKILL_MSG.notFound);
  }

  private async get(db: TenantScope['db'], id: string): Promise<Skill> {
    const skill = await repo.findSkill(db, id);
    if (!skill) throw notFound(SKILL_MSG.notFound);
    return skill;
  }
}

function toView(r: repo.EmployeeSkillRow): EmployeeSkill {
  return {
    userId: r.userId,
    employeeName: fullName(r),
    employeeNumber: r.employeeNumber,
    skillId: r.skillId,
    skillName: r.skillName,
    level: r.level,
  };
}
