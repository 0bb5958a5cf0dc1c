import type { CatalogItemResponse, CatalogKind, CatalogOptionsPage } from '@proc/contract';
import type { QueryIn, RouteDef } from '@proc/contract/http';
import { anyCatalogKindRoutes, type AnyCatalogKindRoutes } from '@proc/contract/routes';
import { call, type CallOptions } from '../../lib/api';

/** A catalogue element: the fields every kind has, the kind's own read by name (see kind-fields.tsx). */
export type CatalogItem = CatalogItemResponse;
/** One page of a select list with infinite scroll (name, value, obj). */
export type OptionsPage<T = unknown> = CatalogOptionsPage<T>;

/** A kind's list query: the common filters, the screen's fixed ones (type, subject_type) by name. */
export type ListQuery = QueryIn<AnyCatalogKindRoutes['list']>;
/** The fixed filters of a select list (type, subject_type, leaf_only…) beside its page and search. */
export type OptionsQuery = QueryIn<AnyCatalogKindRoutes['options']>;

/**
 * A select list's route of the contract: GET, no path params, a page of options as the answer (a catalogue kind's
 * `options`, the classifiers', the tariffs').
 */
export type OptionsRoute = RouteDef & { method: 'GET'; params?: undefined };

/** Calls of one catalogue kind through its routes of the contract (routes.catalogKinds). */
export const catalogApi = {
  list: (kind: CatalogKind, query: ListQuery, name: string) => call(anyCatalogKindRoutes(kind).list, { name, query }),
  /** A page of any select list; quiet for a background read. */
  options: <T>(route: OptionsRoute, query: OptionsQuery, name: string, o: Omit<CallOptions, 'name'> = {}) =>
    call(route as unknown as AnyCatalogKindRoutes['options'], { name, query, ...o }) as Promise<OptionsPage<T>>,
  create: (kind: CatalogKind, body: Record<string, unknown>) =>
    call(anyCatalogKindRoutes(kind).post, { name: 'Создание элемента справочника', body, quiet: true }),
  update: (kind: CatalogKind, id: number, body: Record<string, unknown>) =>
    call(anyCatalogKindRoutes(kind).put, { params: { id }, name: 'Сохранение элемента справочника', body, quiet: true }),
  archive: (kind: CatalogKind, id: number, archived: boolean) =>
    call(anyCatalogKindRoutes(kind).postArchive, {
      params: { id },
      name: archived ? 'Перенос в архив' : 'Возврат из архива',
      body: { archived },
    }),
  usage: (kind: CatalogKind, id: number) => call(anyCatalogKindRoutes(kind).getUsage, { params: { id }, name: 'Использование элемента' }),
  remove: (kind: CatalogKind, id: number) =>
    call(anyCatalogKindRoutes(kind).delete, { params: { id }, name: 'Удаление элемента справочника' }),
};
