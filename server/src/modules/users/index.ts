import type { Module } from '../../platform/module';
import { userRoutes } from './routes';

export { actingCtx, actingEditor, markSyncStopped, syncStoppedText } from './acting-user';

export const usersModule: Module = { name: 'users', routes: userRoutes };
