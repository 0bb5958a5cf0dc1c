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
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['execution'];
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';
const FILE =
  'multipart/form-data, поле file; размер не больше UPLOAD_MAX_BYTES (413). Файл проверяется сразу: не тот формат — 400, ничего не сохраняется.';

export function executionRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.contracts.postUpd,
    {
      schema: {
        tags,
        summary: 'Загрузить УПД (5.01, 5.02, 5.03) по договору: XML или архив ЭДО (ZIP: УПД и его .sig/.p7s/.sgn)',
        description: `${COMPANY} ${FILE} Подписи из архива проверяются сразу (поле signatures); плохая — замечание документа. Результат — событие notificationMapInvoiceItemsResponse.`,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      const upload = await readRawUpload(req, deps.config.UPLOAD_MAX_BYTES);
      return uploadUpd(ctx, req.params.id, upload, { confirmed: req.query.confirm === 'true', replace: req.query.replace === 'true' });
    },
  );

  route(
    app,
    routes.contracts.postAcceptanceWithdraw,
    {
      schema: {
        tags,
        summary: 'Отозвать документ приёмки (УПД) с указанием причины',
        description:
          'Документ остаётся в списке с пометкой «Отозван» и причиной, но не учитывается ни в одной сумме: карточка, сводка, отчёты, сведения в ЕИС. Причина — в журнале аудита.',
      },
    },
    async (req) => withdrawUpd(await companyCtx(deps, req), req.params.id, req.body.reason),
  );

  route(
    app,
    routes.contracts.getAcceptance,
    {
      schema: {
        tags,
        summary: 'Документы приёмки договора со строками и сопоставлением',
      },
    },
    async (req) => listAcceptance(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.contracts.putAcceptanceLinesMapping,
    {
      schema: {
        tags,
        summary: 'Исправить сопоставление строки с позицией договора (null — снять)',
      },
    },
    async (req) => setLineMapping(await companyCtx(deps, req), req.params.lineId, req.body.position_id),
  );

  route(
    app,
    routes.contracts.postPaymentsImport,
    {
      schema: {
        tags,
        summary: 'Загрузить платёжные поручения (1С:Клиент-банк 1.02/1.03)',
        description: `${COMPANY} ${FILE} Выписка не по счетам и не по ИНН организации — 409 CONFIRM_REQUIRED с находками; confirm=true загружает её всё равно. Результат — событие notificationImportPaymentsResponse.`,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      const upload = await readRawUpload(req, deps.config.UPLOAD_MAX_BYTES);
      return importPayments(ctx, upload, { confirmed: req.query.confirm === 'true' });
    },
  );

  route(
    app,
    routes.contracts.getPayments,
    {
      schema: {
        tags,
        summary: 'Платёжные поручения',
        description: COMPANY,
      },
    },
    async (req) => listPayments(await companyCtx(deps, req), req.query),
  );

  route(
    app,
    routes.contracts.putPaymentsContract,
    {
      schema: {
        tags,
        summary: 'Привязать платёжное поручение к договору (null — отозвать привязку, с причиной reason)',
        description:
          'Получатель не поставщик договора или плательщик не заказчик — 409 CONFIRM_REQUIRED с находками; confirm=true привязывает всё равно (находки — в журнале).',
      },
    },
    async (req) =>
      linkPayment(await companyCtx(deps, req), req.params.id, req.body.contract_id, {
        confirmed: req.body.confirm === true,
        reason: req.body.reason,
      }),
  );

  route(
    app,
    routes.contracts.getExecutionSummary,
    {
      schema: {
        tags,
        summary: 'Поставлено и оплачено по договору, сроки сведений в реестр договоров',
      },
    },
    async (req) => executionSummary(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.contracts.postReports,
    {
      config: { changes: false },
      schema: {
        tags,
        summary: 'Сформировать отчёт об исполнении договора (xlsx или pdf)',
        description: 'Результат — событие reportCreateResponse.',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'report');
      return createContractReport(ctx, req.params.id, req.body.format);
    },
  );

  route(
    app,
    routes.contracts.getReportsOfContract,
    {
      schema: {
        tags,
        summary: 'Отчёты об исполнении договора, сначала новые',
        description: 'Постранично по ключу: after — id последнего отчёта предыдущей страницы, next_after — начало следующей.',
      },
      onResponse: async () => void setImmediate(warmReportLibraries),
    },
    async (req) => listContractReports(await companyCtx(deps, req), req.params.id, req.query),
  );

  route(
    app,
    routes.contracts.postReportsMonthly,
    {
      config: { changes: false },
      schema: {
        tags,
        summary: 'Ежемесячная сводка о договорах (223-ФЗ), XLSX',
        description: `${COMPANY} Результат — событие reportCreateResponse.`,
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'report');
      return createMonthlyReport(ctx, req.body.year, req.body.month);
    },
  );

  route(
    app,
    routes.contracts.getReports,
    {
      schema: {
        tags,
        summary: 'Сформированные отчёты',
        description: COMPANY,
      },
      // the contract card asks for this list last: the report libraries load once it is sent, not after «Сформировать»
      onResponse: async () => void setImmediate(warmReportLibraries),
    },
    async (req) => listReports(await companyCtx(deps, req), req.query),
  );

  route(
    app,
    routes.contracts.getReportsDownload,
    {
      schema: { tags, summary: 'Скачать отчёт' },
    },
    async (req, reply) => sendFile(reply, await downloadReport(await companyCtx(deps, req), req.params.code)),
  );

  route(
    app,
    routes.contracts.getDashboard,
    {
      schema: { tags, summary: 'Сводка по выбранному заказчику', description: COMPANY },
    },
    async (req) => dashboard(await companyCtx(deps, req)),
  );
}
