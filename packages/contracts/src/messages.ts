/**
 * Texts the spec quotes, word for word. Server replies and web screens both read them from here,
 * so a test that finds one on screen proves the same text the server sends.
 */
export const MSG = {
  // session and access (platform §8)
  sessionExpired: 'Your session has expired. Please login again.',
  deactivated: 'Your account has been deactivated. Please contact your administrator.',
  featureNotAllowed: 'Access to this feature is not allowed under your current subscription plan',
  noActiveSubscriptions: 'You dont have any active subscriptions',
  noLicense: 'No license found for this tenant',
  noActiveSubscription: 'No active subscription found',
  subscriptionNotFound: 'Subscription not found. Please check your access',
  unableToValidateSubscription: 'Unable to validate subscription at this time',
  // sign-in (platform §5, §8)
  enterEmailPassword: 'Please enter your email/password',
  incorrectLogin: 'Incorrect login details. Try again.',
  tokenExpired: 'Token expired.',
  validEmail: 'Please enter a valid email address',
  loginFailed: 'Login Failed. Please try again.',
  noTokenReceived: 'No token received from server',
  unsupportedProvider: (provider: string) => `Unsupported provider: ${provider}`,
  // registration confirmation (platform §2.9)
  emailSent: 'Email Sent Successfully!',
  verificationNotRequired: 'Verification not required or already verified!',
  // organisation (platform §5, §8)
  panRequired: 'PAN number is required',
  fillRequired: 'Please fill all required fields before proceeding.',
  workingHoursRange: 'Working hours should be greater than 6 and less than 15',
  tooManyDaysOff: 'More than two WeekDaysOff are not allowed!',
  failedFetchTenant: 'Failed to fetch tenant details',
  failedUpdateOrg: 'Failed to update organization details',
  failedCreateOrg: 'Failed to create organization',
  failedUploadOrgLogo: 'Failed to upload organization logo',
  orgCreatedSettingsFailed: 'Organization created but adding settings failed',
  orgCreatedSettingsSkipped: 'Organization created but settings add skipped due to missing data',
  errorFetchingTenant: 'An error occurred while fetching tenant details.',
  failedFetchOrgDetails: "Failed to fetch tenant's organization details. Please try again.",
  failedUpdateLogo: 'Failed to update logo. Please try again.',
  failedUpdateTenant: 'Failed to update tenant details. Please try again.',
  orgUpdated: 'Organization details updated successfully',
  orgSettingsAdded: 'Organization settings added successfully',
  orgLogoUploaded: 'Organization logo uploaded successfully',
  logoUpdated: 'Logo updated successfully',
  logoUploadFailed: 'Failed to upload logo. Please try again.',
  logoUploaded: 'Logo uploaded successfully!',
  wizardLogoTooLarge: 'File size must be less than 5MB. Please choose a smaller image.',
  detailsLogoTooLarge: 'File size exceeds 5MB limit. Please upload a smaller image.',
  detailsLogoBadType: 'Please upload a valid image file (JPEG, PNG, GIF, or WebP).',
  // subscriptions (platform §8)
  trialCannotBeCancelled: 'Trial Subscription cannot be cancelled.',
  subscriptionNotInProvider: 'Subscription not present in the payment provider.',
  noInvoiceForMonth: 'No invoice found for the selected month.',
  creditNoteNotFound: 'Credit note not found',
  failedCreateSubscription: 'Failed to create subscription',
  paymentFailed: 'Payment Failed',
  paymentSetupError: 'An error occurred while setting up the payment.',
  cancellationInitiated: 'Subscription Cancellation Initiated successfully',
  freeActivated: 'Free subscription activated successfully!',
  paymentSuccess: "Your payment was successful. We're setting up your subscription and it should be active shortly.",
  // offline (platform §2.3)
  offline: 'Something Went Wrong. Please check your internet connection.',
  // our own (recorded in docs/decisions/)
  emailNotVerified: 'Please verify your email address before logging in.',
  restrictedLogin: 'Your account does not have login access. Please contact your administrator.',
  noOrganization: 'Your access has been removed and you are not associated with any organization.',
  emailTaken: 'An account with this email already exists.',
  invalidLink: 'This link is invalid or has already been used.',
  passwordRule: 'Password must be at least 8 characters and contain a letter and a number.',
  passwordsDiffer: 'Passwords do not match.',
  currentPasswordWrong: 'Current password is incorrect.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** A write that lost a race to another one at the same moment (a 409, never a 500: docs/decisions/). */
  concurrentWrite: 'Someone saved the same change at the same moment. Reload the page and try again.',
  // subscriptions, our own (docs/decisions/0135-subscriptions-and-payments.md)
  planUsersMax: 'Number of users cannot be more than 10000.',
  planUsersMin: 'Number of users cannot be less than the active users ({n}).',
  freePlanTooManyUsers: 'The Free plan allows up to {max} users; this organization has {n} active users.',
  alreadyOnPlan: 'This plan is already your current plan.',
  pendingOnlyDismissed: 'Only a pending subscription can be cancelled this way.',
  subscriptionNotActive: 'Only an active subscription can be cancelled.',
  cancellationAlreadyRequested: 'Cancellation has already been requested for this subscription.',
  freePlanNoInvoice: 'Free plan subscriptions have no invoices.',
  /** A downgrade waits for the end of the paid period (docs/decisions/incoming-h28-gstbilling.md). */
  planChangeScheduled: 'Changes to {plan} on {date}',
  planChangeUndone: 'The scheduled change was undone; {plan} continues.',
  noScheduledChange: 'This subscription has no scheduled change.',
  /** A downgrade made as a new subscription: the current one is already cancelled at its period's end at the provider. */
  newSubscriptionChangeNoUndo: 'This change cannot be undone: your payment method does not allow a plan change, so {plan} ends on {date} and the new plan starts then. Choose a plan again to replace it.',
  /** POST /Subscriptions/credit-notes/{id}/retry-refund. */
  refundRetried: 'The refund will be tried again.',
  refundNotFailed: 'Only a failed refund can be retried.',
  cancelledPlanNoDowngrade: 'This subscription is cancelled and ends on {date}; choose a plan then.',
  tooManyLoginFailures: 'Too many failed login attempts for this account. Please try again later or reset your password.',
  // production refuses the demo's public password (docs/decisions/0152-access-findings-of-the-outside-probe.md)
  publicPassword: 'This password is publicly known (it is the demo password) and cannot be used on this server. Please choose another.',
  publicPasswordSignIn: 'This password is publicly known (it is the demo password) and cannot be used to sign in on this server. Please reset your password with "Forgot password".',
  // Google / Microsoft sign-in (our own, docs/decisions/)
  oauthNoAccount: 'No Tankha account uses this email address. Ask your administrator for an invitation, or register first.',
  oauthEmailNotVerified: 'Your sign-in provider has not verified this email address. Sign in with your password instead.',
  oauthFailed: 'Sign-in could not be completed. Please try again.',
  oauthStartFailed: 'Sign-in could not be started. Please try again.',
} as const;

/** Messages of a 403 that send the browser to /no-subscription (platform §8). */
export const SUBSCRIPTION_MESSAGES: readonly string[] = [
  MSG.noActiveSubscriptions,
  MSG.noLicense,
  MSG.noActiveSubscription,
  MSG.subscriptionNotFound,
  MSG.unableToValidateSubscription,
];

/** errorCode values the server sends. TokenInvalid and TokenNotFound are the spec's own. */
export const ErrorCode = {
  Validation: 'VALIDATION_ERROR',
  TokenInvalid: 'TokenInvalid',
  TokenNotFound: 'TokenNotFound',
  TokenExpired: 'TOKEN_EXPIRED',
  Forbidden: 'FORBIDDEN',
  FeatureDenied: 'FEATURE_ACCESS_DENIED',
  SubscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  AccountDeactivated: 'ACCOUNT_DEACTIVATED',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  /** An upload over a size limit once unpacked (a ZIP, a workbook): 413. */
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** An upload whose content no honest program writes (a ZIP bomb, a cell past Excel's own limit): 422. */
  Unprocessable: 'UNPROCESSABLE_CONTENT',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
