export { AuditHistory, AuditHistoryPanel } from './AuditHistory';
