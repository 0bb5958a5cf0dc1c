import {
  AcceptanceDecisionRequest,
  AcceptancePanelResponse,
  AcceptanceReviewRequest,
  AcceptanceTermsRequest,
  AcceptanceVoteRequest,
  CommissionRequest,
  ContractAcceptanceResponse,
  IdParams,
  VoteTextResponse,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { sendFile } from '../../platform/document-files';
import { acceptancePanel, castVote, contractAcceptance, decide, prepareVote, setCommission, setTerms, startReview } from './service';
import { actDocx } from './act-docx';

const tags = ['acceptance'];

export function acceptanceRoutes(app: App, deps: Deps): void {
  app.get(
    '/acceptance/:id',
    {
      schema: {
        tags,
        summary: 'Приёмка документа: состояние, строки, комиссия, сроки',
        params: IdParams,
        response: { 200: AcceptancePanelResponse },
      },
    },
    async (req) => acceptancePanel(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/acceptance/:id/review',
    {
      schema: {
        tags,
        summary: 'Направить документ на экспертизу (своими силами или экспертной организацией, с заключением)',
        params: IdParams,
        body: AcceptanceReviewRequest,
        response: { 200: AcceptancePanelResponse },
      },
    },
    async (req) => startReview(await companyCtx(deps, req), req.params.id, req.body),
  );
  app.post(
    '/acceptance/:id/votes/text',
    {
      schema: {
        tags,
        summary: 'Текст решения члена комиссии для подписи КЭП',
        params: IdParams,
        body: AcceptanceVoteRequest.omit({ signature: true, scan: true }),
        response: { 200: VoteTextResponse },
      },
    },
    async (req) => ({ content_base64: (await prepareVote(await companyCtx(deps, req), req.params.id, req.body)).toString('base64') }),
  );
  app.post(
    '/acceptance/:id/votes',
    {
      schema: {
        tags,
        summary: 'Решение члена приёмочной комиссии: КЭП пользователя или скан бумажной подписи приглашённого',
        description: 'Событие acceptanceDecisionResponse всем пользователям организации.',
        params: IdParams,
        body: AcceptanceVoteRequest,
        response: { 200: AcceptancePanelResponse },
      },
    },
    async (req) => castVote(await companyCtx(deps, req), req.params.id, req.body),
  );
  app.post(
    '/acceptance/:id/decision',
    {
      schema: {
        tags,
        summary: 'Решение заказчика: принять, принять частично, отказать (с комиссией — по решениям всех её членов)',
        description: 'Событие acceptanceDecisionResponse всем пользователям организации.',
        params: IdParams,
        body: AcceptanceDecisionRequest,
        response: { 200: AcceptancePanelResponse },
      },
    },
    async (req) => decide(await companyCtx(deps, req), req.params.id, req.body),
  );
  app.get(
    '/acceptance/:id/act',
    { schema: { tags, summary: 'Документ о приёмке (DOCX) с решениями членов комиссии', params: IdParams } },
    async (req, reply) => sendFile(reply, await actDocx(await companyCtx(deps, req), req.params.id)),
  );
  app.get(
    '/contracts/:id/acceptance-settings',
    {
      schema: {
        tags,
        summary: 'Приёмочная комиссия и сроки приёмки и оплаты договора',
        params: IdParams,
        response: { 200: ContractAcceptanceResponse },
      },
    },
    async (req) => contractAcceptance(await companyCtx(deps, req), req.params.id),
  );
  app.put(
    '/contracts/:id/acceptance-commission',
    {
      schema: {
        tags,
        summary: 'Состав приёмочной комиссии договора (не менее пяти, один председатель; пустой — без комиссии)',
        params: IdParams,
        body: CommissionRequest,
        response: { 200: ContractAcceptanceResponse },
      },
    },
    async (req) => setCommission(await companyCtx(deps, req), req.params.id, req.body.members),
  );
  app.put(
    '/contracts/:id/acceptance-terms',
    {
      schema: {
        tags,
        summary: 'Сроки приёмки и оплаты по договору в рабочих днях (null — по закону)',
        params: IdParams,
        body: AcceptanceTermsRequest,
        response: { 200: ContractAcceptanceResponse },
      },
    },
    async (req) => setTerms(await companyCtx(deps, req), req.params.id, req.body),
  );
}
