import type { Module } from '../../platform/module';
import { companyRoutes } from './routes';

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

export const companiesModule: Module = { name: 'companies', routes: companyRoutes };
