import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IkzCode } from './IkzCode';

afterEach(cleanup);

const IKZ = '263781500126178150100100120032620244';

describe('ИКЗ shown in parts', () => {
  it('sets the six parts apart and names each (the hover tooltip and the accessible name carry the same words)', () => {
    render(<IkzCode value={IKZ} />);
    const parts = [...screen.getByTestId('ikz').querySelectorAll('[data-part]')].map((e) => [e.getAttribute('data-part'), e.textContent]);
    expect(parts).toEqual([
      ['year', '26'],
      ['iku', '37815001261781501001'],
      ['position', '0012'],
      ['purchase', '003'],
      ['okpd2', '2620'],
      ['kvr', '244'],
    ]);
    expect(screen.getByLabelText('Идентификационный код заказчика (ИКУ): 37815001261781501001').textContent).toBe('37815001261781501001');
    expect(screen.getByLabelText('Код вида расходов (КВР): 244').tabIndex).toBe(0);
  });
  it('marks a value that is not an ИКЗ', () => {
    render(<IkzCode value="12345" />);
    expect(screen.getByTestId('ikz').getAttribute('title')).toBe('Не ИКЗ: нужно 36 цифр');
  });
});
