export { EmploymentSettingsPage } from './EmploymentSettingsPage';
