export { UserSettingsPage } from "./UserSettingsPage";
