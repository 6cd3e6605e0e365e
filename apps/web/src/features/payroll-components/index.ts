export { ComponentsLayout } from './ComponentsLayout';
export { SalaryComponentsPage } from './SalaryComponentsPage';
export { StatutoryComponentsPage } from './StatutoryComponentsPage';
