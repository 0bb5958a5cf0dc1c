import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { signRuleVersion } from '../signatures';

const tags = ['signatures'];

/** The signature of a rule version's approval document: the signatures module checks and keeps it. */
export function ruleSignatureRoutes(app: App, deps: Deps): void {
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
}
