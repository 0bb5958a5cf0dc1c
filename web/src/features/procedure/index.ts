export { ProcedureTab } from './ProcedureTab';
