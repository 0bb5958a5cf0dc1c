import type { Module } from '../../platform/module';
import { executionRoutes } from './routes';
import { contractRegisterRoutes } from './register-routes';
import { contractSignatureRoutes } from './signature-routes';
import { defineExecutionJobs } from './jobs';
import { defineExecutionJob } from './execution';
// registers the ЕИС package's source of stages (documents and payments in force)
import './execution-stages';

export { IMPORT_PAYMENTS_JOB, importPayments } from './import-payments';
export { createContractReport } from './reports';
export { openContractTerms } from './dashboard';
export { PROCESS_UPD_JOB, uploadUpd } from './upload-upd';
export { storeContracts } from './store-contracts';
export { ownContracts44, storeContracts44 } from './store-contracts-44';
export {
  collectExecution,
  lockDraftExecution,
  notifyExecutionPending,
  prepareExecution,
  queueSignedExecution,
  recordRegisteredPerformances,
  registerExecutionSource,
  requestExecutionSend,
  type ExecutionSource,
} from './execution';

/**
 * Договоры: реестр (223-ФЗ и 44-ФЗ), исполнение — УПД, платёжные поручения, доли поставки и оплаты, отчёты, сводка —
 * и сведения об исполнении для ЕИС.
 */
export const contractsModule: Module = {
  name: 'contracts',
  routes: (app, deps) => {
    contractRegisterRoutes(app, deps);
    executionRoutes(app, deps);
    contractSignatureRoutes(app, deps);
  },
  jobs: (deps) => {
    defineExecutionJobs(deps);
    defineExecutionJob(deps);
  },
};
