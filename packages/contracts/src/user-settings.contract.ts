import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Users > Settings (docs/decisions/0138-users-settings.md). Paths under the API base:
 *
 *   GET /Users/settings   the organisation's numbering and defaults for new users
 *   PUT /Users/settings   change them (administrators and moderators)
 *
 * The employee number the people-creation path suggests is prefix + next number padded to `digits`
 * (EMP + 42 + 4 digits = EMP0042); creating an employee with it moves the next number on.
 */
export const USER_SETTINGS_MSG = {
  saved: 'User settings saved successfully',
  prefixTooLong: 'Prefix can be at most 10 characters',
  prefixCharacters: 'Prefix may contain only letters, digits, hyphens and slashes',
  nextNumberRange: 'Next number must be a whole number from 1 to 99,999,999',
  digitsRange: 'Digits must be a whole number from 1 to 8',
  defaultRole: 'Default role must be Moderator or Member',
} as const;

export const USER_SETTINGS_PREFIX_MAX = 10;
export const USER_SETTINGS_NEXT_MAX = 99_999_999;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const userSettingsSchema = z.object({
  employeeNumberPrefix: z
    .string({ error: USER_SETTINGS_MSG.prefixCharacters })
    .trim()
    .max(USER_SETTINGS_PREFIX_MAX, { error: USER_SETTINGS_MSG.prefixTooLong })
    .regex(/^[A-Za-z0-9/-]*$/, { error: USER_SETTINGS_MSG.prefixCharacters }),
  nextEmployeeNumber: wholeNumber(USER_SETTINGS_MSG.nextNumberRange, 1, USER_SETTINGS_NEXT_MAX),
  employeeNumberDigits: wholeNumber(USER_SETTINGS_MSG.digitsRange, 1, 8),
  /** The role a new user gets when the form or the import names none: Moderator (2) or Member (3), never Administrator. */
  defaultRoleId: z.union([z.literal(2), z.literal(3)], {
    error: USER_SETTINGS_MSG.defaultRole,
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const userSettingsViewSchema = userSettingsSchema.extend({
  /** The number the employee form will suggest now (the next one not taken). */
  nextEmployeeNumberPreview: z.string(),
});
export type UserSettingsView = z.infer<typeof userSettingsViewSchema>;
export const userSettingsReplySchema = envelope(userSettingsViewSchema);

/** The defaults an organisation has before anyone saves the page. */
export const USER_SETTINGS_DEFAULTS: UserSettings = {
  employeeNumberPrefix: 'EMP',
  nextEmployeeNumber: 1,
  employeeNumberDigits: 4,
  defaultRoleId: 3,
};

/** 'EMP', 42, 4 → 'EMP0042'. */
export function formatEmployeeNumber(prefix: string, n: number, digits: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}
