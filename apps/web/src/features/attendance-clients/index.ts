export { ClientsPage } from "./ClientsPage";
