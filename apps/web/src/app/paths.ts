/** Paths of the route table (platform §2.1) that code links to. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  emailSent: '/email-sent-notify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyUser: '/verify-user',
  forbidden: '/403-Forbidden',
  restricted: '/403-Restricted',
  accessDenied: '/access-denied',
  noSubscription: '/no-subscription',
  requiredDetails: '/required-details',
  organizationSetup: '/required-details/organization',
  organizationDetails: '/org/organization-details',
  logoBranding: '/org/logo-branding',
  profile: '/profile',
  /** The signed-in user's own profile and documents (every role; our design, issue 4 item 6). */
  myProfile: '/my-profile',
  /** User management (people spec §2.5) and departments (§2.4), under platform §2.1's users area. */
  myPeople: '/users/my-people',
  departments: '/users/departments',
  importUsers: '/users/import',
  /** The invited user's set-password page (our design; the spec does not show it). */
  acceptInvite: '/accept-invite',
  /** The plans page (administrators and moderators); the access screens' plan button points here. */
  subscription: '/my-subscription',
} as const;

export function profilePath(userId: string): string {
  return `${PATHS.profile}?userId=${encodeURIComponent(userId)}`;
}
