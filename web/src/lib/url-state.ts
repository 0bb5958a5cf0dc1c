import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { GetProp, TableProps } from 'antd';

/**
 * The list pages' filters, sort and page live in the URL (the spec passes route parameters to the view), so a link or
 * a reload shows the same list. `patch` sets the given keys and drops the empty ones, replacing the history entry.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const patch = (p: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(p)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const reset = () => setParams(new URLSearchParams(), { replace: true });
  return { params, patch, reset };
}

/** The URL keys held by the lists now on screen (see useUrlChoice). */
const claimedKeys = new Set<string>();

/**
 * A choice among a few (a list's status tab) kept in the URL under the list's own key, so a link, a reload or Back
 * shows the same tab; a value not among `options` (typed into the address) reads as the default, which the URL does not
 * spell out. Two lists on one page keep two keys: a second list claiming a key the first one holds is an error in
 * development, since one tab would silently switch the other.
 */
export function useUrlChoice<T extends string>(key: string, options: readonly T[], fallback: T): [T, (v: T) => void] {
  const { params, patch } = useUrlState();
  useEffect(() => {
    if (claimedKeys.has(key) && import.meta.env.DEV) throw new Error(`The URL key «${key}» is held by another list on this page`);
    claimedKeys.add(key);
    return () => void claimedKeys.delete(key);
  }, [key]);
  const asked = params.get(key);
  const value = options.find((o) => o === asked) ?? fallback;
  return [value, (v: T) => patch({ [key]: v === fallback ? undefined : v })];
}

type Dir = 'asc' | 'desc';

/** The column and direction an antd Table's onChange names; undefined when the user cleared the sort. */
/** A table's sort as antd's onChange gives it (its third argument). */
type SorterResult<T> = Parameters<GetProp<TableProps<T>, 'onChange'>>[2] extends infer S ? (S extends (infer One)[] ? One : S) : never;

export function tableSort<T>(s: SorterResult<T> | SorterResult<T>[]): { key: string; dir: Dir } | undefined {
  const sorter = Array.isArray(s) ? s[0] : s;
  return sorter?.order ? { key: String(sorter.columnKey ?? sorter.field), dir: sorter.order === 'descend' ? 'desc' : 'asc' } : undefined;
}

/** antd's sortOrder of a column, from the sort key and direction the URL holds. */
export const sortOrderOf = (sort: string | undefined, dir: string | undefined, key?: string) =>
  key && sort === key ? (dir === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
