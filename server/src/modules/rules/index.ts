import type { Module } from '../../platform/module';
import { ruleRoutes } from './routes';
import { ruleSignatureRoutes } from './signature-routes';
import { defineCopyRuleJob, registerCopyRuleTriad } from './copy-rule';
import { seedTemplateRule } from './seed-template';

export { copyRuleInto } from './copy-rule';
export { contractChecker, methodOf } from './check-contract';
export { SINGLE_SUPPLIER_MAX } from './default-document-rules';
export { listCompanyRules } from './list-company-rules';
export { REFRESH_VIOLATIONS_JOB } from './manage-versions';
export { type RequiredDocument, requiredDocuments } from './required-documents';
export { TEMPLATE_RULE_TITLE } from './seed-template';
export {
  type GoverningVersion,
  type RuleVersionRow,
  effectiveLeadTimes,
  governingVersionOf,
  inForceBy,
  versionInForce,
} from './version-in-force';

/** Положения о закупке: rules, versions, document rules, the shared template and copying. */
export const rulesModule: Module = {
  name: 'rules',
  routes: (app, deps) => {
    ruleRoutes(app, deps);
    ruleSignatureRoutes(app, deps);
  },
  jobs: defineCopyRuleJob,
  socket: registerCopyRuleTriad,
  seed: seedTemplateRule,
};
