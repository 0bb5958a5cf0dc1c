import type { Module } from '../platform/module';
import { authModule } from './auth';
import { companiesModule } from './companies';
import { usersModule } from './users';
import { demoModule } from './demo';

/** Every feature module, in seeding order (reference data before demo data that uses it). */
export const MODULES: Module[] = [authModule, companiesModule, usersModule, demoModule];
