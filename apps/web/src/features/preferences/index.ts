export { PreferencesPage } from "./PreferencesPage";
