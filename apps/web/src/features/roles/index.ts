export { RolesPage } from "./RolesPage";
