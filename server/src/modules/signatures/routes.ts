import { z } from 'zod';
import {
  Id,
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
import { checkSignature, listRights, listSignatures, removeRight, setRight, signingStatus } from './service';

const tags = ['signatures'];
const DOCUMENT_KINDS = ['execution_record', 'upd', 'documentation', 'rule_version'] as const;
const SignaturesQuery = z.object({
  kind: z.enum(DOCUMENT_KINDS, { message: 'Неизвестный вид документа' }),
  id: z.coerce.number().int().positive(),
});
const UserParams = z.object({ userId: Id });

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
}
