import type { Module } from '../../platform/module';
import { procurementRoutes } from './routes';
import { procurementSignatureRoutes } from './signature-routes';
import { defineProcurementJobs } from './jobs';
import { registerCatalogUsage } from './register-catalog-usage';
import { registerProcurementTariffCounter } from './register-tariff-counter';

export { catalogNames, methodTitles } from './catalog-lookup';
export { getProcurement, loadProcurement, type ProcurementRow } from './procurement-card';
export { addFileVersion } from './procurement-files';
export { checkedReferences, createProcurement, insertProcurement, updateProcurement } from './save-procurement';
export { procurementsByStatus } from './status-counts';
export { applyTransition, followEisStatus, missingRequiredDocuments, traitsOf, transitionProcurement } from './transition-procurement';
export { setProcurementFacts, setProcurementNmcd } from './set-nmcd';
export { readLines, linesFact, linesFactOf, lineSum, plainQuantity, changeLines } from './procurement-lines';
export { cardFacts, factsOf, outdatedDocuments, outdatedText, type ProcurementFacts } from './procurement-facts';

registerCatalogUsage();
registerProcurementTariffCounter();

/** Реестр закупок: procurement cards, statuses, deadlines, files. */
export const procurementsModule: Module = {
  name: 'procurements',
  routes: (app, deps) => {
    procurementRoutes(app, deps);
    procurementSignatureRoutes(app, deps);
  },
  jobs: defineProcurementJobs,
};
