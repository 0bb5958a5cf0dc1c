import type { Module } from '../../platform/module';
import { eisRoutes } from './routes';
import { defineImportJobs } from './import-eis';
import { defineExecutionJob } from './execution';
import { defineDailySyncJob } from './daily-sync';

export { saveEisSettings } from './eis-settings';
export { lockDraftExecution, notifyExecutionPending, prepareExecution, queueSignedExecution, requestExecutionSend } from './execution';
export { defaultPlansPeriod } from './import-eis';
export { importPeriodNow } from './period-import';
export { storeTenderPlan } from './store-tender-plan';
export { procurementFromTenderPosition } from './tender-plans';

export { collectExecution, registerExecutionSource, type ExecutionSource } from './execution';

/** Интеграция с ЕИС: планы закупки, реестр договоров, сведения об исполнении, открытые данные. */
export const eisModule: Module = {
  name: 'eis',
  routes: eisRoutes,
  jobs: (deps) => {
    defineImportJobs(deps);
    defineExecutionJob(deps);
    defineDailySyncJob(deps);
  },
};
