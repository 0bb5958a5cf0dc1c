import type { Module } from '../../platform/module';
import { authRoutes } from './routes';
import { authSocket } from './socket';

export { revokeUserSessions } from './sessions';

export const authModule: Module = { name: 'auth', routes: authRoutes, socket: authSocket };
