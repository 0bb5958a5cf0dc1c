import type { QueryIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import type {
  EisContractsImportRequest,
  EisImportKind,
  EisNoticesImportRequest,
  EisNotices44ImportRequest,
  EisPlansImportRequest,
  EisUploadResponse,
} from '@proc/contract';
import { call } from '../../lib/api';
import { noticeStore } from '../../lib/notices';

/** Filters of the plan items list as the URL carries them. */
export const PLAN_ITEM_FILTERS = ['q', 'okpd2', 'method', 'sme_only', 'month'] as const;

/** 44-ФЗ purchase methods of the notices ЕИС publishes (notice44 document types). */
export const NOTICE44_METHOD_TITLES: Record<string, string> = {
  auction_e: 'Электронный аукцион',
  quotation_e: 'Запрос котировок в электронной форме',
  competition_e: 'Открытый конкурс в электронной форме',
};
/** Filters of the план-график positions as the URL carries them. */
export const TENDER_POSITION_FILTERS = ['version', 'q', 'okpd2', 'kvr', 'year', 'amount_from', 'amount_to', 'after'] as const;

export const eisApi = {
  tenderPlans: (query: QueryIn<typeof routes.eis.getTenderPlans>) => call(routes.eis.getTenderPlans, { name: 'Планы-графики', query }),
  tenderPositions: (number: string, query: QueryIn<typeof routes.eis.getTenderPlansPositions>) =>
    call(routes.eis.getTenderPlansPositions, {
      params: { number: encodeURIComponent(number) },
      name: 'Позиции плана-графика',
      query,
      notFoundPage: true,
    }),
  createFromTenderPosition: (id: number) =>
    call(routes.eis.postTenderPlansPositionsProcurement, { params: { id }, name: 'Создание закупки по позиции плана-графика' }),
  importTenderPlans: (body: EisPlansImportRequest) =>
    call(routes.eis.postTenderPlansImport, { name: 'Загрузка планов-графиков из ЕИС', body, quiet: true }),
  plans: (query: QueryIn<typeof routes.eis.getPlans>) => call(routes.eis.getPlans, { name: 'Планы закупки', query }),
  planItems: (number: string, query: QueryIn<typeof routes.eis.getPlansItems>) =>
    call(routes.eis.getPlansItems, {
      params: { number: encodeURIComponent(number) },
      name: 'Позиции плана закупки',
      query,
      notFoundPage: true,
    }),
  /** `another`: the item has a procurement and the user asked for one more; the key makes a double click one procurement. */
  createProcurement: (number: string, itemId: number, o: { another?: boolean; idempotencyKey?: string } = {}) =>
    call(routes.eis.postPlansItemsProcurement, {
      params: { number: encodeURIComponent(number), itemId },
      name: 'Создание закупки по позиции плана',
      quiet: true,
      idempotencyKey: o.idempotencyKey,
      query: o.another ? { another: 'true' } : undefined,
    }),
  importPlans: (body: EisPlansImportRequest) =>
    call(routes.eis.postPlansImport, { name: 'Загрузка планов закупки из ЕИС', body, quiet: true }),
  importNotices: (body: EisNoticesImportRequest) =>
    call(routes.eis.postNoticesImport, { name: 'Загрузка извещений из ЕИС', body, quiet: true }),
  importNotices44: (body: EisNotices44ImportRequest) =>
    call(routes.eis.postNotices44Import, { name: 'Загрузка извещений 44-ФЗ из ЕИС', body, quiet: true }),
  notices44: (query: QueryIn<typeof routes.eis.getNotices44>) => call(routes.eis.getNotices44, { name: 'Извещения 44-ФЗ', query }),
  importStatus: (kind: EisImportKind) => call(routes.eis.getImportsStatus, { name: 'Загрузка из ЕИС', query: { kind } }),
  cancelImport: (key: string) =>
    call(routes.eis.postImportsCancel, { params: { key: encodeURIComponent(key) }, name: 'Остановка загрузки из ЕИС' }),
  importContracts: (body: EisContractsImportRequest) =>
    call(routes.eis.postContractsImport, { name: 'Загрузка договоров из ЕИС', body, quiet: true }),
  /** `confirmCustomer`: the user said another organisation's file holds the company's own data. */
  upload: (file: File, confirmCustomer = false) => {
    const body = new FormData();
    body.append('file', file);
    return call(routes.eis.postUpload, {
      name: 'Загрузка файла ЕИС',
      body,
      quiet: true,
      query: confirmCustomer ? { confirm_customer: 'true' } : undefined,
    });
  },
};

/**
 * The job's pending notice under the server's key; the real-time handler replaces it with success or error.
 * A push that outran the HTTP answer already stands under that key and is kept.
 */
export function showPending(key: string, header: string, message: string): void {
  if (noticeStore.list().some((n) => n.key === key)) return;
  noticeStore.show({ key, kind: 'pending', header, message });
}

export const PLAN_STATUS: Record<string, string> = { published: 'Размещён', draft: 'Черновик', cancelled: 'Отменён' };

/** What a manual upload added, for the success notice. */
export function uploadSummary(r: EisUploadResponse): string {
  if (r.kind === 'archive') {
    const parts = [
      `Файлов в архиве: ${r.files ?? 0}`,
      `договоров: ${r.contracts.length}`,
      `планов: ${r.plans ?? 0}`,
      `извещений: ${r.notices ?? 0}`,
      `сведений об исполнении: ${r.performances}`,
    ];
    const violations = r.contracts.flatMap((c) => c.violations.map((v) => (c.registry_number ? `${c.registry_number}: ${v}` : v)));
    return [parts.join(', '), ...violations].join('\n');
  }
  if (r.kind === 'plan') return 'План закупки загружен';
  if (r.kind === 'performance') return `Загружено сведений об исполнении: ${r.performances}`;
  if (r.kind === 'notice') return 'Извещение внесено в реестр закупок';
  const violations = r.contracts.flatMap((c) => c.violations.map((v) => (c.registry_number ? `${c.registry_number}: ${v}` : v)));
  return [`Загружено договоров: ${r.contracts.length}`, ...violations].join('\n');
}

/**
 * How long ЕИС needs for a period: one request per day and kind of document, within the token's budget of requests a
 * minute (EIS_REQUESTS_PER_MINUTE) — the import cannot go faster than that, whatever the product does.
 */
export function budgetMinutes(days: number, requestsPerDay: number, perMinute: number): number {
  return (days * requestsPerDay) / Math.max(1, perMinute);
}
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return 'менее минуты';
  const m = Math.ceil(minutes);
  return m < 60 ? `≈ ${m} мин` : `≈ ${Math.floor(m / 60)} ч ${m % 60} мин`;
}
