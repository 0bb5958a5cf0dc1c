import { EVENTS } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { counts, d, ok, s, type RealtimeOutcomes } from '../../lib/realtime';

/** Spec section 8: the pushes of the contracts' jobs become success or error notices with the exact texts. */
export const contractsRealtime: RealtimeOutcomes = {
  [EVENTS.notificationMapInvoiceItemsResponse]: {
    notice: (p) =>
      ok(p)
        ? { header: MESSAGES.updSuccessHeader, message: MESSAGES.updSuccess(s(p.upload_file_name)) }
        : { header: MESSAGES.updErrorHeader(s(p.upload_file_name)), message: s(p.error) },
    refresh: [['contracts'], ['execution']],
  },
  [EVENTS.notificationEisContractsResponse]: {
    notice: (p) => {
      if (p.eais_registry_number || (!p.date_from && !p.date_to)) {
        return ok(p)
          ? { header: MESSAGES.contractSuccessHeader, message: MESSAGES.contractSuccess(s(p.eais_registry_number)) }
          : { header: s(p.error), message: (p.violations ?? []).join('\n') };
      }
      if (!ok(p)) return { header: MESSAGES.contractsErrorHeader, message: s(p.error) };
      const found = [p.created, p.updated, p.unchanged].some((x) => typeof x === 'number' && x > 0);
      if (typeof p.created === 'number' && !found)
        return { header: MESSAGES.contractsNothingHeader, message: MESSAGES.contractsNothing(d(p.date_from), d(p.date_to)) };
      const message = MESSAGES.contractsSuccess(d(p.date_from), d(p.date_to));
      return { header: MESSAGES.contractsSuccessHeader, message: typeof p.created === 'number' ? `${message}\n${counts(p)}` : message };
    },
    refresh: [['contracts'], ['eis-import-status']],
  },
  [EVENTS.notificationImportPaymentsResponse]: {
    notice: (p) =>
      ok(p)
        ? {
            header: MESSAGES.paymentSuccessHeader,
            message:
              typeof p.created === 'number'
                ? `${MESSAGES.paymentSuccess(s(p.upload_file_name))}\n${counts(p)}`
                : MESSAGES.paymentSuccess(s(p.upload_file_name)),
          }
        : { header: MESSAGES.paymentErrorHeader(s(p.upload_file_name)), message: s(p.error) },
    refresh: [['contracts'], ['execution'], ['payments']],
  },
  [EVENTS.notificationPerfomanceContractResponse]: {
    notice: (p) =>
      ok(p)
        ? { header: MESSAGES.executionSuccessHeader, message: MESSAGES.executionSuccess(s(p.contract_regnumber ?? p.registration_number)) }
        : { header: MESSAGES.executionErrorHeader(s(p.contract_regnumber ?? p.registration_number)), message: s(p.error) },
    refresh: [['execution'], ['export']],
  },
  [EVENTS.reportCreateResponse]: {
    notice: (p) => {
      if (!p.contract_regnumber && p.period_from) {
        const period = `${d(p.period_from)}-${d(p.period_to)}`;
        return ok(p)
          ? { header: MESSAGES.monthlyReportSuccessHeader, message: MESSAGES.monthlyReportSuccess(period) }
          : { header: MESSAGES.monthlyReportErrorHeader(period), message: s(p.error) };
      }
      return ok(p)
        ? { header: MESSAGES.reportSuccessHeader, message: MESSAGES.reportSuccess(s(p.contract_regnumber)) }
        : { header: MESSAGES.reportErrorHeader(s(p.contract_regnumber)), message: s(p.error) };
    },
    refresh: [['reports']],
  },
};
