import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * Income-tax declarations (payroll spec §3 "Declaration", "House rent detail", "Let-out property",
 * "Home loan detail", "Deduction"). One declaration per employee and financial
 * year; its sections are child rows. Every amount is integer paise. Each amount has three readings:
 *
 *   declared  what the employee declared (the declaration form)
 *   actual_   what the employee proved (the proof-of-investment form), null until proofs are entered
 *   allowed_  what the reviewer allowed after checking the proofs, null until reviewed
 *
 * The tax (summary, payroll TDS, regime comparison) takes the allowed figure once it is set and the
 * declared one before (domain `pickDeclaredAmount`). Per-item review flags: `is_poi_submitted` (a proof
 * is attached or the actual amount entered) and `is_approved` (null = not reviewed, true/false).
 *
 * `status` is the team-review status of payroll spec §3 "Team review status" with our 0 for a draft:
 * 0 Draft, 1 Submitted, 2 Rejected, 3 OnHold, 4 Approved (contracts DeclarationStatus). "Locked" is
 * not stored: it is the window's state (tax_windows). `regime` is the employee's intended regime for
 * the year (DESIGN §5: 0 Old, 1 New, the default) and decides the TDS even while the rest is a draft.
 */
export const taxDeclarations = pgTable(
  'tax_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 2025 for the financial year 2025-26. */
    financialYearStart: smallint('financial_year_start').notNull(),
    status: smallint('status').notNull().default(0),
    regime: smallint('regime').notNull().default(1),
    isDraft: boolean('is_draft').notNull().default(true),
    isSubmitted: boolean('is_submitted').notNull().default(false),
    isRentedAccommodation: boolean('is_rented_accommodation').notNull().default(false),
    isLetOutProperty: boolean('is_let_out_property').notNull().default(false),
    hasLoanOnSelfOccupiedHome: boolean('has_loan_on_self_occupied_home').notNull().default(false),

    // Other sources (declared / actual / allowed).
    incomeOtherSourcesPaise: bigint('income_other_sources_paise', { mode: 'number' }).notNull().default(0),
    interestFromSavingsPaise: bigint('interest_from_savings_paise', { mode: 'number' }).notNull().default(0),
    interestFromFdPaise: bigint('interest_from_fd_paise', { mode: 'number' }).notNull().default(0),
    interestFromNscPaise: bigint('interest_from_nsc_paise', { mode: 'number' }).notNull().default(0),
    actualIncomeOtherSourcesPaise: bigint('actual_income_other_sources_paise', { mode: 'number' }),
    actualInterestFromSavingsPaise: bigint('actual_interest_from_savings_paise', { mode: 'number' }),
    actualInterestFromFdPaise: bigint('actual_interest_from_fd_paise', { mode: 'number' }),
    actualInterestFromNscPaise: bigint('actual_interest_from_nsc_paise', { mode: 'number' }),
    allowedIncomeOtherSourcesPaise: bigint('allowed_income_other_sources_paise', { mode: 'number' }),
    allowedInterestFromSavingsPaise: bigint('allowed_interest_from_savings_paise', { mode: 'number' }),
    allowedInterestFromFdPaise: bigint('allowed_interest_from_fd_paise', { mode: 'number' }),
    allowedInterestFromNscPaise: bigint('allowed_interest_from_nsc_paise', { mode: 'number' }),

    // Previous employment in the year (Form 12B), declared / actual / allowed.
    previousEmploymentIncomePaise: bigint('previous_employment_income_paise', { mode: 'number' }).notNull().default(0),
    previousEmploymentTaxPaidPaise: bigint('previous_employment_tax_paid_paise', { mode: 'number' }).notNull().default(0),
    previousEmploymentProfessionalTaxPaise: bigint('previous_employment_professional_tax_paise', { mode: 'number' }).notNull().default(0),
    previousEmploymentEpfPaise: bigint('previous_employment_epf_paise', { mode: 'number' }).notNull().default(0),
    previousEmploymentLeaveEncashmentPaise: bigint('previous_employment_leave_encashment_paise', { mode: 'number' }).notNull().default(0),
    actualPreviousEmploymentIncomePaise: bigint('actual_previous_employment_income_paise', { mode: 'number' }),
    actualPreviousEmploymentTaxPaidPaise: bigint('actual_previous_employment_tax_paid_paise', { mode: 'number' }),
    actualPreviousEmploymentProfessionalTaxPaise: bigint('actual_previous_employment_professional_tax_paise', { mode: 'number' }),
    actualPreviousEmploymentEpfPaise: bigint('actual_previous_employment_epf_paise', { mode: 'number' }),
    actualPreviousEmploymentLeaveEncashmentPaise: bigint('actual_previous_employment_leave_encashment_paise', { mode: 'number' }),
    allowedPreviousEmploymentIncomePaise: bigint('allowed_previous_employment_income_paise', { mode: 'number' }),
    allowedPreviousEmploymentTaxPaidPaise: bigint('allowed_previous_employment_tax_paid_paise', { mode: 'number' }),
    allowedPreviousEmploymentProfessionalTaxPaise: bigint('allowed_previous_employment_professional_tax_paise', { mode: 'number' }),
    allowedPreviousEmploymentEpfPaise: bigint('allowed_previous_employment_epf_paise', { mode: 'number' }),
    allowedPreviousEmploymentLeaveEncashmentPaise: bigint('allowed_previous_employment_leave_encashment_paise', { mode: 'number' }),

    /** Declaration submitted (isDraft false, isSubmitted true): when and by whom (an administrator on behalf, or the employee). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Team review: who moved the status last. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),

    /** Proof of investment: submitted form, its review status (spec §3 "Proof status": null, 1 Submitted, 2 Rejected, 3 OnHold, 4 Approved). */
    isPoiFormSubmitted: boolean('is_poi_form_submitted').notNull().default(false),
    poiSubmittedAt: timestamp('poi_submitted_at', { withTimezone: true }),
    poiStatus: smallint('poi_status'),
    /** Set when a reviewer finished checking the proofs; allowed_ figures are then complete. */
    proofsReviewedAt: timestamp('proofs_reviewed_at', { withTimezone: true }),
    proofsReviewedBy: uuid('proofs_reviewed_by').references(() => users.id, { onDelete: 'set null' }),

    /** The employee's regime choice: when it last changed, and who changed it. */
    regimeChangedAt: timestamp('regime_changed_at', { withTimezone: true }),
    regimeChangedBy: uuid('regime_changed_by').references(() => users.id, { onDelete: 'set null' }),

    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('tax_declarations_tenant_user_year_key').on(t.tenantId, t.userId, t.financialYearStart),
    // The team list: a year's declarations by status.
    index('tax_declarations_tenant_year_status_idx').on(t.tenantId, t.financialYearStart, t.status),
    check('tax_declarations_status_check', sql`${t.status} BETWEEN 0 AND 4`),
    check('tax_declarations_regime_check', sql`${t.regime} IN (0, 1)`),
    check('tax_declarations_poi_status_check', sql`${t.poiStatus} IS NULL OR ${t.poiStatus} BETWEEN 1 AND 4`),
  ],
);

/**
 * A rented house for part of the year (s.10(13A), rule 2A): the months from `rental_period_start`
 * (first day of the month) to `rental_period_end` (last day of the month), the rent for the whole
 * period, metro or not, and the landlord (PAN needed above ₹1,00,000 a year, Form 12BB).
 */
export const taxDeclarationHouseRents = pgTable(
  'tax_declaration_house_rents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull().default(0),
    rentalPeriodStart: date('rental_period_start', { mode: 'string' }).notNull(),
    rentalPeriodEnd: date('rental_period_end', { mode: 'string' }).notNull(),
    /** Rent for the whole period (the spec's totalAmount / declaredAmount). */
    declaredAmountPaise: bigint('declared_amount_paise', { mode: 'number' }).notNull().default(0),
    actualAmountPaise: bigint('actual_amount_paise', { mode: 'number' }),
    allowedAmountPaise: bigint('allowed_amount_paise', { mode: 'number' }),
    address: text('address'),
    landlordName: text('landlord_name'),
    landlordPan: text('landlord_pan'),
    /** 'Metro' (Delhi, Mumbai, Kolkata, Chennai: 50% of salary) or 'NonMetro' (40%). */
    urbanizationType: text('urbanization_type', { enum: ['Metro', 'NonMetro'] }).notNull().default('NonMetro'),
    isPoiSubmitted: boolean('is_poi_submitted').notNull().default(false),
    isApproved: boolean('is_approved'),
  },
  (t) => [tenantIsolation(), index('tax_declaration_house_rents_declaration_idx').on(t.declarationId), check('tax_declaration_house_rents_period_check', sql`${t.rentalPeriodStart} <= ${t.rentalPeriodEnd}`)],
);

/** A let-out property (s.22–24): NAV, the 30% and the net income are computed, never stored. */
export const taxDeclarationLetOuts = pgTable(
  'tax_declaration_let_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull().default(0),
    hasHomeLoan: boolean('has_home_loan').notNull().default(false),
    annualRentReceivedPaise: bigint('annual_rent_received_paise', { mode: 'number' }).notNull().default(0),
    municipalTaxesPaidPaise: bigint('municipal_taxes_paid_paise', { mode: 'number' }).notNull().default(0),
    actualAnnualRentReceivedPaise: bigint('actual_annual_rent_received_paise', { mode: 'number' }),
    actualMunicipalTaxesPaidPaise: bigint('actual_municipal_taxes_paid_paise', { mode: 'number' }),
    allowedAnnualRentReceivedPaise: bigint('allowed_annual_rent_received_paise', { mode: 'number' }),
    allowedMunicipalTaxesPaidPaise: bigint('allowed_municipal_taxes_paid_paise', { mode: 'number' }),
    isPoiSubmitted: boolean('is_poi_submitted').notNull().default(false),
    isApproved: boolean('is_approved'),
  },
  (t) => [tenantIsolation(), index('tax_declaration_let_outs_declaration_idx').on(t.declarationId)],
);

/**
 * A home loan: the self-occupied home's (let_out_id null, at most one per declaration) or a let-out
 * property's. Principal counts toward 80C; interest toward s.24(b) (₹2,00,000 cap when self-occupied).
 */
export const taxDeclarationHomeLoans = pgTable(
  'tax_declaration_home_loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    letOutId: uuid('let_out_id').references(() => taxDeclarationLetOuts.id, { onDelete: 'cascade' }),
    principalPaidPaise: bigint('principal_paid_paise', { mode: 'number' }).notNull().default(0),
    interestPaidPaise: bigint('interest_paid_paise', { mode: 'number' }).notNull().default(0),
    actualPrincipalPaidPaise: bigint('actual_principal_paid_paise', { mode: 'number' }),
    actualInterestPaidPaise: bigint('actual_interest_paid_paise', { mode: 'number' }),
    allowedPrincipalPaidPaise: bigint('allowed_principal_paid_paise', { mode: 'number' }),
    allowedInterestPaidPaise: bigint('allowed_interest_paid_paise', { mode: 'number' }),
    lenderName: text('lender_name'),
    lenderPan: text('lender_pan'),
    isPoiSubmitted: boolean('is_poi_submitted').notNull().default(false),
    isApproved: boolean('is_approved'),
  },
  (t) => [
    tenantIsolation(),
    index('tax_declaration_home_loans_declaration_idx').on(t.declarationId),
    uniqueIndex('tax_declaration_home_loans_let_out_key').on(t.letOutId),
    uniqueIndex('tax_declaration_home_loans_self_occupied_key').on(t.declarationId).where(sql`${t.letOutId} IS NULL`),
  ],
);

/**
 * A Chapter VI-A item from the deduction catalogue (domain TAX_DEDUCTION_CATALOGUE: 80C, 80D, Other
 * Investments; item ids and limits are data there). The declared amount is clamped to the item's limit
 * when saved.
 */
export const taxDeclarationDeductions = pgTable(
  'tax_declaration_deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull().default(0),
    /** 1 Section 80C, 2 Section 80D, 3 Other Investments (payroll spec §3). */
    categoryId: smallint('category_id').notNull(),
    deductionItemId: smallint('deduction_item_id').notNull(),
    declaredAmountPaise: bigint('declared_amount_paise', { mode: 'number' }).notNull().default(0),
    actualAmountPaise: bigint('actual_amount_paise', { mode: 'number' }),
    allowedAmountPaise: bigint('allowed_amount_paise', { mode: 'number' }),
    isPoiSubmitted: boolean('is_poi_submitted').notNull().default(false),
    isApproved: boolean('is_approved'),
  },
  (t) => [tenantIsolation(), index('tax_declaration_deductions_declaration_idx').on(t.declarationId), check('tax_declaration_deductions_amount_check', sql`${t.declaredAmountPaise} >= 0`)],
);
