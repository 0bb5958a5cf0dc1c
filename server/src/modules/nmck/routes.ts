import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { sendFile } from '../../platform/document-files';
import { addSource, applyNmck, deleteSource, getNmck, listContractPositions, saveNmck, updateSource } from './nmck-calculation';
import { buildJustificationDocx, buildJustificationXlsx } from './justification';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['nmck'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function nmckRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.nmck.getProcurementsNmck,
    {
      schema: {
        tags,
        summary: 'Обоснование НМЦК закупки: метод, источники цен и расчёт',
        description:
          'Средняя цена, среднее квадратичное отклонение (n − 1), коэффициент вариации с проверкой 33 % и НМЦК до копейки (ст. 22 44-ФЗ, приказ Минэкономразвития № 567). Пока обоснование не сохранено — метод сопоставимых рыночных цен без источников.',
      },
    },
    async (req) => getNmck(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.nmck.putProcurementsNmck,
    {
      schema: {
        tags,
        summary: 'Сохранить метод, объект, количество и (кроме рыночного метода) цену единицы',
      },
    },
    async (req) => saveNmck(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.nmck.postProcurementsNmckSources,
    {
      schema: {
        tags,
        summary: 'Добавить источник цены (коммерческое предложение, контракт из реестра, иной)',
      },
    },
    async (req) => addSource(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.nmck.putProcurementsNmckSourcesBySourceId,
    {
      schema: {
        tags,
        summary: 'Изменить источник цены, исключить его с причиной или вернуть в расчёт',
      },
    },
    async (req) => updateSource(await companyCtx(deps, req), req.params.id, req.params.sourceId, req.body),
  );

  route(
    app,
    routes.nmck.deleteProcurementsNmckSourcesBySourceId,
    {
      schema: { tags, summary: 'Удалить источник цены' },
    },
    async (req) => deleteSource(await companyCtx(deps, req), req.params.id, req.params.sourceId),
  );

  route(
    app,
    routes.nmck.postProcurementsNmckApply,
    {
      schema: {
        tags,
        summary: 'Сделать рассчитанную НМЦК ценой закупки (НМЦД карточки)',
        description: 'Отказ 409, пока цен меньше трёх или коэффициент вариации больше 33 %.',
      },
    },
    async (req) => applyNmck(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.nmck.getProcurementsNmckJustificationDocx,
    {
      schema: { tags, summary: 'Обоснование НМЦК в Word' },
    },
    async (req, reply) =>
      sendFile(reply, { ...(await buildJustificationDocx(await companyCtx(deps, req), req.params.id)), contentType: DOCX }),
  );

  route(
    app,
    routes.nmck.getProcurementsNmckJustificationXlsx,
    {
      schema: { tags, summary: 'Обоснование НМЦК в Excel (с формулами)' },
    },
    async (req, reply) =>
      sendFile(reply, { ...(await buildJustificationXlsx(await companyCtx(deps, req), req.params.id)), contentType: XLSX }),
  );

  route(
    app,
    routes.nmck.getProcurementsNmckContractPositions,
    {
      schema: {
        tags,
        summary: 'Позиции контрактов из реестра организации с ценой единицы — для источника цены',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      await getNmck(ctx, req.params.id); // the procurement must be the acting company's
      return { items: await listContractPositions(ctx, req.query.q) };
    },
  );
}
