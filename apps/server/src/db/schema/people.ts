import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { accounts, tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    headUserId: uuid('head_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    parentDepartmentId: uuid('parent_department_id').references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    index('departments_tenant_idx').on(t.tenantId),
    uniqueIndex('departments_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('departments_tenant_code_key')
      .on(t.tenantId, sql`lower(${t.code})`)
      .where(sql`${t.code} IS NOT NULL`),
  ],
);

/**
 * A place people work from (issue 28): its state decides their professional tax and labour welfare
 * fund, and the registration numbers head the state's monthly statements. State is an ISO 3166-2:IN
 * code without the prefix (packages/domain/src/statutory/states.ts).
 */
export const workLocations = pgTable(
  'work_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    stateCode: text('state_code').notNull(),
    city: text('city'),
    ptRegistrationNumber: text('pt_registration_number'),
    lwfRegistrationNumber: text('lwf_registration_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('work_locations_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * A person's membership of one organisation, which is also their employee record (people spec §3).
 * Restricted-login users have no account. isManager is derived from reportees, never stored.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    employeeNumber: text('employee_number'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    roleId: smallint('role_id').notNull().default(3),
    status: smallint('status').notNull(),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: smallint('gender').notNull().default(0),
    dateOfJoining: date('date_of_joining', { mode: 'string' }),
    /**
     * Last working day of an employee who is leaving or has left (exits and
     * full-and-final settlement). The payroll run prorates the month it falls in and leaves the
     * employee out of every month after it.
     */
    dateOfLeaving: date('date_of_leaving', { mode: 'string' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    designation: text('designation'),
    workLocation: text('work_location'),
    /** Where they work: the state of their professional tax and LWF (none: the organisation's PT/LWF state). */
    workLocationId: uuid('work_location_id').references(() => workLocations.id),
    reportingManagerId: uuid('reporting_manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    pan: text('pan'),
    regimeType: smallint('regime_type').notNull().default(1),
    personalEmail: text('personal_email'),
    emergencyContact: text('emergency_contact'),
    maritalStatus: smallint('marital_status').notNull().default(0),
    marriageDate: date('marriage_date', { mode: 'string' }),
    spouseName: text('spouse_name'),
    bloodGroup: text('blood_group'),
    address: text('address'),
    /** Years of experience; decimals allowed (people spec §3). */
    experience: numeric('experience', { precision: 5, scale: 2 }),
    dateOfConfirmation: date('date_of_confirmation', { mode: 'string' }),
    esiNumber: text('esi_number'),
    pfNumber: text('pf_number'),
    uan: text('uan'),
    bankAccountNumber: text('bank_account_number'),
    bankName: text('bank_name'),
    ifscCode: text('ifsc_code'),
    accountHolderName: text('account_holder_name'),
    forceEsiCalc: boolean('force_esi_calc').notNull().default(false),
    /** Annual cost to company in paise (DESIGN §5: money is integer paise). */
    annualCtcPaise: bigint('annual_ctc_paise', { mode: 'number' }),
    imageKey: text('image_key'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the user list's search matches "contains" against (lowercase name, e-mail and employee
     * number, fields apart by chr(1) so a term never spans two of them), served by a trigram index.
     * Read through tenant_users_matching() (migration 0007, docs/decisions/).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || chr(1) || email || chr(1) || coalesce(employee_number, ''))`),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_employee_number_key').on(t.tenantId, t.employeeNumber),
    index('users_account_idx').on(t.accountId),
    index('users_tenant_status_idx').on(t.tenantId, t.status),
    // The payroll run's chunks walk an organisation's employees in id order (findRunEmployees keyset).
    index('users_tenant_id_idx').on(t.tenantId, t.id),
    // The payroll run's employee list pages in name order (findEmployeePage): a page of 50 of 100,000
    // is an index walk to the page (1.4 ms measured), not a join and sort of everyone (1.6 s).
    index('users_tenant_name_idx').on(t.tenantId, t.firstName, t.lastName, t.id),
    index('users_manager_idx').on(t.tenantId, t.reportingManagerId),
    index('users_department_idx').on(t.tenantId, t.departmentId),
    index('users_work_location_idx').on(t.tenantId, t.workLocationId),
    // The user list sorts and searches in the database at 100,000 users.
    index('users_tenant_status_name_idx').on(t.tenantId, t.status, t.firstName, t.lastName),
    index('users_tenant_status_joining_idx').on(t.tenantId, t.status, t.dateOfJoining),
    index('users_tenant_status_last_login_idx').on(t.tenantId, t.status, t.lastLoginAt, t.firstName, t.lastName),
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('files_storage_key').on(t.storageKey)],
);

/**
 * Tenant-defined fields on the employee record with a choice of options; "Employment Type" is one
 * (people spec §3: userFieldValues hold id, userId, userFieldId, optionId, fieldValue).
 */
export const userFields = pgTable(
  'user_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('user_fields_tenant_name_key').on(t.tenantId, t.name)],
);

export const userFieldOptions = pgTable(
  'user_field_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userFieldId: uuid('user_field_id')
      .notNull()
      .references(() => userFields.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [tenantIsolation(), index('user_field_options_field_idx').on(t.userFieldId)],
);

export const userFieldValues = pgTable(
  'user_field_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userFieldId: uuid('user_field_id')
      .notNull()
      .references(() => userFields.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').references(() => userFieldOptions.id, { onDelete: 'set null' }),
    fieldValue: text('field_value'),
  },
  (t) => [tenantIsolation(), uniqueIndex('user_field_values_user_field_key').on(t.userId, t.userFieldId)],
);

/** An employee's uploaded documents (people spec §3 document types); the bytes live in file storage. */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: smallint('document_type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The client's Idempotency-Key of the upload: a retried upload answers this document. */
    idempotencyKey: uuid('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    index('user_documents_user_idx').on(t.tenantId, t.userId),
    uniqueIndex('user_documents_idempotency_key').on(t.tenantId, t.idempotencyKey),
  ],
);

/**
 * The tenant's earning components (payroll spec §3 "Earning details"). calculationValue is a
 * percent as decimal text, annual flat paise as text, or a formula, by calculationType 1–5.
 */
export const tenantEarnings = pgTable(
  'tenant_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    earningName: text('earning_name').notNull(),
    nameInPayslip: text('name_in_payslip').notNull(),
    /** Identifier used in formulas (BASIC, HRA, …). */
    code: text('code').notNull(),
    /** 'basic' | 'hra' | 'fixedAllowance' | 'other': the roles the structure engine needs. */
    earningCategory: text('earning_category').notNull().default('other'),
    calculationType: smallint('calculation_type').notNull(),
    calculationValue: text('calculation_value').notNull(),
    isFixedPay: boolean('is_fixed_pay').notNull().default(true),
    isPartOfSalaryStructure: boolean('is_part_of_salary_structure').notNull().default(true),
    isTaxableEarning: boolean('is_taxable_earning').notNull().default(true),
    isProRateBasis: boolean('is_pro_rate_basis').notNull().default(true),
    /** 0 not counted for EPF, 1 always counted, 2 counted only when the PF wage is under the ceiling. */
    epfContributionType: smallint('epf_contribution_type').notNull().default(0),
    isConsideredForEsi: boolean('is_considered_for_esi').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('tenant_earnings_tenant_code_key').on(t.tenantId, t.code)],
);

/** The tenant's deductions (payroll spec §3): deductionType 0 post-tax, 3 pre-tax. */
export const tenantDeductions = pgTable(
  'tenant_deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    deductionName: text('deduction_name').notNull(),
    description: text('description'),
    isRecurring: boolean('is_recurring').notNull().default(true),
    deductionType: smallint('deduction_type').notNull(),
    preTaxDeductionSection: text('pre_tax_deduction_section'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('tenant_deductions_tenant_name_key').on(t.tenantId, t.deductionName)],
);

/** EPF, ESI, ProfessionalTax and LWF settings per tenant; `settings` is validated by the contract. */
export const statutoryComponents = pgTable(
  'statutory_components',
  {
    tenantId: tenantIdColumn(),
    component: text('component', { enum: ['EPF', 'ESI', 'ProfessionalTax', 'LWF'] }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    settings: jsonb('settings').notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.tenantId, t.component] })],
);

/** An employee's earning associations: which components, with this employee's value. */
export const userEarnings = pgTable(
  'user_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantEarningId: uuid('tenant_earning_id')
      .notNull()
      .references(() => tenantEarnings.id, { onDelete: 'cascade' }),
    calculationType: smallint('calculation_type').notNull(),
    calculationValue: text('calculation_value').notNull(),
  },
  (t) => [tenantIsolation(), uniqueIndex('user_earnings_user_earning_key').on(t.userId, t.tenantEarningId)],
);

/** An employee's deduction associations with an annual flat amount in paise. */
export const userDeductions = pgTable(
  'user_deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantDeductionId: uuid('tenant_deduction_id')
      .notNull()
      .references(() => tenantDeductions.id, { onDelete: 'cascade' }),
    annualPaise: bigint('annual_paise', { mode: 'number' }).notNull(),
  },
  (t) => [tenantIsolation(), uniqueIndex('user_deductions_user_deduction_key').on(t.userId, t.tenantDeductionId)],
);
