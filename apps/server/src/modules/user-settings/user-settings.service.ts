import { USER_SETTINGS_DEFAULTS, USER_SETTINGS_NEXT_MAX, formatEmployeeNumber, type UserSettings, type UserSettingsView } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import type { TenantDb, TenantScope } from '../../platform/tenancy';
import * as repo from './user-settings.repo';

/**
 * Users > Settings: employee numbering and the role of new users. Until the page is
 * saved, the numbering continues the organisation's own: prefix, next number and width are read off
 * the employee number with the highest numeric suffix (NSP043 → NSP, 44, 3 digits), so the form's
 * suggestion is what it was before this page existed (docs/decisions/0138-users-settings.md).
 */
export class UserSettingsService {
  constructor(private readonly deps: { clock: Clock }) {}

  async get({ db: tdb }: TenantScope): Promise<UserSettingsView> {
    const settings = await this.current(tdb);
    return {
      ...settings,
      nextEmployeeNumberPreview: await this.firstFree(tdb, settings),
    };
  }

  /** Prefix ≤ 10 and at most 8 digits: every number fits the employee form's 30 characters. */
  async save(scope: TenantScope, input: UserSettings): Promise<UserSettingsView> {
    await repo.upsertSettings(scope.db, input, this.deps.clock.now());
    return this.get(scope);
  }

  /** The number the employee form suggests: prefix + the first free number from the next one on. */
  async suggestEmployeeNumber({ db: tdb }: TenantScope): Promise<string> {
    return this.firstFree(tdb, await this.current(tdb));
  }

  /** The role of a new user whose form or import row names none. */
  async defaultRoleId({ db: tdb }: TenantScope): Promise<2 | 3> {
    return (await this.current(tdb)).defaultRoleId;
  }

  /**
   * An employee was created with `employeeNumber`: when it is this numbering's (prefix + digits) at or
   * past the next number, the next number moves past it. Without saved settings nothing is stored:
   * the derived numbering already continues from the highest number.
   */
  async noteEmployeeNumberUsed({ db: tdb }: TenantScope, employeeNumber: string): Promise<void> {
    const saved = await repo.findSettings(tdb, true);
    if (!saved) return;
    const prefix = saved.employeeNumberPrefix;
    if (employeeNumber.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return;
    const digits = employeeNumber.slice(prefix.length);
    if (!/^\d+$/.test(digits)) return;
    const n = Number(digits);
    if (n >= saved.nextEmployeeNumber && n < USER_SETTINGS_NEXT_MAX) await repo.updateNextNumber(tdb, n + 1, this.deps.clock.now());
  }

  private async current(tdb: TenantDb): Promise<UserSettings> {
    const saved = await repo.findSettings(tdb);
    if (saved) {
      return {
        employeeNumberPrefix: saved.employeeNumberPrefix,
        nextEmployeeNumber: saved.nextEmployeeNumber,
        employeeNumberDigits: saved.employeeNumberDigits,
        defaultRoleId: saved.defaultRoleId === 2 ? 2 : 3,
      };
    }
    return {
      ...USER_SETTINGS_DEFAULTS,
      ...continuedFrom(await repo.findLatestEmployeeNumber(tdb)),
    };
  }

  private async firstFree(tdb: TenantDb, s: UserSettings): Promise<string> {
    const taken = await repo.findTakenNumbers(tdb, s.employeeNumberPrefix, s.nextEmployeeNumber);
    let n = s.nextEmployeeNumber;
    while (taken.has(n)) n += 1;
    return formatEmployeeNumber(s.employeeNumberPrefix, n, s.employeeNumberDigits);
  }
}

/** 'NSP043' → { prefix 'NSP', next 44, digits 3 }; nothing when the number has no numeric suffix or an unusable prefix. */
export function continuedFrom(latest: string | null): Partial<UserSettings> {
  const match = latest ? /^([A-Za-z0-9/-]*?)(\d+)$/.exec(latest) : null;
  if (!match) return {};
  const [, prefix = '', digits = ''] = match;
  const next = Number(digits) + 1;
  if (prefix.length > 10 || digits.length > 8 || next > USER_SETTINGS_NEXT_MAX) return {};
  return {
    employeeNumberPrefix: prefix,
    nextEmployeeNumber: next,
    employeeNumberDigits: digits.length,
  };
}
