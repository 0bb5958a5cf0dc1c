import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { sendFile } from '../../platform/document-files';
import { acceptancePanel, castVote, contractAcceptance, decide, prepareVote, setCommission, setTerms, startReview } from './service';
import { actDocx } from './act-docx';
import { buyerTitleFile, buyerTitleSig, formBuyerTitle, signBuyerTitle } from './buyer-title';

const tags = ['acceptance'];

export function acceptanceRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.acceptance.getById,
    {
      schema: {
        tags,
        summary: 'Приёмка документа: состояние, строки, комиссия, сроки',
      },
    },
    async (req) => acceptancePanel(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.acceptance.postReview,
    {
      schema: {
        tags,
        summary: 'Направить документ на экспертизу (своими силами или экспертной организацией, с заключением)',
      },
    },
    async (req) => startReview(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    routes.acceptance.postVotesText,
    {
      schema: {
        tags,
        summary: 'Текст решения члена комиссии для подписи КЭП',
      },
    },
    async (req) => ({ content_base64: (await prepareVote(await companyCtx(deps, req), req.params.id, req.body)).toString('base64') }),
  );
  route(
    app,
    routes.acceptance.postVotes,
    {
      schema: {
        tags,
        summary: 'Решение члена приёмочной комиссии: КЭП пользователя или скан бумажной подписи приглашённого',
        description: 'Событие acceptanceDecisionResponse всем пользователям организации.',
      },
    },
    async (req) => castVote(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    routes.acceptance.postDecision,
    {
      schema: {
        tags,
        summary: 'Решение заказчика: принять, принять частично, отказать (с комиссией — по решениям всех её членов)',
        description: 'Событие acceptanceDecisionResponse всем пользователям организации.',
      },
    },
    async (req) => decide(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    routes.acceptance.getAct,
    { schema: { tags, summary: 'Документ о приёмке (DOCX) с решениями членов комиссии' } },
    async (req, reply) => sendFile(reply, await actDocx(await companyCtx(deps, req), req.params.id)),
  );
  route(
    app,
    routes.acceptance.postBuyerTitle,
    {
      schema: {
        tags,
        summary: 'Сформировать титул покупателя УПД (ON_NSCHFDOPPOK, формат 5.03) для подписи',
        description:
          'По принятому, частично принятому или отклонённому УПД; частичная приёмка и отказ — мотивированный отказ (КодИтога 2/3, причины по строкам). Нужна подпись продавца к УПД.',
      },
    },
    async (req) => formBuyerTitle(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.acceptance.postBuyerTitleSignature,
    { schema: { tags, summary: 'КЭП заказчика под сформированным титулом покупателя (точные байты файла)' } },
    async (req) => signBuyerTitle(await companyCtx(deps, req), req.params.id, req.body.signature),
  );
  route(
    app,
    routes.acceptance.getBuyerTitle,
    { schema: { tags, summary: 'Файл титула покупателя ON_NSCHFDOPPOK_….xml (windows-1251)' } },
    async (req, reply) => sendFile(reply, await buyerTitleFile(await companyCtx(deps, req), req.params.id)),
  );
  route(
    app,
    routes.acceptance.getBuyerTitleSig,
    { schema: { tags, summary: 'Отсоединённая подпись титула покупателя (.sig, CMS DER) для оператора ЭДО' } },
    async (req, reply) => sendFile(reply, await buyerTitleSig(await companyCtx(deps, req), req.params.id)),
  );
  route(
    app,
    routes.acceptance.getContractsSettings,
    {
      schema: {
        tags,
        summary: 'Приёмочная комиссия и сроки приёмки и оплаты договора',
      },
    },
    async (req) => contractAcceptance(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.acceptance.putContractsCommission,
    {
      schema: {
        tags,
        summary: 'Состав приёмочной комиссии договора (не менее пяти, один председатель; пустой — без комиссии)',
      },
    },
    async (req) => setCommission(await companyCtx(deps, req), req.params.id, req.body.members),
  );
  route(
    app,
    routes.acceptance.putContractsTerms,
    {
      schema: {
        tags,
        summary: 'Сроки приёмки и оплаты по договору в рабочих днях (null — по закону)',
      },
    },
    async (req) => setTerms(await companyCtx(deps, req), req.params.id, req.body),
  );
}
