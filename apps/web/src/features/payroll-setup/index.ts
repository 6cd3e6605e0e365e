export { PayrollLayout, PayrollHome } from './PayrollLayout';
export { PayrollComingSoon } from './PayrollComingSoon';
export { PayrollSettingsPage } from './PayrollSettingsPage';
export { PayrollSetupPage } from './PayrollSetupPage';
