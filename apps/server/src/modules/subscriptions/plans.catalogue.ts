import { FEATURES, type FeatureKey } from '@tankha/contracts';

/**
 * The plans on sale (platform §2.4, §9). Prices are whole rupees per user; the yearly price is per
 * user per year. Free is limited to FREE_MAX_USERS and hides statutory components (platform §1).
 */
export interface PlanDefinition {
  code: string;
  name: string;
  description: string;
  isFree: boolean;
  isVisible: boolean;
  isTrial: boolean;
  monthlyPricePerUser: number;
  yearlyPricePerUser: number;
  maxUsers: number | null;
  features: string[];
  featureKeys: FeatureKey[];
  sortOrder: number;
  isMostPopular: boolean;
}

export const FREE_MAX_USERS = 10;

const FREE_KEYS: FeatureKey[] = ['Dashboard', 'People', 'Departments', 'Attendance', 'Leave', 'Holidays', 'Payroll', 'Payslips', 'Settings', 'ITDeclaration', 'Form16'];
const BASIC_KEYS: FeatureKey[] = [...FREE_KEYS, 'StatutoryComponents', 'POI', 'Branding'];
const STANDARD_KEYS: FeatureKey[] = [...BASIC_KEYS, 'UserDeclarations', 'ReimbursementRequests', 'Reimbursement', 'Reports'];
const PROFESSIONAL_KEYS: FeatureKey[] = [...STANDARD_KEYS, 'AdvancedShifts', 'AttendanceSettings', 'AttendanceRequests', 'EmploymentTypeSettings'];
const PREMIUM_KEYS: FeatureKey[] = [...PROFESSIONAL_KEYS, 'ExitManagement', 'Invoices'];
const ALL_KEYS: FeatureKey[] = [...FEATURES];

const FREE_FEATURES = [
  'Employee directory and departments',
  'Employee profiles',
  'Attendance check-in and time logs',
  'Leave and holiday calendar',
  'Monthly payroll and payslips',
  'Income tax calculator (old and new regime)',
  'IT declarations',
  'Form 16 download',
];
const BASIC_FEATURES = ['Everything in Free', 'EPF, ESI, Professional Tax and LWF', 'Proof of investment', 'Custom logo and branding', 'Email support', 'Salary structure from CTC', 'Bank transfer sheet', 'Payroll history'];
const STANDARD_FEATURES = ['Everything in Basic', 'Employee declarations review', 'Reimbursement claims and approvals', 'Attendance and payroll reports', 'Excel exports', 'Role-based access', 'Department heads', 'Priority email support'];
const PROFESSIONAL_FEATURES = ['Everything in Standard', 'Shifts and weekly roster', 'Attendance settings and rules', 'Regularization requests', 'Employment type settings', 'Attendance reminders', 'Multiple organizations', 'Phone support'];
const PREMIUM_FEATURES = ['Everything in Professional', 'Exit management', 'Notice period settings', 'Invoicing with GST', 'Custom invoice templates', 'Exception logs', 'Income tax declaration reminders', 'Dedicated account manager'];
const ENTERPRISE_FEATURES = ['Everything in Premium', 'Unlimited organizations', 'Google and Microsoft sign-in', 'Bulk employee import', 'Attendance report exports', 'Service level agreement', '24x7 support', 'Assisted onboarding'];

export const PLAN_CATALOGUE: PlanDefinition[] = [
  { code: 'free', name: 'Free', description: 'For small teams getting started with payroll.', isFree: true, isVisible: true, isTrial: false, monthlyPricePerUser: 0, yearlyPricePerUser: 0, maxUsers: FREE_MAX_USERS, features: FREE_FEATURES, featureKeys: FREE_KEYS, sortOrder: 1, isMostPopular: false },
  { code: 'basic', name: 'Basic', description: 'Statutory payroll for growing companies.', isFree: false, isVisible: true, isTrial: false, monthlyPricePerUser: 49, yearlyPricePerUser: 499, maxUsers: null, features: BASIC_FEATURES, featureKeys: BASIC_KEYS, sortOrder: 2, isMostPopular: false },
  { code: 'standard', name: 'Standard', description: 'Declarations, reimbursements and reports.', isFree: false, isVisible: true, isTrial: false, monthlyPricePerUser: 79, yearlyPricePerUser: 799, maxUsers: null, features: STANDARD_FEATURES, featureKeys: STANDARD_KEYS, sortOrder: 3, isMostPopular: false },
  { code: 'professional', name: 'Professional', description: 'Shifts, attendance rules and approvals.', isFree: false, isVisible: true, isTrial: false, monthlyPricePerUser: 99, yearlyPricePerUser: 999, maxUsers: null, features: PROFESSIONAL_FEATURES, featureKeys: PROFESSIONAL_KEYS, sortOrder: 4, isMostPopular: true },
  { code: 'premium', name: 'Premium', description: 'Exit management and invoicing.', isFree: false, isVisible: true, isTrial: false, monthlyPricePerUser: 149, yearlyPricePerUser: 1499, maxUsers: null, features: PREMIUM_FEATURES, featureKeys: PREMIUM_KEYS, sortOrder: 5, isMostPopular: false },
  { code: 'enterprise', name: 'Enterprise', description: 'For large organisations with custom needs.', isFree: false, isVisible: true, isTrial: false, monthlyPricePerUser: 199, yearlyPricePerUser: 1999, maxUsers: null, features: ENTERPRISE_FEATURES, featureKeys: ALL_KEYS, sortOrder: 6, isMostPopular: false },
  { code: 'trial', name: 'Trial', description: 'Every feature free for the trial period.', isFree: false, isVisible: false, isTrial: true, monthlyPricePerUser: 0, yearlyPricePerUser: 0, maxUsers: null, features: ['Every feature of Enterprise', ...PROFESSIONAL_FEATURES.slice(1)], featureKeys: ALL_KEYS, sortOrder: 0, isMostPopular: false },
];
