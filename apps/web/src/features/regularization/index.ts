export { RequestsPage } from './RequestsPage';
export { TeamRequestsPage } from './TeamRequestsPage';
export { MyRequestsPanel } from './MyRequestsPanel';
