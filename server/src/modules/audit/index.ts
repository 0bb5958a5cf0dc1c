import type { Module } from '../../platform/module';
import { auditRoutes } from './routes';

export const auditModule: Module = { name: 'audit', routes: auditRoutes };
