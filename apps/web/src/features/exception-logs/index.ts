export { ExceptionLogsPage } from './ExceptionLogsPage';
