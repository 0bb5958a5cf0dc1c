import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { route } from '../../platform/route';
import { getContract, listContracts } from './list-contracts';
import { listWaitingExecutions44 } from './waiting-executions';
import { listExecution, requestExecutionSend, withdrawExecution } from './execution';

const tags = ['eis'];

export function contractRegisterRoutes(app: App, deps: Deps): void {
  route(app, routes.eis.getContracts, { schema: { tags, summary: 'Реестр договоров' } }, async (req) =>
    listContracts(await companyCtx(deps, req), req.query),
  );
  route(
    app,
    routes.eis.getContractsWaitingExecutions,
    { schema: { tags, summary: 'Сведения об исполнении 44-ФЗ из ЕИС, ожидающие свой контракт' } },
    async (req) => listWaitingExecutions44(await companyCtx(deps, req), req.query),
  );
  route(app, routes.eis.getContractsById, { schema: { tags, summary: 'Договор с позициями' } }, async (req) =>
    getContract(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.postContractsExecutionSend,
    { schema: { tags, summary: 'Направить сведения об исполнении в ЕИС' } },
    async (req, reply) => reply.status(202).send(await requestExecutionSend(await companyCtx(deps, req), req.params.id)),
  );
  route(app, routes.eis.getContractsExecution, { schema: { tags, summary: 'Сведения об исполнении и попытки отправки' } }, async (req) =>
    listExecution(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.postContractsExecutionWithdraw,
    { schema: { tags, summary: 'Отозвать сведения об исполнении, ещё не принятые ЕИС (с причиной)' } },
    async (req) => withdrawExecution(await companyCtx(deps, req), req.params.id, req.params.recordId, req.body.reason),
  );
}
