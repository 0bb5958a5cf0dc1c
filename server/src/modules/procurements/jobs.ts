import { z } from 'zod';
import type { Deps } from '../../platform/context';
import { REFRESH_VIOLATIONS_JOB } from '../rules/manage-versions';
import { refreshRuleViolations } from './save-procurement';

export function defineProcurementJobs(deps: Deps): void {
  deps.jobs.define<{ rule_id: number }>({
    name: REFRESH_VIOLATIONS_JOB,
    schema: z.object({ rule_id: z.number().int() }),
    handler: async ({ rule_id }) => {
      await deps.db.transaction((tx) => refreshRuleViolations(tx, rule_id));
    },
  });
}
