import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AuditItem } from '@proc/contract';
import { AuditChanges, changeRows } from './AuditChanges';
import { formatValue } from './labels';

const item = (over: Partial<AuditItem>): AuditItem => ({
  id: 1,
  created_at: '2026-03-01T10:00:00Z',
  company_id: 1,
  company_title: 'АО «Демо»',
  user_id: 2,
  user_title: 'Иванов',
  entity: 'procurement',
  entity_id: '5',
  action: 'update',
  before: null,
  after: null,
  ...over,
});

afterEach(cleanup);

describe('before → after of a trail entry', () => {
  it('puts the fields kept for context first and the changed ones after', () => {
    expect(changeRows({ file_id: 7, name: 'a.pdf' }, { file_id: 7, name: 'b.pdf', size: 10 })).toEqual([
      { key: 'file_id', kind: 'same', before: 7, after: 7 },
      { key: 'name', kind: 'changed', before: 'a.pdf', after: 'b.pdf' },
      { key: 'size', kind: 'changed', before: undefined, after: 10 },
    ]);
    expect(changeRows(null, { title: 'x' })).toEqual([{ key: 'title', kind: 'added', after: 'x' }]);
    expect(changeRows({ title: 'x' }, null)).toEqual([{ key: 'title', kind: 'removed', before: 'x' }]);
  });

  it('shows Russian field names and values, «Прочее поле» when there is none (never an English key)', () => {
    render(
      <AuditChanges
        item={item({
          action: 'status',
          before: { status: 'draft' },
          after: { status: 'cancelled', custom_flag: true, published_on: '2026-12-01' },
        })}
      />,
    );
    const text = screen.getByTestId('audit-changes').textContent ?? '';
    expect(text).toContain('Статус: Черновик → Отменена');
    expect(text).toContain('Прочее поле: — → да');
    expect(text).not.toContain('custom_flag');
    expect(text).toContain('Дата размещения: — → 01.12.2026');
  });

  it('opens a long list of fields on request', async () => {
    const after = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i]));
    render(<AuditChanges item={item({ action: 'create', after })} max={8} />);
    const list = screen.getByTestId('audit-changes');
    expect(list.querySelectorAll('li')).toHaveLength(9);
    screen.getByText('ещё 4').click();
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(12));
    expect(list.textContent).toContain('Прочее поле: 11');
  });

  it('formats lists and empty values', () => {
    expect(formatValue('procurement', 'okpd2', ['17.12', '17.13'])).toBe('17.12, 17.13');
    expect(formatValue('procurement', 'okpd2', [])).toBe('—');
    expect(formatValue('user', 'role', 'client')).not.toBe('client');
    expect(
      formatValue('procurement', 'files', [
        { id: 1, name: 'Извещение.docx' },
        { id: 2, name: 'Проект.docx' },
      ]),
    ).toBe('«Извещение.docx», «Проект.docx»');
  });

  it('names referenced objects, periods, sums and sizes instead of ids and codes', () => {
    const refs = { 'company:3': 'ООО «Альфа»', 'tariff:4': 'Стандарт' };
    expect(formatValue('user', 'company_id', 3, refs)).toBe('ООО «Альфа»');
    expect(formatValue('company_tariff', 'tariff_id', 4, refs)).toBe('Стандарт');
    expect(formatValue('user', 'company_ids', [3, 9], refs)).toBe('ООО «Альфа», № 9');
    expect(formatValue('tariff', 'period', 'month')).toBe('месяц');
    expect(formatValue('tariff', 'price', '15000.00').replace(/\s/g, ' ')).toBe('15 000,00 ₽');
    expect(formatValue('procurement', 'size', 7373)).toMatch(/^7,2\sКБ$/);
  });
});
