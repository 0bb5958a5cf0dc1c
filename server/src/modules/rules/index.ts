import type { Module } from '../../platform/module';
import { ruleRoutes } from './routes';
import { defineCopyRuleJob, registerCopyRuleTriad } from './copy-rule';
import { seedTemplateRule } from './seed-template';

/** Положения о закупке: rules, versions, document rules, the shared template and copying. */
export const rulesModule: Module = {
  name: 'rules',
  routes: ruleRoutes,
  jobs: defineCopyRuleJob,
  socket: registerCopyRuleTriad,
  seed: seedTemplateRule,
};
