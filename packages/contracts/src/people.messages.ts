/** The people spec's texts (people-and-attendance §4, §5, §8), word for word. */
export const PEOPLE_MSG = {
  // employee form (§5)
  alphabeticOnly: 'Please enter only alphabetic characters',
  mandatory: 'Fields marked with ( * ) are mandatory',
  employeeNumberExists: 'Employee number already exists!',
  validEmail: 'Please enter a valid email address',
  oneManagerOnly: 'Only one manager can be selected for the user',
  emailServicesDisabled: 'Cannot invite user email services are disabled for your organization!',
  salaryAmountNegative: "Amount must be greater than zero. Adjust the CTC or any of the component's amount.",
  // our rules for the employee form; the spec gives no texts for them
  panInvalid: 'Please enter a valid PAN: 5 letters, 4 digits and 1 letter (e.g. ABCDE1234F)',
  // bank and statutory numbers that banks, EPFO and ESIC accept
  ifscInvalid: 'Please enter a valid IFSC: 4 letters, then 0, then 6 letters or digits (e.g. HDFC0001753)',
  bankAccountInvalid: 'Please enter a valid bank account number: 9 to 18 digits',
  uanInvalid: 'Please enter a valid UAN: 12 digits',
  esiNumberInvalid: 'Please enter a valid ESI IP number: 10 digits',
  phoneInvalid: 'Please enter a valid Indian phone number: 10 digits, optionally starting with +91',
  birthDateNotPast: 'Date of birth must be in the past',
  tooYoung: 'The employee must be at least 14 years old',
  joiningTooEarly: 'Date of joining cannot be before 01/01/1950',
  joiningTooLate: 'Date of joining cannot be more than a year from today',
  experienceRange: 'Experience must be between 0 and 80 years',
  // role (§5)
  ownRole: "* You can't change your own role",
  roleAlreadyAssigned: '* Role already assigned',
  // department (§5)
  departmentNameRequired: 'Please enter a department name',
  // confirmation modals (§2.8)
  acknowledge: 'I understand the consequences of this action',
  // toasts (§8)
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update the user',
  userExists: 'User already exists with this email!',
  somethingWrong: 'Something went wrong!',
  invitePayrollError: 'An error occurred while running payroll',
  invited: 'User has been invited, pending verification!',
  roleAssigned: 'Role assigned successfully',
  roleAssignError: 'Error assigning role',
  userDeleted: 'User deleted successfully',
  userDeleteError: 'Error deleting user',
  tryAgain: 'Something went wrong. Please try again.',
  deactivated: 'User deactivated successfully',
  deactivationFailed: 'User deactivation failed',
  reactivated: 'User re-activated successfully',
  reactivationFailed: 'User re-activation failed',
  unexpected: 'An unexpected error occurred.',
  emailResent: 'Email re-sent successfully',
  emailResendFailed: 'Failed to re-send verification email',
  verificationSent: 'Verification email sent successfully',
  verificationSendFailed: 'Failed to send verification email',
  fetchUsersFailed: 'Failed to fetch users',
  departmentStatusUpdated: 'Department status updated successfully',
  departmentStatusFailed: 'Failed to update department status: {message}',
  // list (§2.5)
  cannotLogin: 'Cannot login',
  noLogin: 'No login',
  noLoginTip: 'The user has not logged in since the system update',
  restrictedHint: 'Users that cannot log in but can be part of a payroll, counted as Active users',
} as const;

/**
 * A well-formed IFSC that names no bank branch (the server checks it against Razorpay's IFSC list;
 * the form only knows the format): 'IFSC HDFC0000000 is not a known bank branch. Please check it …'.
 */
export const ifscUnknownMessage = (ifsc: string): string => `IFSC ${ifsc} is not a known bank branch. Please check it against the cheque book or the bank's website`;

/** Document types of user files (people spec §3), numbered in the spec's order. */
export const USER_DOCUMENT_TYPES = [
  { id: 1, name: 'Adhaar Card' },
  { id: 2, name: 'Pan Card' },
  { id: 3, name: 'Passport' },
  { id: 4, name: 'Voter ID Card' },
  { id: 5, name: 'Driving License' },
  { id: 6, name: 'Matric Marksheet' },
  { id: 7, name: 'Inter Marksheet' },
  { id: 8, name: 'Graduation Certificate' },
  { id: 9, name: 'Other' },
] as const;
export const USER_DOCUMENT_MAX_BYTES = 5_242_880;
