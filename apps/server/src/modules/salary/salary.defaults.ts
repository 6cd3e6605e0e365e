import { and, eq, sql } from 'drizzle-orm';
import type { StatutoryWageBase } from '@tankha/domain';
import type { Db } from '../../db/client';
import { statutoryComponents, tenantDeductions, tenantEarnings, userFieldOptions, userFields } from '../../db/schema';

/**
 * The standard salary components, statutory settings and user fields every organisation starts with
 * ("New organisations get a standard set of salary components … so this works from day one").
 * Organisations that predate them got them from migration 0013; a change here needs a data migration too.
 * Values follow the tables' conventions: percent as decimal text, flat amounts as ANNUAL paise text.
 */
export const DEFAULT_EARNINGS = [
  {
    code: 'BASIC',
    earningName: 'Basic',
    earningCategory: 'basic',
    calculationType: 1,
    calculationValue: '50',
    epfContributionType: 1,
    isPartOfSalaryStructure: true,
    sortOrder: 1,
  },
  {
    code: 'HRA',
    earningName: 'HRA',
    earningCategory: 'hra',
    calculationType: 2,
    calculationValue: '50',
    epfContributionType: 0,
    isPartOfSalaryStructure: true,
    sortOrder: 2,
  },
  {
    code: 'CONVEYANCE',
    earningName: 'Conveyance Allowance',
    earningCategory: 'other',
    calculationType: 3,
    calculationValue: '1920000',
    epfContributionType: 0,
    isPartOfSalaryStructure: true,
    sortOrder: 3,
  },
  {
    code: 'MEDICAL',
    earningName: 'Medical Allowance',
    earningCategory: 'other',
    calculationType: 3,
    calculationValue: '1500000',
    epfContributionType: 0,
    isPartOfSalaryStructure: true,
    sortOrder: 4,
  },
  // Available to add per employee; not in the default structure (LTA is paid against travel, not monthly).
  {
    code: 'LTA',
    earningName: 'Leave Travel Allowance',
    earningCategory: 'other',
    calculationType: 3,
    calculationValue: '0',
    epfContributionType: 0,
    isPartOfSalaryStructure: false,
    sortOrder: 5,
  },
  {
    code: 'FIXED_ALLOWANCE',
    earningName: 'Fixed Allowance',
    earningCategory: 'fixedAllowance',
    calculationType: 3,
    calculationValue: '0',
    epfContributionType: 0,
    isPartOfSalaryStructure: true,
    sortOrder: 6,
  },
] as const;

export const DEFAULT_DEDUCTIONS = [
  {
    deductionName: 'NPS Employee Contribution',
    description: "Employee's contribution to the National Pension System",
    deductionType: 3,
    preTaxDeductionSection: '80CCD(1)',
  },
  {
    deductionName: 'Loan Recovery',
    description: 'Recovery of a salary advance or loan',
    deductionType: 0,
    preTaxDeductionSection: null,
  },
] as const;

/** The PF and ESI wage base an organisation starts with, and the day it was chosen ('YYYY-MM-DD'). */
export interface WageBaseChoice {
  wageBase: StatutoryWageBase;
  wageBaseSince: string;
}

/**
 * Platform spec §9 "Statutory defaults"; ESI rates are the current ESIC rates (the engine keeps history).
 * A new organisation's PF and ESI wage base is given by the caller (wages under the labour codes from
 * the day it is created); without one the settings carry none (read as 'components').
 */
export function defaultStatutorySettings(professionalTaxState: string | null, wageBase: WageBaseChoice | null = null) {
  const base = wageBase ? { wageBase: wageBase.wageBase, wageBaseSince: wageBase.wageBaseSince } : {};
  return [
    {
      component: 'EPF' as const,
      isEnabled: true,
      settings: {
        employeeRatePercent: 12,
        employerRatePercent: 12,
        includeEmployerShareInCtc: true,
        considerAllSalaryComponents: true,
        proRate: false,
        applicability: 1,
        restrictToWageCeiling: true,
        ...base,
      },
    },
    {
      component: 'ESI' as const,
      isEnabled: true,
      settings: {
        employeeRatePercent: 0.75,
        employerRatePercent: 3.25,
        includeEmployerShareInCtc: true,
        ...base,
      },
    },
    // A new organisation has no state yet: professional tax waits for it (docs/decisions/).
    {
      component: 'ProfessionalTax' as const,
      isEnabled: professionalTaxState !== null,
      settings: { stateCode: professionalTaxState },
    },
    {
      component: 'LWF' as const,
      isEnabled: false,
      settings: { stateCode: null },
    },
  ];
}

export const EMPLOYMENT_TYPE_FIELD = 'Employment Type';
export const EMPLOYMENT_TYPE_OPTIONS = ['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant'] as const;

/**
 * Creates whatever of the defaults an organisation lacks; safe to run again (each insert skips an
 * existing row by its natural key). Used by organisation provisioning and by the demo seed, both of
 * which run as the platform (connecting) role inside their own transaction.
 */
export async function provisionPayrollDefaults(db: Db, tenantId: string, options: { professionalTaxState: string | null; wageBase: WageBaseChoice }): Promise<void> {
  await db
    .insert(tenantEarnings)
    .values(
      DEFAULT_EARNINGS.map((e) => ({
        tenantId,
        earningName: e.earningName,
        nameInPayslip: e.earningName,
        code: e.code,
        earningCategory: e.earningCategory,
        calculationType: e.calculationType,
        calculationValue: e.calculationValue,
        isPartOfSalaryStructure: e.isPartOfSalaryStructure,
        epfContributionType: e.epfContributionType,
        sortOrder: e.sortOrder,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(tenantDeductions)
    .values(DEFAULT_DEDUCTIONS.map((d) => ({ tenantId, ...d })))
    .onConflictDoNothing();
  await db
    .insert(statutoryComponents)
    .values(
      defaultStatutorySettings(options.professionalTaxState, options.wageBase).map((s) => ({
        tenantId,
        ...s,
      })),
    )
    .onConflictDoNothing();

  const [created] = await db.insert(userFields).values({ tenantId, name: EMPLOYMENT_TYPE_FIELD }).onConflictDoNothing().returning({ id: userFields.id });
  const [field] = created
    ? [created]
    : await db
        .select({ id: userFields.id })
        .from(userFields)
        .where(and(eq(userFields.tenantId, tenantId), eq(userFields.name, EMPLOYMENT_TYPE_FIELD)))
        .limit(1);
  if (!field) return;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userFieldOptions)
    .where(eq(userFieldOptions.userFieldId, field.id));
  if ((count?.n ?? 0) > 0) return;
  await db.insert(userFieldOptions).values(
    EMPLOYMENT_TYPE_OPTIONS.map((label, i) => ({
      tenantId,
      userFieldId: field.id,
      label,
      sortOrder: i + 1,
    })),
  );
}
