export { RequestsPage } from './RequestsPage';
export { TeamRequestsPage } from './TeamRequestsPage';
