import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { usePagedTable } from './paged-table';

afterEach(cleanup);

const OPTIONS = { filters: ['q', 'status'] as const, sorts: ['date', 'price'], sort: 'date', order: 'desc' as const };

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ t: usePagedTable(OPTIONS), location: useLocation() }), { wrapper });
}

describe('usePagedTable', () => {
  it('reads page, sort, order and filters from the URL into the query the list sends', () => {
    const { result } = setup('/x?page=3&sort=price&order=asc&q=бумага&other=1');
    expect(result.current.t.query).toEqual({ q: 'бумага', status: undefined, page: 3, limit: 10, sort: 'price', order: 'asc' });
    expect(result.current.t.column('price').sortOrder).toBe('ascend');
    expect(result.current.t.column('date').sortOrder).toBeNull();
  });

  it('falls back to the default sort for a column the server does not sort by, and to page 1 for a bad page', () => {
    const { result } = setup('/x?page=abc&sort=secret&order=asc');
    expect(result.current.t.query).toMatchObject({ page: 1, sort: 'date', order: 'desc' });
    expect(result.current.t.column('date').sortOrder).toBe('descend');
  });

  it('a filter goes back to the first page; the table writes page and sort as sort+order', () => {
    const { result } = setup('/x?page=4&status=paid');
    act(() => result.current.t.filter({ q: 'стол' }));
    expect(new URLSearchParams(result.current.location.search).toString()).toBe('status=paid&q=%D1%81%D1%82%D0%BE%D0%BB');
    const onChange = result.current.t.table({ isLoading: false }).onChange;
    act(() => onChange({ current: 2 }, {}, { order: 'ascend', columnKey: 'price' }, { action: 'sort', currentDataSource: [] }));
    const p = new URLSearchParams(result.current.location.search);
    expect([p.get('page'), p.get('sort'), p.get('order')]).toEqual(['2', 'price', 'asc']);
    act(() => onChange({ current: 1 }, {}, { order: 'ascend', columnKey: 'supplier' }, { action: 'sort', currentDataSource: [] }));
    const q = new URLSearchParams(result.current.location.search);
    expect([q.get('page'), q.get('sort'), q.get('order')]).toEqual([null, null, null]);
  });
});
