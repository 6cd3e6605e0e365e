export { MyExitRequestsPage } from './MyExitRequestsPage';
export { TeamExitPage } from './TeamExitPage';
