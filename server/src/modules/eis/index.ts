import type { Module } from '../../platform/module';
import { eisRoutes } from './routes';
import { defineImportJobs } from './import-eis';
import { defineDailySyncJob } from './daily-sync';

export { saveEisSettings } from './eis-settings';
export { defaultPlansPeriod } from './import-eis';
export { importPeriodNow } from './period-import';

/**
 * Обмен с ЕИС: настройки доступа, загрузка за период (договоры, планы, извещения), загрузка файлов, ежедневная
 * синхронизация, открытые данные. Хранят загруженное разделы contracts, plans и notices.
 */
export const eisModule: Module = {
  name: 'eis',
  routes: eisRoutes,
  jobs: (deps) => {
    defineImportJobs(deps);
    defineDailySyncJob(deps);
  },
};
