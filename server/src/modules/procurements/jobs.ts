import { z } from 'zod';
import type { Deps } from '../../platform/context';
import { REFRESH_VIOLATIONS_JOB } from '../rules';
import { refreshRuleViolations } from './save-procurement';
import { FOLD_STATUS_DELTAS_CRON, FOLD_STATUS_DELTAS_JOB, foldStatusDeltas } from './status-counts';

export function defineProcurementJobs(deps: Deps): void {
  deps.jobs.define<{ rule_id: number }>({
    name: REFRESH_VIOLATIONS_JOB,
    schema: z.object({ rule_id: z.number().int() }),
    handler: async ({ rule_id }) => {
      await deps.db.transaction((tx) => refreshRuleViolations(tx, rule_id));
    },
  });
  deps.jobs.define({
    name: FOLD_STATUS_DELTAS_JOB,
    schema: z.object({}).passthrough(),
    cron: { expression: FOLD_STATUS_DELTAS_CRON, tz: 'Europe/Moscow' },
    handler: async () => {
      await foldStatusDeltas(deps.db);
    },
  });
}
