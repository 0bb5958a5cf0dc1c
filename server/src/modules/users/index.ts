import type { Module } from '../../platform/module';
import { userRoutes } from './routes';

export const usersModule: Module = { name: 'users', routes: userRoutes };
