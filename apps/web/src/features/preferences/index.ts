export { PreferencesPage } from './PreferencesPage';
