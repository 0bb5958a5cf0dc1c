import { describe, expect, it } from 'vitest';
import { canonicalValue, sameValues } from './form-baseline';

const AMOUNTS = new Set(['nmcd', 'value']);

describe('a form value as the server would keep it', () => {
  it('reads an empty text, an empty list, null and a missing value as one «nothing»', () => {
    for (const v of ['', '   ', [], null, undefined]) expect(canonicalValue(v, AMOUNTS)).toBeNull();
    expect(sameValues({ place: '' }, { place: null }, ['place'])).toBe(true);
    expect(sameValues({ ids: [] }, {}, ['ids'])).toBe(true);
  });

  it('compares texts trimmed, and a changed text as a change', () => {
    expect(sameValues({ title: 'Картриджи ' }, { title: 'Картриджи' }, ['title'])).toBe(true);
    expect(sameValues({ title: 'Картриджи для МФУ' }, { title: 'Картриджи' }, ['title'])).toBe(false);
  });

  it('compares an amount by its number, as the money input keeps it', () => {
    expect(sameValues({ nmcd: '1708.3' }, { nmcd: '1708.30' }, ['nmcd'], AMOUNTS)).toBe(true);
    expect(sameValues({ nmcd: '1 708,33' }, { nmcd: '1708.33' }, ['nmcd'], AMOUNTS)).toBe(true);
    expect(sameValues({ nmcd: '01708.330' }, { nmcd: '1708.33' }, ['nmcd'], AMOUNTS)).toBe(true);
    expect(sameValues({ nmcd: '1708.34' }, { nmcd: '1708.33' }, ['nmcd'], AMOUNTS)).toBe(false);
    // letters typed into a sum are no stored sum
    expect(sameValues({ nmcd: 'сто' }, { nmcd: '100.00' }, ['nmcd'], AMOUNTS)).toBe(false);
    // the same digits in a text field stay a text: «001» is not «1»
    expect(sameValues({ plan: '001' }, { plan: '1' }, ['plan'], AMOUNTS)).toBe(false);
  });

  it('compares nested values key by key and lists in their order', () => {
    expect(sameValues({ e: { kind: 'percent', value: '5' } }, { e: { value: '5.00', kind: 'percent' } }, ['e'], AMOUNTS)).toBe(true);
    expect(sameValues({ e: { kind: 'amount', value: '5' } }, { e: { kind: 'percent', value: '5' } }, ['e'], AMOUNTS)).toBe(false);
    expect(sameValues({ ids: [1, 2] }, { ids: [1, 2] }, ['ids'])).toBe(true);
    expect(sameValues({ ids: [1, 2] }, { ids: [1] }, ['ids'])).toBe(false);
  });

  it('looks only at the keys it is given', () => {
    expect(sameValues({ title: 'А', updated_at: '1' }, { title: 'А', updated_at: '2' }, ['title'])).toBe(true);
  });
});
