import type { Module } from '../../platform/module';
import { tariffRoutes } from './routes';
import { seedTariffPlans } from './seed-plans';

export * as assignments from './assignments';
export { assertTariffAllows, tariffStatus, tariffStorageMb, registerTariffCounter, type TariffCounter } from './limits';

export const tariffsModule: Module = { name: 'tariffs', routes: tariffRoutes, seed: seedTariffPlans };
