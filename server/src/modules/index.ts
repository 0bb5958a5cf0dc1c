import type { Module } from '../platform/module';
import { authModule } from './auth';
import { companiesModule } from './companies';
import { usersModule } from './users';
import { demo44Module, demoModule, demoProcurementsModule } from './demo';
import { catalogsModule } from './catalogs';
import { tariffsModule } from './tariffs';
import { rulesModule } from './rules';
import { procurementsModule } from './procurements';
import { documentationModule } from './documentation';
import { eisModule } from './eis';
import { plansModule } from './plans';
import { noticesModule } from './notices';
import { auditModule } from './audit';
import { contractsModule } from './contracts';
import { signaturesModule } from './signatures';
import { storageModule } from './storage';
import { nmckModule } from './nmck';
import { approvalsModule } from './approvals';
import { acceptanceModule } from './acceptance';
import { procedureModule } from './procedure';

/** Every feature module, in seeding order (reference data before demo data that uses it). */
export const MODULES: Module[] = [
  authModule,
  companiesModule,
  usersModule,
  catalogsModule,
  tariffsModule,
  demoModule,
  rulesModule,
  procurementsModule,
  documentationModule,
  demoProcurementsModule,
  auditModule,
  contractsModule,
  acceptanceModule,
  plansModule,
  noticesModule,
  eisModule,
  signaturesModule,
  storageModule,
  nmckModule,
  approvalsModule,
  procedureModule,
  demo44Module,
];
