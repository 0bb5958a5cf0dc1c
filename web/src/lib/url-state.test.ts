import { describe, expect, it } from 'vitest';
import { sortOrderOf, tableSort } from './url-state';

describe('table sort ↔ URL', () => {
  it('reads the column and direction of an antd sorter, by key or else by field', () => {
    expect(tableSort({ order: 'descend', columnKey: 'nmcd', field: 'nmcd' })).toEqual({ key: 'nmcd', dir: 'desc' });
    expect(tableSort([{ order: 'ascend', field: 'login' }])).toEqual({ key: 'login', dir: 'asc' });
    expect(tableSort({ order: undefined, columnKey: 'nmcd' })).toBeUndefined();
  });

  it('gives antd the column order the URL holds', () => {
    expect(sortOrderOf('title', 'desc', 'title')).toBe('descend');
    expect(sortOrderOf('title', undefined, 'title')).toBe('ascend');
    expect(sortOrderOf('title', 'desc', 'login')).toBeNull();
    expect(sortOrderOf('title', 'asc', undefined)).toBeNull();
  });
});
