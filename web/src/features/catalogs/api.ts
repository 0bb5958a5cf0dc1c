import type { CatalogItemResponse, CatalogOptionsPage, CatalogUsageResponse, Paged } from '@proc/contract';
import { api } from '../../lib/api';

/** A catalogue element: the fields every kind has, the kind's own read by name (see kind-fields.tsx). */
export type CatalogItem = CatalogItemResponse;
/** One page of a select list with infinite scroll (name, value, obj). */
export type OptionsPage<T = unknown> = CatalogOptionsPage<T>;

export type ListQuery = Record<string, string | number | undefined>;

/** Calls of one catalogue kind; `base` is the API path from CATALOG_API (or CATALOG_ROUTES[].api). */
export const catalogApi = {
  list: (base: string, query: ListQuery, name: string) => api.get<Paged<CatalogItem>>(base, { name, query }),
  options: <T>(base: string, query: ListQuery, name: string, signal?: AbortSignal) =>
    api.get<OptionsPage<T>>(`${base}/options`, { name, query, signal }),
  /** A page of any select list by its full path (catalogue options, /tariffs/options…); quiet for a background read. */
  optionsAt: <T>(path: string, query: ListQuery, name: string, o: { signal?: AbortSignal; quiet?: boolean } = {}) =>
    api.get<OptionsPage<T>>(path, { name, query, ...o }),
  create: (base: string, body: unknown) => api.post<CatalogItem>(base, { name: 'Создание элемента справочника', body, quiet: true }),
  update: (base: string, id: number, body: unknown) =>
    api.put<CatalogItem>(`${base}/${id}`, { name: 'Сохранение элемента справочника', body, quiet: true }),
  archive: (base: string, id: number, archived: boolean) =>
    api.post<CatalogItem>(`${base}/${id}/archive`, { name: archived ? 'Перенос в архив' : 'Возврат из архива', body: { archived } }),
  usage: (base: string, id: number) => api.get<CatalogUsageResponse>(`${base}/${id}/usage`, { name: 'Использование элемента' }),
  remove: (base: string, id: number) => api.delete<void>(`${base}/${id}`, { name: 'Удаление элемента справочника' }),
};
