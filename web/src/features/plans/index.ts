// pages only: the shell's route table (web/src/app/SignedIn.tsx) loads each of them as a chunk of its own
export { default as PlansPage } from './PlansPage';
export { default as PlanItemsPage } from './PlanItemsPage';
export { default as TenderPlansPage } from './TenderPlansPage';
export { default as TenderPositionsPage } from './TenderPositionsPage';
export { plansRealtime } from './realtime';
