import { z } from 'zod';
import {
  Id,
  ContractCardResponse,
  ContractListItem,
  WaitingExecution44,
  WaitingExecutions44Query,
  ContractsQuery,
  ExecutionRecordResponse,
  ExecutionSendResponse,
  IdParams,
  WithdrawRequest,
  paged,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { getContract, listContracts } from './list-contracts';
import { listWaitingExecutions44 } from './waiting-executions';
import { listExecution, requestExecutionSend, withdrawExecution } from './execution';

const tags = ['eis'];

export function contractRegisterRoutes(app: App, deps: Deps): void {
  app.get(
    '/contracts',
    { schema: { tags, summary: 'Реестр договоров', querystring: ContractsQuery, response: { 200: paged(ContractListItem) } } },
    async (req) => listContracts(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/contracts/waiting-executions',
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении 44-ФЗ из ЕИС, ожидающие свой контракт',
        querystring: WaitingExecutions44Query,
        response: { 200: paged(WaitingExecution44) },
      },
    },
    async (req) => listWaitingExecutions44(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/contracts/:id',
    { schema: { tags, summary: 'Договор с позициями', params: IdParams, response: { 200: ContractCardResponse } } },
    async (req) => getContract(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/contracts/:id/execution/send',
    {
      schema: {
        tags,
        summary: 'Направить сведения об исполнении в ЕИС',
        params: IdParams,
        response: { 202: ExecutionSendResponse },
      },
    },
    async (req, reply) => reply.status(202).send(await requestExecutionSend(await companyCtx(deps, req), req.params.id)),
  );
  app.get(
    '/contracts/:id/execution',
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении и попытки отправки',
        params: IdParams,
        response: { 200: z.array(ExecutionRecordResponse) },
      },
    },
    async (req) => listExecution(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/contracts/:id/execution/:recordId/withdraw',
    {
      schema: {
        tags,
        summary: 'Отозвать сведения об исполнении, ещё не принятые ЕИС (с причиной)',
        params: IdParams.extend({ recordId: Id }),
        body: WithdrawRequest,
        response: { 200: ExecutionRecordResponse },
      },
    },
    async (req) => withdrawExecution(await companyCtx(deps, req), req.params.id, req.params.recordId, req.body.reason),
  );
}
