import type { Deps } from '../../platform/context';
import { PROCESS_UPD_JOB, ProcessUpdPayload } from './upload-upd';
import { processUpd } from './process-upd';
import { IMPORT_PAYMENTS_JOB, ImportPaymentsPayload } from './import-payments';
import { processPayments } from './process-payments';
import { BUILD_REPORT_JOB, BuildReportPayload, buildReport } from './reports';

/** One company's files and reports wait behind each other, not behind another company's (platform/jobs.ts FairShare). */
const byCompany = (p: { company_id: number }) => String(p.company_id);

export function defineExecutionJobs(deps: Deps): void {
  deps.jobs.define({
    name: PROCESS_UPD_JOB,
    schema: ProcessUpdPayload,
    handler: (p) => processUpd(deps, p),
    concurrency: 2,
    fair: { group: byCompany, perGroup: 1, maxQueued: 50 },
  });
  deps.jobs.define({
    name: IMPORT_PAYMENTS_JOB,
    schema: ImportPaymentsPayload,
    handler: (p) => processPayments(deps, p),
    concurrency: 2,
    fair: { group: byCompany, perGroup: 1, maxQueued: 50 },
  });
  deps.jobs.define({
    name: BUILD_REPORT_JOB,
    schema: BuildReportPayload,
    handler: (p, job) => buildReport(deps, p, job.id),
    // a company builds two at a time, and the third worker of the node is always there for another
    concurrency: 3,
    fair: { group: byCompany, perGroup: 2, maxQueued: 20 },
    // a report that outlives this is built again elsewhere (PostgreSQL); building one twice is harmless
    options: { expireInSeconds: deps.config.JOB_EXPIRE_SECONDS },
  });
}
