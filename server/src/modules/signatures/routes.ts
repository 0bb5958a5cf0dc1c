import { z } from 'zod';
import {
  ExecutionPrepareResponse,
  ExecutionSignedResponse,
  Id,
  IdParams,
  SignatureBody,
  SignatureCheckRequest,
  SignatureCheckResponse,
  SignatureResponse,
  SigningRightRequest,
  SigningRightResponse,
  SigningStatusResponse,
} from '@proc/contract';
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

const tags = ['signatures'];
const DOCUMENT_KINDS = ['execution_record', 'upd', 'documentation', 'rule_version'] as const;
const SignaturesQuery = z.object({
  kind: z.enum(DOCUMENT_KINDS, { message: 'Неизвестный вид документа' }),
  id: z.coerce.number().int().positive(),
});
const UserParams = z.object({ userId: Id });
const ExecutionSignatureBody = SignatureBody.extend({ record_id: Id });

export function signatureRoutes(app: App, deps: Deps): void {
  app.get(
    '/signatures/status',
    {
      schema: {
        tags,
        summary: 'Право подписи текущего пользователя и проверка подписей на сервере',
        response: { 200: SigningStatusResponse },
      },
    },
    async (req) => signingStatus(await companyCtx(deps, req)),
  );
  app.post(
    '/signatures/check',
    {
      schema: {
        tags,
        summary: 'Проверить подпись (тестовая подпись страницы «Проверка подписи»)',
        body: SignatureCheckRequest,
        response: { 200: SignatureCheckResponse },
      },
    },
    async (req) => checkSignature(await companyCtx(deps, req), req.body.signature, req.body.content),
  );
  app.get(
    '/signatures',
    { schema: { tags, summary: 'Подписи документа', querystring: SignaturesQuery, response: { 200: z.array(SignatureResponse) } } },
    async (req) => listSignatures(await companyCtx(deps, req), req.query.kind, req.query.id),
  );
  app.get(
    '/signatures/rights',
    { schema: { tags, summary: 'Кто может подписывать за организацию', response: { 200: z.array(SigningRightResponse) } } },
    async (req) => listRights(await companyCtx(deps, req)),
  );
  app.put(
    '/signatures/rights/:userId',
    { schema: { tags, summary: 'Дать право подписи (или изменить доверенность)', params: UserParams, body: SigningRightRequest } },
    async (req, reply) => {
      await setRight(await companyCtx(deps, req), req.params.userId, req.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/signatures/rights/:userId',
    { schema: { tags, summary: 'Забрать право подписи', params: UserParams } },
    async (req, reply) => {
      await removeRight(await companyCtx(deps, req), req.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/contracts/:id/upd/signature',
    {
      schema: {
        tags,
        summary: 'Приложить подпись поставщика к загруженному УПД (.sig) и проверить её',
        params: IdParams,
        body: SignatureBody.extend({ document_id: Id }),
        response: { 200: SignatureCheckResponse },
      },
    },
    async (req) => attachUpdSignature(await companyCtx(deps, req), req.params.id, req.body.document_id, req.body.signature),
  );

  app.post(
    '/procurement_rules/:id/versions/:versionId/signature',
    {
      schema: {
        tags,
        summary: 'Подписать документ об утверждении редакции положения',
        params: z.object({ id: Id, versionId: Id }),
        body: SignatureBody,
        response: { 201: SignatureResponse },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await signRuleVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body.signature)),
  );

  app.post(
    '/procurements/:id/files/:fileId/signature',
    {
      schema: {
        tags,
        summary: 'Подписать текущую версию документа закупки (документация): подпись относится к этой версии',
        params: z.object({ id: Id, fileId: Id }),
        body: SignatureBody.extend({
          version: z
            .number({ message: 'Номер версии — целое число' })
            .int('Номер версии — целое число')
            .positive('Номер версии — целое число')
            .optional()
            .describe('Версия, которую подписали (из скачанного файла): другая текущая — 409'),
        }),
        response: { 201: SignatureResponse.extend({ version: z.number() }) },
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
  app.post(
    '/contracts/:id/execution/prepare',
    {
      schema: {
        tags,
        summary: 'Подготовить сведения об исполнении к подписи',
        params: IdParams,
        response: { 201: ExecutionPrepareResponse },
      },
    },
    async (req, reply) => {
      const r = await prepareExecution(await companyCtx(deps, req), req.params.id);
      return reply.status(201).send({ id: r.id, guid: r.guid, xml_base64: Buffer.from(r.xml, 'utf8').toString('base64') });
    },
  );
  app.post(
    '/contracts/:id/execution/signature',
    {
      schema: {
        tags,
        summary: 'Подписать подготовленные сведения об исполнении и направить в ЕИС',
        params: IdParams,
        body: ExecutionSignatureBody,
        response: { 202: ExecutionSignedResponse },
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
