export { AcceptancePanel, TermTag } from './AcceptancePanel';
export { CommissionCard } from './CommissionCard';
