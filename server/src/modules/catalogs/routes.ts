import { CATALOG_MESSAGES, CATALOG_KINDS, CATALOG_KIND_TITLES, type CatalogKind } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireUser } from '../../platform/auth';
import { companyCtx } from '../../platform/tenancy';
import * as svc from './catalog-service';
import { getOkpd2, listOkei, okeiOptions, okpd2Options, searchOkpd2 } from './classifiers';
import { getKtru, searchKtru } from './ktru';
import { route } from '../../platform/route';
import { anyCatalogKindRoutes, routes } from '@proc/contract/routes';

const ACCESS_NOTE: Partial<Record<CatalogKind, string>> = {
  elements: 'Типы 8 и 9 читают все пользователи, остальные — только сотрудники.',
  execTerms: 'Место поставки (type = 2) читают все пользователи, условия (type = 1) — только сотрудники.',
};
const RULES =
  'Компания — из заголовка X-Company-Id (иначе своя). Видны общие элементы (company_id = null) и элементы выбранной организации. ' +
  'Изменяют справочники admin, administrator и specialist; клиент и оператор получают 403.';

function kindRoutes(app: App, deps: Deps, kind: CatalogKind): void {
  const r = anyCatalogKindRoutes(kind);
  const title = CATALOG_KIND_TITLES[kind];
  const tags = ['catalogs'];
  const description = `${ACCESS_NOTE[kind] ?? 'Только сотрудники.'} ${RULES}`;

  route(app, r.list, { schema: { tags, summary: `${title}: список`, description } }, async (req) =>
    svc.listCatalog(await companyCtx(deps, req), kind, req.query),
  );
  route(
    app,
    r.options,
    {
      schema: {
        tags,
        summary: `${title}: пункты списка выбора`,
        description: `Для выпадающих списков с бесконечной прокруткой (шаг 10). Без архивных. ${kind === 'methods' || kind === 'subjects' ? 'value — код элемента.' : 'value — id элемента.'} ${description}`,
      },
    },
    async (req) => svc.catalogOptions(await companyCtx(deps, req), kind, req.query),
  );
  route(app, r.get, { schema: { tags, summary: `${title}: элемент`, description } }, async (req) =>
    svc.getCatalogElement(await companyCtx(deps, req), kind, req.params.id),
  );
  route(app, r.post, { config: refusal, schema: { tags, summary: `${title}: создать`, description } }, async (req) =>
    svc.createCatalogElement(await companyCtx(deps, req), kind, req.body as never),
  );
  route(app, r.put, { config: refusal, schema: { tags, summary: `${title}: изменить`, description } }, async (req) =>
    svc.updateCatalogElement(await companyCtx(deps, req), kind, req.params.id, req.body as never),
  );
  route(app, r.postArchive, { config: refusal, schema: { tags, summary: `${title}: в архив / из архива`, description } }, async (req) =>
    svc.archiveCatalogElement(await companyCtx(deps, req), kind, req.params.id, req.body.archived),
  );
  route(
    app,
    r.getUsage,
    {
      schema: {
        tags,
        summary: `${title}: где используется`,
        description: 'Используемый элемент нельзя удалить, только перенести в архив.',
      },
    },
    async (req) => {
      const usage = await svc.catalogElementUsage(await companyCtx(deps, req), kind, req.params.id);
      return { in_use: usage.count > 0, count: usage.count, usages: usage.usages };
    },
  );
  route(
    app,
    r.delete,
    {
      config: refusal,
      schema: {
        tags,
        summary: `${title}: удалить`,
        description: `Используемый элемент не удаляется: 409 IN_USE с перечнем мест, где он используется (перенесите его в архив). ${RULES}`,
      },
    },
    async (req, reply) => {
      await svc.deleteCatalogElement(await companyCtx(deps, req), kind, req.params.id);
      return reply.status(204).send();
    },
  );
}

/** The operator reads catalogues and is told so when it tries to change one. */
const refusal = { readOnlyRefusal: CATALOG_MESSAGES.operatorCannotEdit };

export function catalogRoutes(app: App, deps: Deps): void {
  for (const kind of CATALOG_KINDS) kindRoutes(app, deps, kind);

  const tags = ['classifiers'];
  route(
    app,
    routes.catalogs.getClassifiersOkpd2,
    {
      schema: {
        tags,
        summary: 'ОКПД2: поиск и дерево',
        description: 'С q — поиск по началу кода или по словам; без q — вложенные позиции parent (без parent — разделы).',
      },
    },
    async (req) => {
      requireUser(req);
      return searchOkpd2(deps.db, req.query);
    },
  );
  route(
    app,
    routes.catalogs.getClassifiersOkpd2Options,
    {
      schema: { tags, summary: 'ОКПД2: пункты списка выбора' },
    },
    async (req) => {
      requireUser(req);
      return okpd2Options(deps.db, req.query);
    },
  );
  route(
    app,
    routes.catalogs.getClassifiersOkpd2ByCode,
    {
      schema: {
        tags,
        summary: 'ОКПД2: позиция с цепочкой родителей',
      },
    },
    async (req) => {
      requireUser(req);
      return getOkpd2(deps.db, req.params.code);
    },
  );
  route(
    app,
    routes.catalogs.getClassifiersKtru,
    {
      schema: {
        tags,
        summary: 'КТРУ: поиск позиций каталога по коду (КТРУ или ОКПД2) или наименованию, с характеристиками',
      },
    },
    async (req) => {
      requireUser(req);
      return searchKtru(deps.db, req.query);
    },
  );
  route(
    app,
    routes.catalogs.getClassifiersKtruByCode,
    { schema: { tags, summary: 'КТРУ: позиция каталога с характеристиками' } },
    async (req) => {
      requireUser(req);
      return getKtru(deps.db, req.params.code);
    },
  );
  route(app, routes.catalogs.getClassifiersOkei, { schema: { tags, summary: 'ОКЕИ: единицы измерения' } }, async (req) => {
    requireUser(req);
    return listOkei(deps.db, req.query);
  });
  route(
    app,
    routes.catalogs.getClassifiersOkeiOptions,
    {
      schema: {
        tags,
        summary: 'ОКЕИ: пункты списка выбора (value — код)',
      },
    },
    async (req) => {
      requireUser(req);
      return okeiOptions(deps.db, req.query);
    },
  );
}
