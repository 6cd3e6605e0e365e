export { ImportUsersPage } from './ImportUsersPage';
