/** Number codes from the platform spec §3.1. Each is the single source for server and web. */
export const Role = { Administrator: 1, Moderator: 2, Member: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const ROLE_NAMES: Record<RoleId, string> = { 1: 'Administrator', 2: 'Moderator', 3: 'Member' };

export const UserStatus = { Active: 1, Deactivated: 2, PendingEmailVerification: 3, RestrictedLogin: 4 } as const;
export type UserStatusId = (typeof UserStatus)[keyof typeof UserStatus];
export const USER_STATUS_NAMES: Record<UserStatusId, string> = {
  1: 'Active',
  2: 'Inactive',
  3: 'Pending Verification',
  4: 'Restricted Login',
};

/** Tax regime on the wire: 0 Old, 1 New, everywhere (DESIGN §5). New is the default. */
export const TaxRegime = { Old: 0, New: 1 } as const;
export type TaxRegimeId = (typeof TaxRegime)[keyof typeof TaxRegime];

export const Gender = { NotAvailable: 0, Male: 1, Female: 2, PreferNotToDisclose: 3, Others: 4 } as const;
export const MaritalStatus = { NotAvailable: 0, Married: 1, Unmarried: 2 } as const;

export const BUSINESS_TYPES = ['proprietorship', 'partnership', 'llp', 'pvtLtd', 'publicLtd'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  proprietorship: 'Proprietorship',
  partnership: 'Partnership',
  llp: 'Limited Liability Partnership (LLP)',
  pvtLtd: 'Private Limited',
  publicLtd: 'Public Limited',
};

export const INDUSTRIES = ['technology', 'manufacturing', 'retail', 'healthcare', 'finance', 'education', 'other'] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<Industry, string> = {
  technology: 'Technology',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  healthcare: 'Healthcare',
  finance: 'Finance',
  education: 'Education',
  other: 'Other',
};

export const TEAM_SIZES = ['1-20', '21-100', '101-300', '301-500', '500+'] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** Sort order (platform spec §3.1): 1 ascending, 0 descending. */
export const SortOrder = { Descending: 0, Ascending: 1 } as const;
