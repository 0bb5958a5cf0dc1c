import { createElement, type ReactNode } from 'react';
import type { TableProps } from 'antd';
import type { Paged, SortOrder } from '@proc/contract';
import { sortOrderOf, tableSort, useUrlState } from './url-state';
import { LoadFailed } from './LoadFailed';

export interface PagedTableOptions<F extends string> {
  /** The filters the URL carries, sent to the server as the URL holds them. */
  filters?: readonly F[];
  /** The columns the server sorts by; a sort on another column (or typed into the address) falls back to the default. */
  sorts?: readonly string[];
  /** The server's default sort and order, shown on their column while the URL names none. */
  sort?: string;
  order?: SortOrder;
  pageSize?: number;
  /** The user may change the page size (kept in the URL as `limit`). */
  sizeChanger?: boolean;
}

const positive = (v: string | null) => (v && /^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/**
 * Every list screen's page, sort and filters in the URL, one convention for all: `page`, `limit`, `sort` (a column)
 * and `order` (asc/desc) — the parameters every list route of the server takes. `query` is what the list's api call
 * sends (and its query key), `table(list)` the antd Table's data, pager and sort wiring, `column(key)` a sortable
 * column's props, `filter` sets filters and goes back to the first page.
 */
export function usePagedTable<F extends string = never>(o: PagedTableOptions<F> = {}) {
  const { params, patch, reset } = useUrlState();
  const pageSize = o.pageSize ?? 10;
  const page = positive(params.get('page')) ?? 1;
  const limit = (o.sizeChanger && positive(params.get('limit'))) || pageSize;
  const asked = params.get('sort');
  const sorted = !!asked && !!o.sorts?.includes(asked);
  const sort = sorted ? asked : o.sort;
  const askedOrder = params.get('order');
  const order: SortOrder | undefined = sorted && (askedOrder === 'asc' || askedOrder === 'desc') ? askedOrder : o.order;
  const filters = Object.fromEntries((o.filters ?? []).map((k) => [k, params.get(k) || undefined])) as Record<F, string | undefined>;
  const query = { ...filters, page, limit, ...(sort ? { sort, order } : {}) };
  const filter = (p: Partial<Record<F, string | undefined>>) => patch({ ...(p as Record<string, string | undefined>), page: undefined });

  /**
   * The antd Table's props for a list query. `empty` is what an empty answer shows; a failed request shows
   * «Не удалось загрузить» with «Повторить» instead — so a screen passes its empty text here, never as
   * its own `locale`.
   */
  const table = <T>(
    list: { data?: Paged<T>; isLoading: boolean; isError?: boolean; refetch?: () => unknown },
    empty?: ReactNode,
  ): Required<Pick<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale'>> => ({
    dataSource: list.data?.items ?? [],
    loading: list.isLoading,
    locale: listLocale(list, empty),
    pagination: { current: page, pageSize: limit, total: list.data?.total ?? 0, showSizeChanger: !!o.sizeChanger },
    onChange: (p, _f, s) => {
      const next = tableSort(s);
      const known = next && o.sorts?.includes(next.key) ? next : undefined;
      patch({
        page: p.current && p.current > 1 ? String(p.current) : undefined,
        limit: o.sizeChanger && p.pageSize && p.pageSize !== pageSize ? String(p.pageSize) : undefined,
        sort: known?.key,
        order: known?.dir,
      });
    },
  });
  /** A sortable column's key, sorter and the order the URL shows on it. */
  const column = (key: string) => ({ key, dataIndex: key, sorter: true, sortOrder: sortOrderOf(sort, order, key) });

  return { params, patch, reset, page, limit, sort, order, filters, query, filter, table, column };
}

/**
 * A list table's `locale`: its empty text, or «Не удалось загрузить» with «Повторить» when the request failed (an
 * empty list would read as «there are none»). usePagedTable's `table()` includes it; a list without paging (a plan's positions) passes it as its `locale`.
 */
export function listLocale(list: { isError?: boolean; refetch?: () => unknown }, empty?: ReactNode): { emptyText?: ReactNode } {
  return { emptyText: list.isError && list.refetch ? createElement(LoadFailed, { retry: list.refetch }) : empty };
}

/** The part of usePagedTable a table component needs when a screen hands it its URL state. */
export type PagedTable = Pick<ReturnType<typeof usePagedTable<string>>, 'table' | 'column'> & {
  query: Record<string, unknown>;
  filters: Partial<Record<string, string>>;
};
