import { z } from 'zod';
import {
  DocumentKind,
  Id,
  IdParams,
  ProcurementFactsRequest,
  ProcurementFileResponse,
  ProcurementRequest,
  ProcurementResponse,
  RegisterExportQuery,
  RegisterPage,
  RegisterQuery,
  StatusHistoryItem,
  TransitionRequest,
  UPLOAD_EXTENSIONS,
} from '@proc/contract';
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
import * as files from './procurement-files';
import { contentDisposition, readUpload, sendFile } from '../../platform/document-files';

const tags = ['procurements'];
const FileParams = z.object({ id: Id, fileId: Id });
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';
const UPLOAD = `multipart/form-data, поле file; допустимые типы: ${UPLOAD_EXTENSIONS.join(', ')}; размер не больше UPLOAD_MAX_BYTES (413 иначе, 415 — недопустимый тип).`;

export function procurementRoutes(app: App, deps: Deps): void {
  app.get(
    '/procurements',
    {
      schema: {
        tags,
        summary: 'Реестр закупок',
        description: `${COMPANY} Фильтры, сортировка и страницы — в строке запроса.`,
        querystring: RegisterQuery,
        response: { 200: RegisterPage },
      },
      // the page comes as JSON text, its items rendered by the database (list-register.ts): Fastify sends a string of a
      // JSON type as it is, so the response schema above describes the page without serialising it a second time
    },
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(registerPageText(await listRegister(await companyCtx(deps, req), req.query)) as never),
  );

  app.get(
    '/procurements/export.xlsx',
    {
      schema: { tags, summary: 'Реестр закупок в Excel (те же фильтры и сортировка, без страниц)', querystring: RegisterExportQuery },
    },
    async (req, reply) => {
      const data = await exportRegister(await companyCtx(deps, req), req.query);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition('Реестр закупок.xlsx'))
        .send(data);
    },
  );

  app.post(
    '/procurements',
    {
      schema: {
        tags,
        summary: 'Создать закупку (черновик)',
        description: `${COMPANY} Номер выдаётся автоматически: год-порядковый номер. Заголовок Idempotency-Key: повтор с тем же ключом возвращает первую созданную закупку. По позиции плана, у которой уже есть закупка, — 409 CONFIRM_REQUIRED; another_for_plan_item=true создаёт ещё одну.`,
        body: ProcurementRequest,
        querystring: z.object({ another_for_plan_item: z.enum(['true', 'false']).optional() }),
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return createProcurement(ctx, req.body, { anotherForPlanItem: req.query.another_for_plan_item === 'true' });
    },
  );

  app.get(
    '/procurements/:id',
    {
      schema: { tags, summary: 'Карточка закупки со сроками и нарушениями', params: IdParams, response: { 200: ProcurementResponse } },
    },
    async (req) => getProcurement(await companyCtx(deps, req), req.params.id),
  );

  app.put(
    '/procurements/:id',
    {
      schema: {
        tags,
        summary: 'Изменить карточку (статусы draft и docs_ready)',
        params: IdParams,
        body: ProcurementRequest,
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => updateProcurement(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.put(
    '/procurements/:id/facts',
    {
      schema: {
        tags,
        summary: 'Изменить сведения закупки, которые печатают её документы (НМЦД, даты, место и сроки поставки, ОКПД2)',
        description:
          'Та же запись, что и PUT /procurements/{id}: те же проверки, сроки пересчитываются, редакция карточки растёт, а сформированные по прежним сведениям документы помечаются устаревшими. Отсутствующее поле не меняется.',
        params: IdParams,
        body: ProcurementFactsRequest,
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => setProcurementFacts(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.post(
    '/procurements/:id/transition',
    {
      schema: {
        tags,
        summary: 'Сменить статус',
        description:
          'Только допустимые переходы (PROCUREMENT_TRANSITIONS); 409 — недопустимый переход или не выполнены условия (документы, сроки); перевод вопреки датам закупки или минимальным срокам закона — 409 CONFIRM_REQUIRED с правилами в fields.warnings, повтор с override_reason переводит и пишет причину в журнал.',
        params: IdParams,
        body: TransitionRequest,
        response: { 200: ProcurementResponse },
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

  app.get(
    '/procurements/:id/history',
    {
      schema: { tags, summary: 'История статусов', params: IdParams, response: { 200: z.array(StatusHistoryItem) } },
    },
    async (req) => statusHistory(await companyCtx(deps, req), req.params.id),
  );

  // ---- files ----
  app.get(
    '/procurements/:id/files',
    {
      schema: { tags, summary: 'Файлы закупки', params: IdParams, response: { 200: z.array(ProcurementFileResponse) } },
    },
    async (req) => files.listFiles(await companyCtx(deps, req), req.params.id),
  );

  app.post(
    '/procurements/:id/files',
    {
      schema: {
        tags,
        summary: 'Загрузить файл',
        description: `${UPLOAD} template — если файл является документом закупки (например, своё извещение).`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        querystring: z.object({ template: DocumentKind.optional() }),
        response: { 200: ProcurementFileResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      return files.uploadFile(ctx, req.params.id, await readUpload(req, deps.config.UPLOAD_MAX_BYTES), req.query.template ?? null);
    },
  );

  app.get(
    '/procurements/:id/files/:fileId',
    {
      schema: { tags, summary: 'Файл и его версии', params: FileParams, response: { 200: ProcurementFileResponse } },
    },
    async (req) => files.getFile(await companyCtx(deps, req), req.params.id, req.params.fileId),
  );

  app.put(
    '/procurements/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Заменить файл (новая версия)',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        params: FileParams,
        response: { 200: ProcurementFileResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await takeWorkLimit(ctx, 'upload');
      return files.replaceFile(ctx, req.params.id, req.params.fileId, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  app.get(
    '/procurements/:id/files/:fileId/download',
    {
      schema: {
        tags,
        summary: 'Скачать файл (последнюю версию или указанную)',
        params: FileParams,
        querystring: z.object({ version: Id.optional() }),
      },
    },
    async (req, reply) =>
      sendFile(reply, await files.downloadFile(await companyCtx(deps, req), req.params.id, req.params.fileId, req.query.version)),
  );

  app.delete(
    '/procurements/:id/files/:fileId',
    {
      schema: { tags, summary: 'Удалить файл', params: FileParams },
    },
    async (req, reply) => {
      await files.deleteFile(await companyCtx(deps, req), req.params.id, req.params.fileId);
      return reply.status(204).send();
    },
  );
}
