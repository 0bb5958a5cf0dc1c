import { beforeEach } from 'vitest';
import { reportTrails } from './trail';
import { ARTIFACTS } from './harness';

// a failed step says what its pages last did (e2e/trail.ts), in its error: the end of a CI log is what is read
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const report = await reportTrails(task.name, ARTIFACTS);
    const error = task.result?.errors?.[0];
    if (error && report) error.message += `\nWhat the pages last did:\n${report}`;
  });
});
