import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { AppError } from '../../platform/errors';
import { lockDraftExecution, notifyExecutionPending, prepareExecution, queueSignedExecution } from '../eis';
import {
  attachUpdSignature,
  checkSignature,
  signProcurementFile,
  signRuleVersion,
  listRights,
  listSignatures,
  removeRight,
  setRight,
  signingStatus,
  storeSignature,
  verifyUserSignature,
} from './service';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['signatures'];

export function signatureRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.signatures.getStatus,
    {
      schema: {
        tags,
        summary: 'Право подписи текущего пользователя и проверка подписей на сервере',
      },
    },
    async (req) => signingStatus(await companyCtx(deps, req)),
  );
  route(
    app,
    routes.signatures.postCheck,
    {
      schema: {
        tags,
        summary: 'Проверить подпись (тестовая подпись страницы «Проверка подписи»)',
      },
    },
    async (req) => checkSignature(await companyCtx(deps, req), req.body.signature, req.body.content),
  );
  route(app, routes.signatures.get, { schema: { tags, summary: 'Подписи документа' } }, async (req) =>
    listSignatures(await companyCtx(deps, req), req.query.kind, req.query.id),
  );
  route(app, routes.signatures.getRights, { schema: { tags, summary: 'Кто может подписывать за организацию' } }, async (req) =>
    listRights(await companyCtx(deps, req)),
  );
  route(
    app,
    routes.signatures.putRightsByUserId,
    { schema: { tags, summary: 'Дать право подписи (или изменить доверенность)' } },
    async (req, reply) => {
      await setRight(await companyCtx(deps, req), req.params.userId, req.body);
      return reply.status(204).send();
    },
  );
  route(app, routes.signatures.deleteRightsByUserId, { schema: { tags, summary: 'Забрать право подписи' } }, async (req, reply) => {
    await removeRight(await companyCtx(deps, req), req.params.userId);
    return reply.status(204).send();
  });

  route(
    app,
    routes.signatures.postContractsUpdSignature,
    {
      schema: {
        tags,
        summary: 'Приложить подпись поставщика к загруженному УПД (.sig) и проверить её',
      },
    },
    async (req) => attachUpdSignature(await companyCtx(deps, req), req.params.id, req.body.document_id, req.body.signature),
  );

  route(
    app,
    routes.signatures.postProcurementRulesVersionsSignature,
    {
      schema: {
        tags,
        summary: 'Подписать документ об утверждении редакции положения',
      },
    },
    async (req, reply) =>
      reply.status(201).send(await signRuleVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body.signature)),
  );

  route(
    app,
    routes.signatures.postProcurementsFilesSignature,
    {
      schema: {
        tags,
        summary: 'Подписать текущую версию документа закупки (документация): подпись относится к этой версии',
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await signProcurementFile(await companyCtx(deps, req), req.params.id, req.params.fileId, req.body.signature, req.body.version),
        ),
  );

  // Сведения об исполнении: prepared (the exact XML to sign), then sent once its signature is verified here
  route(
    app,
    routes.signatures.postContractsExecutionPrepare,
    {
      schema: {
        tags,
        summary: 'Подготовить сведения об исполнении к подписи',
      },
    },
    async (req, reply) => {
      const r = await prepareExecution(await companyCtx(deps, req), req.params.id);
      return reply.status(201).send({ id: r.id, guid: r.guid, xml_base64: Buffer.from(r.xml, 'utf8').toString('base64') });
    },
  );
  route(
    app,
    routes.signatures.postContractsExecutionSignature,
    {
      schema: {
        tags,
        summary: 'Подписать подготовленные сведения об исполнении и направить в ЕИС',
      },
    },
    async (req, reply) => {
      const ctx = await companyCtx(deps, req);
      const contractId = req.params.id;
      const recordId = req.body.record_id;
      const draft = await deps.db.transaction((tx) => lockDraftExecution(tx, ctx.companyId, contractId, recordId));
      if (draft.status !== 'draft' || !draft.xml) throw new AppError('CONFLICT', 'Эти сведения уже отправлены в ЕИС: подготовьте новые');
      const accepted = await verifyUserSignature(ctx, Buffer.from(draft.xml, 'utf8'), req.body.signature);
      const key = await deps.db.transaction(async (tx) => {
        const r = await lockDraftExecution(tx, ctx.companyId, contractId, recordId);
        // a second signature of the same record while the first was being verified: one package goes to ЕИС
        const already = await listSignatures({ ...ctx, deps: { ...deps, db: tx } }, 'execution_record', recordId);
        if (r.status !== 'draft' || already.length) throw new AppError('CONFLICT', 'Эти сведения уже подписаны и отправлены в ЕИС');
        await storeSignature(
          tx,
          ctx,
          { kind: 'execution_record', id: recordId, auditEntity: 'contract', auditEntityId: contractId },
          accepted,
        );
        return queueSignedExecution(tx, ctx, contractId, recordId, r.guid);
      });
      await notifyExecutionPending(ctx, contractId, key, draft.guid);
      const [signature] = await listSignatures(ctx, 'execution_record', recordId);
      return reply.status(202).send({ key, id: recordId, signature });
    },
  );
}
