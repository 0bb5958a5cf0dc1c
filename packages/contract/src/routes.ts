import { acceptanceRoutes } from './routes/acceptance';
import { approvalsRoutes } from './routes/approvals';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { catalogKindRoutes, catalogsRoutes } from './routes/catalogs';
export { anyCatalogKindRoutes, type AnyCatalogKindRoutes } from './routes/catalogs';
import { companiesRoutes } from './routes/companies';
import { contractsRoutes } from './routes/contracts';
import { documentationRoutes } from './routes/documentation';
import { eisRoutes } from './routes/eis';
import { nmckRoutes } from './routes/nmck';
import { procedureRoutes } from './routes/procedure';
import { procurementsRoutes } from './routes/procurements';
import { rulesRoutes } from './routes/rules';
import { signaturesRoutes } from './routes/signatures';
import { storageRoutes } from './routes/storage';
import { tariffsRoutes } from './routes/tariffs';
import { usersRoutes } from './routes/users';

/**
 * Every HTTP route of the API by the server module that serves it (docs/seams.md): the server registers them with
 * `route()`, the web calls them with `call()`, the tests with `t.call()`.
 */
export const routes = {
  acceptance: acceptanceRoutes,
  approvals: approvalsRoutes,
  audit: auditRoutes,
  auth: authRoutes,
  catalogs: catalogsRoutes,
  /** Served by the catalogs module too: the eight routes of each catalogue kind. */
  catalogKinds: catalogKindRoutes,
  companies: companiesRoutes,
  contracts: contractsRoutes,
  documentation: documentationRoutes,
  eis: eisRoutes,
  nmck: nmckRoutes,
  procedure: procedureRoutes,
  procurements: procurementsRoutes,
  rules: rulesRoutes,
  signatures: signaturesRoutes,
  storage: storageRoutes,
  tariffs: tariffsRoutes,
  users: usersRoutes,
};
export type Routes = typeof routes;
