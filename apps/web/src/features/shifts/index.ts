export { ShiftsPage } from './ShiftsPage';
