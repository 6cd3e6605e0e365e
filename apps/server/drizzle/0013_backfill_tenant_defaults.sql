-- Organisations created before their defaults existed get them here, once, instead of at every boot
-- (they were backfillPayrollDefaults, backfillLeaveDefaults and backfillAttendanceDefaults in
-- bootstrap.ts). New organisations get the same defaults when they are created
-- (provisionPayrollDefaults, provisionLeaveDefaults, provisionAttendanceDefaults). Idempotent: only
-- a tenant that lacks them is touched, each insert skips a row that exists by its natural key. The
-- values are those of the *.defaults.ts files and @tankha/contracts when this migration was written.

-- Payroll (salary.defaults.ts): tenants without any earning component get the standard
-- components, deductions, statutory settings (professional tax off until a state is chosen) and the
-- Employment Type field with its options (when the field has none).
CREATE TEMPORARY TABLE backfill_payroll_tenants AS
  SELECT t.id AS tenant_id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM tenant_earnings e WHERE e.tenant_id = t.id);
--> statement-breakpoint
INSERT INTO tenant_earnings (tenant_id, earning_name, name_in_payslip, code, earning_category, calculation_type, calculation_value, is_part_of_salary_structure, epf_contribution_type, sort_order)
SELECT b.tenant_id, v.earning_name, v.earning_name, v.code, v.earning_category, v.calculation_type, v.calculation_value, v.is_part_of_salary_structure, v.epf_contribution_type, v.sort_order
  FROM backfill_payroll_tenants b
 CROSS JOIN (VALUES
   ('BASIC', 'Basic', 'basic', 1::smallint, '50', 1::smallint, true, 1::smallint),
   ('HRA', 'HRA', 'hra', 2::smallint, '50', 0::smallint, true, 2::smallint),
   ('CONVEYANCE', 'Conveyance Allowance', 'other', 3::smallint, '1920000', 0::smallint, true, 3::smallint),
   ('MEDICAL', 'Medical Allowance', 'other', 3::smallint, '1500000', 0::smallint, true, 4::smallint),
   ('LTA', 'Leave Travel Allowance', 'other', 3::smallint, '0', 0::smallint, false, 5::smallint),
   ('FIXED_ALLOWANCE', 'Fixed Allowance', 'fixedAllowance', 3::smallint, '0', 0::smallint, true, 6::smallint)
 ) AS v (code, earning_name, earning_category, calculation_type, calculation_value, epf_contribution_type, is_part_of_salary_structure, sort_order)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO tenant_deductions (tenant_id, deduction_name, description, deduction_type, pre_tax_deduction_section)
SELECT b.tenant_id, v.deduction_name, v.description, v.deduction_type, v.pre_tax_deduction_section
  FROM backfill_payroll_tenants b
 CROSS JOIN (VALUES
   ('NPS Employee Contribution', 'Employee''s contribution to the National Pension System', 3::smallint, '80CCD(1)'),
   ('Loan Recovery', 'Recovery of a salary advance or loan', 0::smallint, NULL::text)
 ) AS v (deduction_name, description, deduction_type, pre_tax_deduction_section)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO statutory_components (tenant_id, component, is_enabled, settings)
SELECT b.tenant_id, v.component, v.is_enabled, v.settings
  FROM backfill_payroll_tenants b
 CROSS JOIN (VALUES
   ('EPF', true, '{"employeeRatePercent":12,"employerRatePercent":12,"includeEmployerShareInCtc":true,"considerAllSalaryComponents":true,"proRate":false,"applicability":1,"restrictToWageCeiling":true}'::jsonb),
   ('ESI', true, '{"employeeRatePercent":0.75,"employerRatePercent":3.25,"includeEmployerShareInCtc":true}'::jsonb),
   ('ProfessionalTax', false, '{"stateCode":null}'::jsonb),
   ('LWF', false, '{"stateCode":null}'::jsonb)
 ) AS v (component, is_enabled, settings)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO user_fields (tenant_id, name)
SELECT b.tenant_id, 'Employment Type' FROM backfill_payroll_tenants b
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO user_field_options (tenant_id, user_field_id, label, sort_order)
SELECT f.tenant_id, f.id, v.label, v.sort_order
  FROM backfill_payroll_tenants b
  JOIN user_fields f ON f.tenant_id = b.tenant_id AND f.name = 'Employment Type'
 CROSS JOIN (VALUES
   ('Full Time', 1::smallint), ('Part Time', 2::smallint), ('Contract', 3::smallint), ('Intern', 4::smallint), ('Consultant', 5::smallint)
 ) AS v (label, sort_order)
 WHERE NOT EXISTS (SELECT 1 FROM user_field_options o WHERE o.user_field_id = f.id);
--> statement-breakpoint
DROP TABLE backfill_payroll_tenants;
--> statement-breakpoint
-- Leave (leave.defaults.ts): tenants without any leave type get the standard four.
INSERT INTO leave_types (tenant_id, name, code, is_paid, yearly_quota, accrues_monthly, carry_forward, max_carry_forward, color)
SELECT t.id, v.name, v.code, v.is_paid, v.yearly_quota, v.accrues_monthly, v.carry_forward, v.max_carry_forward, v.color
  FROM tenants t
 CROSS JOIN (VALUES
   ('Casual Leave', 'CL', true, 12::numeric, false, false, 0::numeric, 'blue'),
   ('Sick Leave', 'SL', true, 12::numeric, false, false, 0::numeric, 'orange'),
   ('Earned Leave', 'EL', true, 15::numeric, true, true, 30::numeric, 'teal'),
   ('Loss of Pay', 'LOP', false, 0::numeric, false, false, 0::numeric, 'gray')
 ) AS v (name, code, is_paid, yearly_quota, accrues_monthly, carry_forward, max_carry_forward, color)
 WHERE NOT EXISTS (SELECT 1 FROM leave_types l WHERE l.tenant_id = t.id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Attendance (attendance.defaults.ts): the default settings where a tenant has none, and the
-- General shift (10:00 to 19:00, Sundays and Saturdays off) where it has no default shift.
INSERT INTO attendance_settings (tenant_id, settings)
SELECT t.id, '{"totalHoursCalculationType":1,"minHoursRequiredMode":1,"minHoursInputType":2,"fullDayDuration":"09:00:00","halfDayDuration":"04:30:00","isFutureDateRegularizationEnabled":false,"isReasonEnabled":false,"regularizationEntryType":1,"maxPastDaysForAttendanceUpdate":7,"allowSelfAttendanceUpdate":true,"restrictLogsToEstimatedJobHours":false,"restrictLogsForFutureDates":true,"restrictLogsForPastDates":true,"restrictLogsForWeekend":false,"restrictLogsForHolidays":false,"areHolidaysIncluded":false,"areLeavesIncluded":false,"shiftStart":"10:00:00","shiftEnd":"19:00:00","gracePeriodMinutes":15}'::jsonb
  FROM tenants t
 WHERE NOT EXISTS (SELECT 1 FROM attendance_settings a WHERE a.tenant_id = t.id)
ON CONFLICT (tenant_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO shifts (tenant_id, shift_name, shift_start, shift_end, is_default, weekends)
SELECT t.id, 'General', '10:00:00', '19:00:00', true, '[{"dayOfWeek":0,"weekNumber":0,"isWeekend":true},{"dayOfWeek":6,"weekNumber":0,"isWeekend":true}]'::jsonb
  FROM tenants t
 WHERE NOT EXISTS (SELECT 1 FROM shifts s WHERE s.tenant_id = t.id AND s.is_default)
ON CONFLICT DO NOTHING;
