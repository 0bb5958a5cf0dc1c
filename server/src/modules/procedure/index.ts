import type { Module } from '../../platform/module';
import { procedureRoutes } from './routes';

export { procedurePanel, rank, hasQuorum } from './service';
export { protocolDocx, protocolData } from './protocol-docx';

/** Процедура закупки: комиссия, заявки, рассмотрение, оценка, протоколы. */
export const procedureModule: Module = { name: 'procedure', routes: procedureRoutes };
