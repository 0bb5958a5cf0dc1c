import type { Deps } from '../../platform/context';
import { PROCESS_UPD_JOB, ProcessUpdPayload } from './upload-upd';
import { processUpd } from './process-upd';
import { IMPORT_PAYMENTS_JOB, ImportPaymentsPayload } from './import-payments';
import { processPayments } from './process-payments';
import { BUILD_REPORT_JOB, BuildReportPayload, buildReport } from './reports';

export function defineExecutionJobs(deps: Deps): void {
  deps.jobs.define({ name: PROCESS_UPD_JOB, schema: ProcessUpdPayload, handler: (p) => processUpd(deps, p) });
  deps.jobs.define({ name: IMPORT_PAYMENTS_JOB, schema: ImportPaymentsPayload, handler: (p) => processPayments(deps, p) });
  deps.jobs.define({
    name: BUILD_REPORT_JOB,
    schema: BuildReportPayload,
    handler: (p, job) => buildReport(deps, p, job.id),
    // a report that outlives this is built again elsewhere (PostgreSQL); building one twice is harmless
    options: { expireInSeconds: deps.config.JOB_EXPIRE_SECONDS },
  });
}
