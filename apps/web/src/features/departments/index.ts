export { DepartmentsPage } from './DepartmentsPage';
export { DepartmentSelect, type DepartmentSelectProps } from './DepartmentSelect';
