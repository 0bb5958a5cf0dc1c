import { z } from 'zod';
import {
  Id,
  IdParams,
  NmckContractPositionsQuery,
  NmckContractPositionsResponse,
  NmckRequest,
  NmckResponse,
  NmckSourceRequest,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { sendFile } from '../../platform/document-files';
import { addSource, applyNmck, deleteSource, getNmck, listContractPositions, saveNmck, updateSource } from './nmck-calculation';
import { buildJustificationDocx, buildJustificationXlsx } from './justification';

const tags = ['nmck'];
const SourceParams = z.object({ id: Id, sourceId: Id });
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function nmckRoutes(app: App, deps: Deps): void {
  app.get(
    '/procurements/:id/nmck',
    {
      schema: {
        tags,
        summary: 'Обоснование НМЦК закупки: метод, источники цен и расчёт',
        description:
          'Средняя цена, среднее квадратичное отклонение (n − 1), коэффициент вариации с проверкой 33 % и НМЦК до копейки (ст. 22 44-ФЗ, приказ Минэкономразвития № 567). Пока обоснование не сохранено — метод сопоставимых рыночных цен без источников.',
        params: IdParams,
        response: { 200: NmckResponse },
      },
    },
    async (req) => getNmck(await companyCtx(deps, req), req.params.id),
  );

  app.put(
    '/procurements/:id/nmck',
    {
      schema: {
        tags,
        summary: 'Сохранить метод, объект, количество и (кроме рыночного метода) цену единицы',
        params: IdParams,
        body: NmckRequest,
        response: { 200: NmckResponse },
      },
    },
    async (req) => saveNmck(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.post(
    '/procurements/:id/nmck/sources',
    {
      schema: {
        tags,
        summary: 'Добавить источник цены (коммерческое предложение, контракт из реестра, иной)',
        params: IdParams,
        body: NmckSourceRequest,
        response: { 200: NmckResponse },
      },
    },
    async (req) => addSource(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.put(
    '/procurements/:id/nmck/sources/:sourceId',
    {
      schema: {
        tags,
        summary: 'Изменить источник цены, исключить его с причиной или вернуть в расчёт',
        params: SourceParams,
        body: NmckSourceRequest,
        response: { 200: NmckResponse },
      },
    },
    async (req) => updateSource(await companyCtx(deps, req), req.params.id, req.params.sourceId, req.body),
  );

  app.delete(
    '/procurements/:id/nmck/sources/:sourceId',
    {
      schema: { tags, summary: 'Удалить источник цены', params: SourceParams, response: { 200: NmckResponse } },
    },
    async (req) => deleteSource(await companyCtx(deps, req), req.params.id, req.params.sourceId),
  );

  app.post(
    '/procurements/:id/nmck/apply',
    {
      schema: {
        tags,
        summary: 'Сделать рассчитанную НМЦК ценой закупки (НМЦД карточки)',
        description: 'Отказ 409, пока цен меньше трёх или коэффициент вариации больше 33 %.',
        params: IdParams,
        response: { 200: NmckResponse },
      },
    },
    async (req) => applyNmck(await companyCtx(deps, req), req.params.id),
  );

  app.get(
    '/procurements/:id/nmck/justification.docx',
    {
      schema: { tags, summary: 'Обоснование НМЦК в Word', params: IdParams },
    },
    async (req, reply) =>
      sendFile(reply, { ...(await buildJustificationDocx(await companyCtx(deps, req), req.params.id)), contentType: DOCX }),
  );

  app.get(
    '/procurements/:id/nmck/justification.xlsx',
    {
      schema: { tags, summary: 'Обоснование НМЦК в Excel (с формулами)', params: IdParams },
    },
    async (req, reply) =>
      sendFile(reply, { ...(await buildJustificationXlsx(await companyCtx(deps, req), req.params.id)), contentType: XLSX }),
  );

  app.get(
    '/procurements/:id/nmck/contract-positions',
    {
      schema: {
        tags,
        summary: 'Позиции контрактов из реестра организации с ценой единицы — для источника цены',
        params: IdParams,
        querystring: NmckContractPositionsQuery,
        response: { 200: NmckContractPositionsResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await getNmck(ctx, req.params.id); // the procurement must be the acting company's
      return { items: await listContractPositions(ctx, req.query.q) };
    },
  );
}
