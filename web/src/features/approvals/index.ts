export { ApprovalPanel } from './ApprovalPanel';
export { TasksBadge } from './TasksBadge';
export { NotificationsCard } from './NotificationsCard';
