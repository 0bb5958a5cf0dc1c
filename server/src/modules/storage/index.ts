import { z } from 'zod';
import type { Module } from '../../platform/module';
import { RETENTION_CRON, RETENTION_JOB, measureUnsizedFiles, purgeReleasedFiles } from './retention';

export { assertStorageRoom, recordStoredFile, releaseStoredFiles, storageUsage, type StoredKind } from './quota';
export { purgeReleasedFiles, RETENTION_JOB, type RetentionResult } from './retention';

/** A company's file storage: its allowance from the tariff, the count of its bytes, and the removal of released files. */
export const storageModule: Module = {
  name: 'storage',
  jobs: (deps) =>
    deps.jobs.define({
      name: RETENTION_JOB,
      schema: z.object({}).passthrough(),
      cron: { expression: RETENTION_CRON, tz: 'Europe/Moscow' },
      handler: async () => {
        await purgeReleasedFiles(deps);
      },
    }),
  seed: async (deps) => {
    await measureUnsizedFiles(deps);
  },
};
