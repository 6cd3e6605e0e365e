import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';

/**
 * Users > Skills management (docs/decisions/0139-users-skills-management.md). Paths under the API base:
 *
 *   GET    /Skills                      the catalogue with how many employees hold each skill
 *   POST   /Skills                      add a skill (name unique per organisation, case-insensitive)
 *   PUT    /Skills/{id}                 rename / describe
 *   DELETE /Skills/{id}                 delete (removes it from the employees who hold it)
 *   GET    /EmployeeSkills?userId&skillId   employees' skills, filtered by employee or skill
 *   PUT    /EmployeeSkills              set an employee's level in a skill (adds it when new)
 *   DELETE /EmployeeSkills/{userId}/{skillId}
 */
export const SKILL_MSG = {
  created: 'Skill added successfully',
  updated: 'Skill updated successfully',
  deleted: 'Skill deleted successfully',
  nameRequired: 'Skill name is required',
  nameTooLong: 'Skill name can be at most 60 characters',
  descriptionTooLong: 'Description can be at most 255 characters',
  nameTaken: 'A skill with this name already exists',
  notFound: 'Skill not found',
  employeeNotFound: 'Employee not found',
  employeeRequired: 'Employee is required',
  skillRequired: 'Skill is required',
  levelRange: 'Level must be 1 (Beginner), 2 (Intermediate), 3 (Advanced) or 4 (Expert)',
  levelSaved: 'Skill level saved successfully',
  removed: 'Skill removed from the employee',
  noSkills: 'No skills added yet',
  noEmployeeSkills: 'No employee skills found',
  deleteWarning: (name: string, holders: number) =>
    holders === 0 ? `Delete the skill ${name}?` : `Delete the skill ${name}? It will be removed from ${String(holders)} employee${holders === 1 ? '' : 's'}.`,
} as const;

export const SKILL_LEVELS = {
  1: 'Beginner',
  2: 'Intermediate',
  3: 'Advanced',
  4: 'Expert',
} as const;
export type SkillLevel = keyof typeof SKILL_LEVELS;

const uuid = (message: string) => z.uuid({ error: message });

export const skillInputSchema = z.object({
  name: z.string({ error: SKILL_MSG.nameRequired }).trim().min(1, { error: SKILL_MSG.nameRequired }).max(60, { error: SKILL_MSG.nameTooLong }),
  description: z
    .string()
    .trim()
    .max(255, { error: SKILL_MSG.descriptionTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SkillInput = z.input<typeof skillInputSchema>;
export const skillSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  employeeCount: z.number().int(),
});
export type Skill = z.infer<typeof skillSchema>;
export const skillReplySchema = envelope(skillSchema);
export const skillListReplySchema = listEnvelope(skillSchema);
export const skillIdPathSchema = z.object({ id: uuid(SKILL_MSG.notFound) });

export const employeeSkillQuerySchema = z.object({
  userId: uuid('userId must be a UUID').optional(),
  skillId: uuid('skillId must be a UUID').optional(),
});
export const employeeSkillInputSchema = z.object({
  userId: uuid(SKILL_MSG.employeeRequired),
  skillId: uuid(SKILL_MSG.skillRequired),
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: SKILL_MSG.levelRange,
  }),
});
export type EmployeeSkillInput = z.infer<typeof employeeSkillInputSchema>;
export const employeeSkillSchema = z.object({
  userId: z.string(),
  employeeName: z.string(),
  employeeNumber: z.string().nullable(),
  skillId: z.string(),
  skillName: z.string(),
  level: z.number().int(),
});
export type EmployeeSkill = z.infer<typeof employeeSkillSchema>;
export const employeeSkillReplySchema = envelope(employeeSkillSchema);
export const employeeSkillListReplySchema = listEnvelope(employeeSkillSchema);
export const employeeSkillPathSchema = z.object({
  userId: uuid(SKILL_MSG.employeeNotFound),
  skillId: uuid(SKILL_MSG.notFound),
});
