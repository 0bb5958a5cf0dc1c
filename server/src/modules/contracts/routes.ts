import { z } from 'zod';
import {
  AcceptanceDocumentResponse,
  AcceptanceLine,
  ContractReportRequest,
  ContractReportsPage,
  ContractReportsQuery,
  DashboardResponse,
  ExecutionSummaryResponse,
  Id,
  IdParams,
  LineMappingRequest,
  MonthlyReportRequest,
  PageQuery,
  PaymentImportResponse,
  PaymentLinkRequest,
  PaymentOrderResponse,
  PaymentsQuery,
  ReportQueuedResponse,
  ReportResponse,
  UpdUploadQuery,
  UpdUploadResponse,
  WithdrawRequest,
  paged,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { takeWorkLimit } from '../../platform/work-limits';
import { sendFile } from '../../platform/document-files';
import { readRawUpload } from './read-upload';
import { uploadUpd } from './upload-upd';
import { listAcceptance, setLineMapping, withdrawUpd } from './acceptance';
import { importPayments } from './import-payments';
import { linkPayment, listPayments } from './payments';
import { executionSummary } from './execution-summary';
import {
  createContractReport,
  createMonthlyReport,
  downloadReport,
  listContractReports,
  listReports,
  warmReportLibraries,
} from './reports';
import { dashboard } from './dashboard';

const tags = ['execution'];
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';
const FILE =
  'multipart/form-data, поле file; размер не больше UPLOAD_MAX_BYTES (413). Файл проверяется сразу: не тот формат — 400, ничего не сохраняется.';

export function executionRoutes(app: App, deps: Deps): void {
  app.post(
    '/contracts/:id/upd',
    {
      schema: {
        tags,
        summary: 'Загрузить УПД (5.01, 5.02, 5.03) по договору: XML или архив ЭДО (ZIP: УПД и его .sig/.p7s/.sgn)',
        description: `${COMPANY} ${FILE} Подписи из архива проверяются сразу (поле signatures); плохая — замечание документа. Результат — событие notificationMapInvoiceItemsResponse.`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        querystring: UpdUploadQuery,
        response: { 200: UpdUploadResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      const upload = await readRawUpload(req, deps.config.UPLOAD_MAX_BYTES);
      return uploadUpd(ctx, req.params.id, upload, { confirmed: req.query.confirm === 'true', replace: req.query.replace === 'true' });
    },
  );

  app.post(
    '/acceptance/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Отозвать документ приёмки (УПД) с указанием причины',
        description:
          'Документ остаётся в списке с пометкой «Отозван» и причиной, но не учитывается ни в одной сумме: карточка, сводка, отчёты, сведения в ЕИС. Причина — в журнале аудита.',
        params: IdParams,
        body: WithdrawRequest,
        response: { 200: AcceptanceDocumentResponse },
      },
    },
    async (req) => withdrawUpd(await companyCtx(deps, req), req.params.id, req.body.reason),
  );

  app.get(
    '/contracts/:id/acceptance',
    {
      schema: {
        tags,
        summary: 'Документы приёмки договора со строками и сопоставлением',
        params: IdParams,
        response: { 200: z.array(AcceptanceDocumentResponse) },
      },
    },
    async (req) => listAcceptance(await companyCtx(deps, req), req.params.id),
  );

  app.put(
    '/acceptance/lines/:lineId/mapping',
    {
      schema: {
        tags,
        summary: 'Исправить сопоставление строки с позицией договора (null — снять)',
        params: z.object({ lineId: Id }),
        body: LineMappingRequest,
        response: { 200: AcceptanceLine },
      },
    },
    async (req) => setLineMapping(await companyCtx(deps, req), req.params.lineId, req.body.position_id),
  );

  app.post(
    '/payments/import',
    {
      schema: {
        tags,
        summary: 'Загрузить платёжные поручения (1С:Клиент-банк 1.02/1.03)',
        description: `${COMPANY} ${FILE} Выписка не по счетам и не по ИНН организации — 409 CONFIRM_REQUIRED с находками; confirm=true загружает её всё равно. Результат — событие notificationImportPaymentsResponse.`,
        consumes: ['multipart/form-data'],
        querystring: UpdUploadQuery,
        response: { 200: PaymentImportResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      const upload = await readRawUpload(req, deps.config.UPLOAD_MAX_BYTES);
      return importPayments(ctx, upload, { confirmed: req.query.confirm === 'true' });
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary: 'Платёжные поручения',
        description: COMPANY,
        querystring: PaymentsQuery,
        response: { 200: paged(PaymentOrderResponse) },
      },
    },
    async (req) => listPayments(await companyCtx(deps, req), req.query),
  );

  app.put(
    '/payments/:id/contract',
    {
      schema: {
        tags,
        summary: 'Привязать платёжное поручение к договору (null — отозвать привязку, с причиной reason)',
        description:
          'Получатель не поставщик договора или плательщик не заказчик — 409 CONFIRM_REQUIRED с находками; confirm=true привязывает всё равно (находки — в журнале).',
        params: IdParams,
        body: PaymentLinkRequest,
        response: { 200: PaymentOrderResponse },
      },
    },
    async (req) =>
      linkPayment(await companyCtx(deps, req), req.params.id, req.body.contract_id, {
        confirmed: req.body.confirm === true,
        reason: req.body.reason,
      }),
  );

  app.get(
    '/contracts/:id/execution-summary',
    {
      schema: {
        tags,
        summary: 'Поставлено и оплачено по договору, сроки сведений в реестр договоров',
        params: IdParams,
        response: { 200: ExecutionSummaryResponse },
      },
    },
    async (req) => executionSummary(await companyCtx(deps, req), req.params.id),
  );

  app.post(
    '/contracts/:id/reports',
    {
      config: { changes: false },
      schema: {
        tags,
        summary: 'Сформировать отчёт об исполнении договора (xlsx или pdf)',
        description: 'Результат — событие reportCreateResponse.',
        params: IdParams,
        body: ContractReportRequest,
        response: { 200: ReportQueuedResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'report');
      return createContractReport(ctx, req.params.id, req.body.format);
    },
  );

  app.get(
    '/contracts/:id/reports',
    {
      schema: {
        tags,
        summary: 'Отчёты об исполнении договора, сначала новые',
        description: 'Постранично по ключу: after — id последнего отчёта предыдущей страницы, next_after — начало следующей.',
        params: IdParams,
        querystring: ContractReportsQuery,
        response: { 200: ContractReportsPage },
      },
      onResponse: async () => void setImmediate(warmReportLibraries),
    },
    async (req) => listContractReports(await companyCtx(deps, req), req.params.id, req.query),
  );

  app.post(
    '/reports/monthly',
    {
      config: { changes: false },
      schema: {
        tags,
        summary: 'Ежемесячная сводка о договорах (223-ФЗ), XLSX',
        description: `${COMPANY} Результат — событие reportCreateResponse.`,
        body: MonthlyReportRequest,
        response: { 200: ReportQueuedResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'report');
      return createMonthlyReport(ctx, req.body.year, req.body.month);
    },
  );

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'Сформированные отчёты',
        description: COMPANY,
        querystring: PageQuery,
        response: { 200: paged(ReportResponse) },
      },
      // the contract card asks for this list last: the report libraries load once it is sent, not after «Сформировать»
      onResponse: async () => void setImmediate(warmReportLibraries),
    },
    async (req) => listReports(await companyCtx(deps, req), req.query),
  );

  app.get(
    '/reports/:code/download',
    {
      schema: { tags, summary: 'Скачать отчёт', params: z.object({ code: z.string().uuid() }) },
    },
    async (req, reply) => sendFile(reply, await downloadReport(await companyCtx(deps, req), req.params.code)),
  );

  app.get(
    '/dashboard',
    {
      schema: { tags, summary: 'Сводка по выбранному заказчику', description: COMPANY, response: { 200: DashboardResponse } },
    },
    async (req) => dashboard(await companyCtx(deps, req)),
  );
}
