export { Form16ManagementPage } from './Form16ManagementPage';
export { EmployeeForm16Page } from './EmployeeForm16Page';
