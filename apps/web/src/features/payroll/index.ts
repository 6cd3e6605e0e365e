export { PayrollRunPage } from './PayrollRunPage';
export { PayrollHistoryPage } from './PayrollHistoryPage';
export { PayrollHistoryRunPage } from './PayrollHistoryRunPage';
export { PayslipsPage } from './PayslipsPage';
export { MyPayslipPage, PayrollDetailsPage } from './PayslipPage';
export { ExitsPage } from './ExitsPage';
export { ExitSettlementPage } from './ExitSettlementPage';
export { PayrollReportsPage } from './PayrollReportsPage';
export { LedgerAccountsPage } from './LedgerAccountsPage';
