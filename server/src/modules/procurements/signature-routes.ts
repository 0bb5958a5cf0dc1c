import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { route } from '../../platform/route';
import { signProcurementFile } from '../signatures';

const tags = ['signatures'];

/** The signature of a procurement file's current version: the signatures module checks and keeps it. */
export function procurementSignatureRoutes(app: App, deps: Deps): void {
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
}
