import type { Module } from '../../platform/module';
import { executionRoutes } from './routes';
import { defineExecutionJobs } from './jobs';

export { IMPORT_PAYMENTS_JOB, importPayments } from './import-payments';
export { createContractReport } from './reports';
export { PROCESS_UPD_JOB, uploadUpd } from './upload-upd';

/** Исполнение договоров: УПД, платёжные поручения, доли поставки и оплаты, отчёты, сводка. */
export const contractsModule: Module = { name: 'contracts', routes: executionRoutes, jobs: defineExecutionJobs };
