import type { Module } from '../../platform/module';
import { companyRoutes } from './routes';
import { storageRoutes } from './storage-routes';
import { companyTariffRoutes } from './tariff-routes';

export { assertIdentityFree, changeIdentity, identityTakenOr, latestIdentityRequest } from './identity';
export { activeContact, getCompany, listBankRequisites } from './service';
export { companyInn } from './company-inn';
export {
  confirmForeignCustomers,
  foreignCustomersOf,
  isOwnParty,
  namesOwnCustomer,
  ownCustomers,
  partyOfIku,
  type OwnCustomers,
} from './own-customer';

export const companiesModule: Module = {
  name: 'companies',
  routes: (app, deps) => {
    companyRoutes(app, deps);
    storageRoutes(app, deps);
    companyTariffRoutes(app, deps);
  },
};
