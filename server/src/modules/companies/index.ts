import type { Module } from '../../platform/module';
import { companyRoutes } from './routes';

export const companiesModule: Module = { name: 'companies', routes: companyRoutes };
