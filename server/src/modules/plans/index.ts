import type { Module } from '../../platform/module';
import { planRoutes } from './routes';

export { storePlan } from './store-plan';
export { storeTenderPlan } from './store-tender-plan';
export { procurementFromTenderPosition } from './tender-plans';

/** Планы закупки (223-ФЗ) и планы-графики (44-ФЗ) из ЕИС: списки, позиции, закупка из позиции. */
export const plansModule: Module = { name: 'plans', routes: planRoutes };
