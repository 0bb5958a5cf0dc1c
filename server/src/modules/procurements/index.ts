import type { Module } from '../../platform/module';
import { procurementRoutes } from './routes';
import { defineProcurementJobs } from './jobs';
import { seedDemoProcurements } from './seed-demo-procurements';
import { registerCatalogUsage } from './register-catalog-usage';
import { registerProcurementTariffCounter } from './register-tariff-counter';

export { loadProcurement, type ProcurementRow } from './procurement-card';
export { setProcurementNmcd } from './set-nmcd';
export { sendFile } from './uploads';

registerCatalogUsage();
registerProcurementTariffCounter();

/** Реестр закупок: procurement cards, statuses, deadlines, files. */
export const procurementsModule: Module = {
  name: 'procurements',
  routes: procurementRoutes,
  jobs: defineProcurementJobs,
  seed: seedDemoProcurements,
};
