import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { sendFile } from '../../platform/document-files';
import {
  addApplication,
  applicationFile,
  attachApplicationFile,
  deleteApplication,
  makeProtocol,
  procedurePanel,
  quorumShareOf,
  review,
  setCommission,
  setCriteria,
  setQuorumShare,
  setScores,
} from './service';
import { protocolDocx } from './protocol-docx';

const tags = ['procedure'];
const changed = 'Событие procedureChanged всем пользователям организации.';

export function procedureRoutes(app: App, deps: Deps): void {
  const r = routes.procedure;
  route(
    app,
    r.getById,
    { schema: { tags, summary: 'Процедура закупки: комиссия, заявки, рассмотрение, оценка, протоколы' } },
    async (req) => procedurePanel(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    r.putCommission,
    {
      schema: {
        tags,
        summary: 'Состав комиссии по осуществлению закупки (председатель, секретарь, члены; присутствие)',
        description: changed,
      },
    },
    async (req) => setCommission(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    r.putCriteria,
    { schema: { tags, summary: 'Критерии оценки заявок и их значимость (сумма — 100 %)', description: changed } },
    async (req) => setCriteria(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    r.postApplications,
    { schema: { tags, summary: 'Внести полученную заявку (после окончания срока подачи заявок)', description: changed } },
    async (req) => addApplication(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(app, r.putApplicationsFile, { schema: { tags, summary: 'Приложить файл заявки', description: changed } }, async (req) =>
    attachApplicationFile(await companyCtx(deps, req), req.params.id, req.params.applicationId, req.body),
  );
  route(app, r.getApplicationsFile, { schema: { tags, summary: 'Файл заявки' } }, async (req, reply) =>
    sendFile(reply, await applicationFile(await companyCtx(deps, req), req.params.id, req.params.applicationId)),
  );
  route(app, r.deleteApplications, { schema: { tags, summary: 'Удалить внесённую по ошибке заявку', description: changed } }, async (req) =>
    deleteApplication(await companyCtx(deps, req), req.params.id, req.params.applicationId),
  );
  route(
    app,
    r.postReview,
    { schema: { tags, summary: 'Решения комиссии по заявкам: допустить или отклонить с основанием', description: changed } },
    async (req) => review(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(app, r.putScores, { schema: { tags, summary: 'Баллы заявок по нестоимостным критериям', description: changed } }, async (req) =>
    setScores(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    r.postProtocols,
    {
      schema: {
        tags,
        summary: 'Составить протокол рассмотрения заявок или подведения итогов; статус закупки следует за ним',
        description: changed,
      },
    },
    async (req) => makeProtocol(await companyCtx(deps, req), req.params.id, req.params.kind, req.body.signed_on),
  );
  route(app, r.getProtocols, { schema: { tags, summary: 'Протокол (DOCX)' } }, async (req, reply) =>
    sendFile(reply, await protocolDocx(await companyCtx(deps, req), req.params.id, req.params.kind)),
  );
  route(
    app,
    r.getQuorum,
    { schema: { tags, summary: 'Кворум комиссий организации (доля присутствующих, которую надо превысить)' } },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return { quorum_share: await quorumShareOf(ctx.deps.db, ctx.companyId) };
    },
  );
  route(app, r.putQuorum, { schema: { tags, summary: 'Изменить кворум комиссий организации (по Положению о закупке)' } }, async (req) =>
    setQuorumShare(await companyCtx(deps, req), req.body.quorum_share),
  );
}
