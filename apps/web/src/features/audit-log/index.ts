export { AuditLogPage } from './AuditLogPage';
export { OwnHistoryCard } from './OwnHistoryCard';
