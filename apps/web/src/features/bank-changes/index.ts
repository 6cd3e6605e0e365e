export { BankChangesPage } from './BankChangesPage';
