export { ReimbursementTypesPage } from './ReimbursementTypesPage';
export { MyReimbursementRequestsPage } from './MyReimbursementRequestsPage';
export { ReimbursementApprovalsPage } from './ReimbursementApprovalsPage';
