import type { Module } from '../../platform/module';
import { noticeRoutes } from './routes';

export { prepareNotice, storeNotice, type PreparedNotice } from './store-notice';
export { storeNotice44 } from './store-notice44';
export { notices44ByPosition } from './notices44';
export { ikzsOfPurchases, notifyEisChanged, procurementsOfIkzs, procurementsOfNotices } from './reconcile';

/** Извещения о закупках из ЕИС (223-ФЗ и 44-ФЗ), итоговые протоколы, сверка закупки с ЕИС. */
export const noticesModule: Module = { name: 'notices', routes: noticeRoutes };
