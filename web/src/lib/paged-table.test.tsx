import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
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

/**
 * A failed list said «Закупок пока нет». Every list table of every screen takes its empty text through
 * usePagedTable's table() or listLocale(), which show «Не удалось загрузить» with «Повторить» on a failed request; a
 * table of a query's data with a `locale` of its own is the bug coming back, and named here.
 */
describe('every list table shows a failed request as one', () => {
  it('no table of a query sets its empty text past table() / listLocale()', () => {
    const root = path.resolve(__dirname, '../features');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    const offenders: string[] = [];
    let tables = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      for (const part of text.split(/<Table\b/).slice(1)) {
        // the opening tag's props up to its columns (every table of the app names them after its data props)
        const props = part.split(/\bcolumns=|\/>/)[0];
        const ofQuery = /\{\.\.\.\w+\.table\(|\{\.\.\.table\}|dataSource=\{\w+\.data\b/.test(props);
        if (!ofQuery) continue;
        tables++;
        const own = /locale=\{\{/.test(props);
        const through = /\.table\(|\{\.\.\.table\}|listLocale\(/.test(props);
        if (own || !through) offenders.push(`${f}: ${props.slice(0, 80).replace(/\s+/g, ' ')}`);
      }
    }
    expect(tables).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it('a failed request shows «Не удалось загрузить» and «Повторить» asks again', () => {
    let asked = 0;
    const { result } = setup('/x');
    const failed = result.current.t.table({ isLoading: false, isError: true, refetch: () => asked++ }, 'Закупок пока нет');
    render(<>{failed.locale.emptyText}</>);
    expect(screen.queryByText('Закупок пока нет')).toBeNull();
    screen.getByText('Не удалось загрузить');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(asked).toBe(1);
    cleanup();
    render(<>{result.current.t.table({ isLoading: false, isError: false }, 'Закупок пока нет').locale.emptyText}</>);
    screen.getByText('Закупок пока нет');
  });
});
