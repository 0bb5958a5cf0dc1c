import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { AppError } from '../../platform/errors';
import { attachUpdSignature, listSignatures, storeSignature, verifyUserSignature } from '../signatures';
import { lockDraftExecution, notifyExecutionPending, prepareExecution, queueSignedExecution } from './execution';

const tags = ['signatures'];

/** A contract's signed documents: the supplier's signature of an УПД, and the user's of the execution records sent to ЕИС. */
export function contractSignatureRoutes(app: App, deps: Deps): void {
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
