import { useEffect } from 'react';
import { EVENTS, type PushName, type ServerEvents } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { formatDate } from '../lib/format';
import { onAuthEvent } from '../lib/socket';
import { backgroundStore, noticeKey, noticeStore } from '../lib/notices';
import { queryClient } from '../lib/query-client';

type Text = { header: string; message?: string };
const ok = (p: { result?: string }) => p.result === 'success';
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** ISO dates of payloads in the form the whole UI uses (dd.mm.yyyy); anything else as it came. */
const d = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : s(v));
const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
/** The counts line of an import: what was added, what was there already, what was refused. */
const counts = (p: { created?: number; updated?: number; duplicates?: number; matched?: number; rejected?: number }) =>
  MESSAGES.importCounts({
    created: n(p.created),
    updated: n(p.updated),
    duplicates: n(p.duplicates),
    matched: n(p.matched),
    rejected: n(p.rejected),
  });

/** Each push becomes a success or error notice with the exact texts. */
type NoticeEvent = Exclude<
  PushName,
  'eisImportProgress' | 'eisProcurementResponse' | 'copyProcurementRuleResponse' | 'readyDocumentResponse'
  // the features that show them register their own notices
  | 'tasksChanged'
  | 'taskReminder'
  | 'approvalChanged'
  | 'acceptanceDecisionResponse'
>;
export const REALTIME_NOTICES: { [E in NoticeEvent]: (p: ServerEvents[E]) => Text } = {
  [EVENTS.notificationMapInvoiceItemsResponse]: (p) =>
    ok(p)
      ? { header: MESSAGES.updSuccessHeader, message: MESSAGES.updSuccess(s(p.upload_file_name)) }
      : { header: MESSAGES.updErrorHeader(s(p.upload_file_name)), message: s(p.error) },
  [EVENTS.notificationEisContractsResponse]: (p) => {
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
  [EVENTS.notificationImportPaymentsResponse]: (p) =>
    ok(p)
      ? {
          header: MESSAGES.paymentSuccessHeader,
          message:
            typeof p.created === 'number'
              ? `${MESSAGES.paymentSuccess(s(p.upload_file_name))}\n${counts(p)}`
              : MESSAGES.paymentSuccess(s(p.upload_file_name)),
        }
      : { header: MESSAGES.paymentErrorHeader(s(p.upload_file_name)), message: s(p.error) },
  [EVENTS.notificationPerfomanceContractResponse]: (p) =>
    ok(p)
      ? { header: MESSAGES.executionSuccessHeader, message: MESSAGES.executionSuccess(s(p.contract_regnumber ?? p.registration_number)) }
      : { header: MESSAGES.executionErrorHeader(s(p.contract_regnumber ?? p.registration_number)), message: s(p.error) },
  [EVENTS.reportCreateResponse]: (p) => {
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
  // the spec gives no texts for plans: these follow the contracts ones
  [EVENTS.eisPlanResponse]: (p) => {
    const plans = Array.isArray(p.plans) ? p.plans.map(s) : [];
    return ok(p)
      ? {
          header: 'Планы закупки загружены',
          message: plans.length ? `Планы закупки: ${plans.join(', ')}` : 'В ЕИС нет планов закупки организации',
        }
      : { header: 'Ошибка загрузки планов закупки', message: s(p.error) };
  },
  [EVENTS.eisTenderPlanResponse]: (p) => {
    const plans = Array.isArray(p.plans) ? p.plans.map(s) : [];
    return ok(p)
      ? {
          header: 'Планы-графики загружены',
          message: plans.length ? `Планы-графики: ${plans.join(', ')}` : 'В ЕИС нет планов-графиков организации за период',
        }
      : { header: 'Ошибка загрузки планов-графиков', message: s(p.error) };
  },
  [EVENTS.eisNoticesResponse]: (p) => {
    if (!ok(p)) return { header: 'Ошибка загрузки извещений', message: s(p.error) };
    const period = `${d(p.date_from)}-${d(p.date_to)}`;
    const found = [p.created, p.updated].some((x) => typeof x === 'number' && x > 0);
    const violations = Array.isArray(p.violations) && p.violations.length ? `\n${p.violations.map(s).join('\n')}` : '';
    return found
      ? { header: 'Извещения загружены', message: `Извещения за период ${period} внесены в реестр закупок\n${counts(p)}${violations}` }
      : { header: 'Новых извещений нет', message: `В ЕИС нет извещений организации за период ${period}${violations}` };
  },
};

/** Which lists a finished job refreshes (the spec's refresh flags for register, execution and export). */
const REFRESH: Partial<Record<PushName, string[][]>> = {
  [EVENTS.notificationEisContractsResponse]: [['contracts'], ['eis-import-status']],
  [EVENTS.notificationMapInvoiceItemsResponse]: [['contracts'], ['execution']],
  [EVENTS.notificationImportPaymentsResponse]: [['contracts'], ['execution'], ['payments']],
  [EVENTS.notificationPerfomanceContractResponse]: [['execution'], ['export']],
  [EVENTS.reportCreateResponse]: [['reports']],
  [EVENTS.eisPlanResponse]: [['plans'], ['eis-import-status']],
  [EVENTS.eisTenderPlanResponse]: [['tender-plans'], ['eis-import-status']],
  [EVENTS.eisNoticesResponse]: [['procurements'], ['notices44'], ['tender-plans'], ['eis-import-status']],
};

/** A job's push: a pending item of this tab becomes success or error under the same key; another's goes to the background list. */
export function realtimeNotice<E extends NoticeEvent>(event: E, p: ServerEvents[E]): void {
  const notice = REALTIME_NOTICES[event] as (p: ServerEvents[E]) => Text;
  const text = () => notice(p);
  if (noticeStore.isOwn(p.key)) noticeStore.show({ key: p.key, kind: ok(p) ? 'success' : 'error', ...text() });
  else if (p.result !== 'pending') backgroundStore.add({ key: noticeKey(p.key), kind: ok(p) ? 'success' : 'error', ...text() });
  for (const k of REFRESH[event] ?? []) void queryClient.invalidateQueries({ queryKey: k });
}

export function useRealtimeNotices(): void {
  useEffect(() => {
    const offs = (Object.keys(REALTIME_NOTICES) as NoticeEvent[]).map((event) => onAuthEvent(event, (p) => realtimeNotice(event, p)));
    return () => offs.forEach((off) => off());
  }, []);
}
