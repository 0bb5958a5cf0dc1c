import type { Module } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { catalogRoutes } from './routes';
import { catalogSocket } from './socket';
import { registerInternalUsage } from './internal-usage';
import { seedReference } from './seed/seed-reference';
import { seedOkpd2 } from './seed/seed-okpd2';
import { seedKtru } from './seed/seed-ktru';

export { escapeLike, ruOrder } from './search';
export { registerUsage, usageDetails, usageOf, usageScope, type UsageChecker, type UsageElement, type UsageKind } from './usage';
export {
  listCatalog,
  catalogOptions,
  getCatalogElement,
  catalogElementsByIds,
  findCatalogElementByCode,
  createCatalogElement,
  updateCatalogElement,
  archiveCatalogElement,
  deleteCatalogElement,
  catalogElementUsage,
  catalogUserFields,
} from './catalog-service';
export { searchOkpd2, okpd2Options, getOkpd2, listOkei, okeiOptions } from './classifiers';
export { searchKtru, getKtru, findKtru, ktruOkpd2Codes } from './ktru';

registerInternalUsage();

async function seed(deps: Deps): Promise<void> {
  await seedReference(deps);
  await seedOkpd2(deps);
  await seedKtru(deps);
}

export const catalogsModule: Module = { name: 'catalogs', routes: catalogRoutes, socket: catalogSocket, seed };
