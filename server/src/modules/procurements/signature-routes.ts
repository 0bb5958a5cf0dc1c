import { z } from 'zod';
import { Id, SignatureBody, SignatureResponse } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { signProcurementFile } from '../signatures';

const tags = ['signatures'];

/** The signature of a procurement file's current version: the signatures module checks and keeps it. */
export function procurementSignatureRoutes(app: App, deps: Deps): void {
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
}
