import { useEffect, useMemo, useState } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { labelWithoutIds } from '../../lib/select-labels';
import { useSelectedCompany } from '../../lib/session';
import { catalogApi, type OptionsQuery, type OptionsRoute } from './api';

/** The spec's select step: 10 options per page. */
export const OPTIONS_STEP = 10;
export type OptionValue = string | number;

export interface OptionsSelectProps<T> extends Omit<
  SelectProps<OptionValue | OptionValue[]>,
  'options' | 'showSearch' | 'onSearch' | 'filterOption' | 'loading' | 'onChange'
> {
  /** The `/options` route of the contract (a catalogue kind's, a classifier's, the tariffs'). */
  route: OptionsRoute;
  /** Request name for the loading notice. */
  requestName: string;
  /** Fixed filters (type, subject_type, …). */
  query?: OptionsQuery;
  /** Text of the current value when it is not among the loaded options (an edited element). */
  selectedLabel?: string | null;
  /** Texts of current values (mode="multiple") that may be missing from the loaded options. */
  knownOptions?: { value: OptionValue; label: string }[];
  /** Which field of an option is the value (default: its `value`), e.g. the id where the API gives a code. */
  optionValue?: (item: { value: OptionValue; obj: T }) => OptionValue;
  /** The value (an array with mode="multiple") and the picked element(s). */
  onChange?: (value: OptionValue | OptionValue[] | undefined, obj: T | T[] | undefined) => void;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** A select fed by an `/options` endpoint: server search, infinite scroll in steps of 10; empty → 'нет значения' (ConfigProvider). */
export function OptionsSelect<T = unknown>({
  route,
  requestName,
  query,
  selectedLabel,
  knownOptions,
  optionValue = (i) => i.value,
  onChange,
  value,
  ...rest
}: OptionsSelectProps<T>) {
  const company = useSelectedCompany();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(search.trim(), 300);
  const list = useInfiniteQuery({
    queryKey: ['options', route.path, query ?? {}, q, company],
    queryFn: ({ pageParam, signal }) =>
      catalogApi.options<T>(route, { ...query, q: q || undefined, page: pageParam, limit: OPTIONS_STEP }, requestName, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: open,
  });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const values = useMemo(() => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]), [value]);
  const known = useMemo(
    () => [
      ...(knownOptions ?? []),
      ...(selectedLabel && (typeof value === 'string' || typeof value === 'number') ? [{ value, label: selectedLabel }] : []),
    ],
    [knownOptions, selectedLabel, value],
  );
  // Stored values the record did not name (a value set by code, a form restored from elsewhere): their names are asked
  // for by id, archived elements included, so that the select never shows a bare id.
  const unnamed = useMemo(
    () =>
      values.filter(
        (v): v is number => typeof v === 'number' && !known.some((k) => k.value === v) && !items.some((i) => optionValue(i) === v),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionValue is a pure accessor
    [values, known, items],
  );
  const named = useQuery({
    queryKey: ['options-names', route.path, company, unnamed],
    queryFn: ({ signal }) =>
      catalogApi.options<T>(route, { ...query, ids: unnamed.join(','), page: 1, limit: 100 }, requestName, { signal, quiet: true }),
    enabled: unnamed.length > 0,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const opts = items.map((i) => ({ value: optionValue(i), label: i.name }));
    const byId = (named.data?.items ?? []).map((i) => ({ value: optionValue(i), label: i.name }));
    for (const k of [...known, ...byId]) if (!opts.some((o) => o.value === k.value)) opts.unshift(k);
    return opts;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionValue is a pure accessor
  }, [items, known, named.data]);

  return (
    <Select<OptionValue | OptionValue[]>
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      options={options}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setSearch('');
      }}
      loading={list.isFetching}
      // a value whose name has not come yet reads «…», never its id
      labelRender={labelWithoutIds(named.isFetching)}
      notFoundContent={list.isFetching ? <Spin size="small" /> : undefined}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24 && list.hasNextPage && !list.isFetchingNextPage)
          void list.fetchNextPage();
      }}
      onChange={(v) => {
        const objOf = (x: OptionValue) => items.find((i) => optionValue(i) === x)?.obj;
        onChange?.(v, Array.isArray(v) ? (v.map(objOf).filter(Boolean) as T[]) : v === undefined ? undefined : objOf(v));
      }}
    />
  );
}
