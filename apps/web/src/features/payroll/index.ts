export { PayrollRunPage } from './PayrollRunPage';
export { PayrollHistoryPage } from './PayrollHistoryPage';
export { PayrollHistoryRunPage } from './PayrollHistoryRunPage';
export { PayslipsPage } from './PayslipsPage';
export { MyPayslipPage, PayrollDetailsPage } from './PayslipPage';
export { LedgerAccountsPage } from './LedgerAccountsPage';
