import { UPLOAD_EXTENSIONS } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { takeWorkLimit } from '../../platform/work-limits';
import { listRegister, registerPageText } from './list-register';
import { exportRegister } from './export-register';
import { getProcurement } from './procurement-card';
import { createProcurement, updateProcurement } from './save-procurement';
import { statusHistory, transitionProcurement } from './transition-procurement';
import { setProcurementFacts } from './set-nmcd';
import { addLine, deleteLine, listLines, updateLine } from './procurement-lines';
import * as files from './procurement-files';
import { contentDisposition, readUpload, sendFile } from '../../platform/document-files';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['procurements'];
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';
const UPLOAD = `multipart/form-data, поле file; допустимые типы: ${UPLOAD_EXTENSIONS.join(', ')}; размер не больше UPLOAD_MAX_BYTES (413 иначе, 415 — недопустимый тип).`;

export function procurementRoutes(app: App, deps: Deps): void {
  const LINES =
    'Объект закупки: строки (ОКПД2, КТРУ, наименование, единица ОКЕИ, количество, цена единицы) — одно место для НМЦК и документов.';
  route(
    app,
    routes.procurements.getProcurementsLines,
    { schema: { tags, summary: 'Строки объекта закупки с суммами и предупреждениями', description: LINES } },
    async (req) => listLines(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.procurements.postProcurementsLines,
    {
      schema: {
        tags,
        summary: 'Добавить строку объекта закупки',
        description: `${LINES} Позиция КТРУ даёт ОКПД2, наименование, единицу и характеристики (ПП РФ № 145, п. 4). Редакция карточки увеличивается.`,
      },
    },
    async (req) => addLine(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(
    app,
    routes.procurements.putProcurementsLinesByLineId,
    { schema: { tags, summary: 'Изменить строку объекта закупки', description: LINES } },
    async (req) => updateLine(await companyCtx(deps, req), req.params.id, req.params.lineId, req.body),
  );
  route(
    app,
    routes.procurements.deleteProcurementsLinesByLineId,
    { schema: { tags, summary: 'Удалить строку объекта закупки', description: LINES } },
    async (req) => deleteLine(await companyCtx(deps, req), req.params.id, req.params.lineId),
  );

  route(
    app,
    routes.procurements.get,
    {
      schema: {
        tags,
        summary: 'Реестр закупок',
        description: `${COMPANY} Фильтры, сортировка и страницы — в строке запроса.`,
      },
      // the page comes as JSON text, its items rendered by the database (list-register.ts): Fastify sends a string of a
      // JSON type as it is, so the response schema above describes the page without serialising it a second time
    },
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(registerPageText(await listRegister(await companyCtx(deps, req), req.query)) as never),
  );

  route(
    app,
    routes.procurements.getExportXlsx,
    {
      schema: { tags, summary: 'Реестр закупок в Excel (те же фильтры и сортировка, без страниц)' },
    },
    async (req, reply) => {
      const data = await exportRegister(await companyCtx(deps, req), req.query);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition('Реестр закупок.xlsx'))
        .send(data);
    },
  );

  route(
    app,
    routes.procurements.post,
    {
      schema: {
        tags,
        summary: 'Создать закупку (черновик)',
        description: `${COMPANY} Номер выдаётся автоматически: год-порядковый номер. Заголовок Idempotency-Key: повтор с тем же ключом возвращает первую созданную закупку. По позиции плана, у которой уже есть закупка, — 409 CONFIRM_REQUIRED; another_for_plan_item=true создаёт ещё одну.`,
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return createProcurement(ctx, req.body, { anotherForPlanItem: req.query.another_for_plan_item === 'true' });
    },
  );

  route(
    app,
    routes.procurements.getById,
    {
      schema: { tags, summary: 'Карточка закупки со сроками и нарушениями' },
    },
    async (req) => getProcurement(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.procurements.putById,
    {
      schema: {
        tags,
        summary: 'Изменить карточку (статусы draft и docs_ready)',
      },
    },
    async (req) => updateProcurement(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.procurements.putFacts,
    {
      schema: {
        tags,
        summary: 'Изменить сведения закупки, которые печатают её документы (НМЦД, даты, место и сроки поставки, ОКПД2)',
        description:
          'Та же запись, что и PUT /procurements/{id}: те же проверки, сроки пересчитываются, редакция карточки растёт, а сформированные по прежним сведениям документы помечаются устаревшими. Отсутствующее поле не меняется.',
      },
    },
    async (req) => setProcurementFacts(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.procurements.postTransition,
    {
      schema: {
        tags,
        summary: 'Сменить статус',
        description:
          'Только допустимые переходы (PROCUREMENT_TRANSITIONS); 409 — недопустимый переход или не выполнены условия (документы, сроки); перевод вопреки датам закупки или минимальным срокам закона — 409 CONFIRM_REQUIRED с правилами в fields.warnings, повтор с override_reason переводит и пишет причину в журнал.',
      },
    },
    async (req) =>
      transitionProcurement(
        await companyCtx(deps, req),
        req.params.id,
        req.body.to,
        req.body.comment ?? null,
        req.body.override_reason ?? null,
      ),
  );

  route(
    app,
    routes.procurements.getHistory,
    {
      schema: { tags, summary: 'История статусов' },
    },
    async (req) => statusHistory(await companyCtx(deps, req), req.params.id),
  );

  // ---- files ----
  route(
    app,
    routes.procurements.getFiles,
    {
      schema: { tags, summary: 'Файлы закупки' },
    },
    async (req) => files.listFiles(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.procurements.postFiles,
    {
      schema: {
        tags,
        summary: 'Загрузить файл',
        description: `${UPLOAD} template — если файл является документом закупки (например, своё извещение).`,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      return files.uploadFile(ctx, req.params.id, await readUpload(req, deps.config.UPLOAD_MAX_BYTES), req.query.template ?? null);
    },
  );

  route(
    app,
    routes.procurements.getFilesByFileId,
    {
      schema: { tags, summary: 'Файл и его версии' },
    },
    async (req) => files.getFile(await companyCtx(deps, req), req.params.id, req.params.fileId),
  );

  route(
    app,
    routes.procurements.putFilesByFileId,
    {
      schema: {
        tags,
        summary: 'Заменить файл (новая версия)',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      return files.replaceFile(ctx, req.params.id, req.params.fileId, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  route(
    app,
    routes.procurements.getFilesDownload,
    {
      schema: {
        tags,
        summary: 'Скачать файл (последнюю версию или указанную)',
      },
    },
    async (req, reply) =>
      sendFile(reply, await files.downloadFile(await companyCtx(deps, req), req.params.id, req.params.fileId, req.query.version)),
  );

  route(
    app,
    routes.procurements.deleteFilesByFileId,
    {
      schema: { tags, summary: 'Удалить файл' },
    },
    async (req, reply) => {
      await files.deleteFile(await companyCtx(deps, req), req.params.id, req.params.fileId);
      return reply.status(204).send();
    },
  );
}
