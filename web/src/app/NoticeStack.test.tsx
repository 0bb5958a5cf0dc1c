import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NoticeStack } from './NoticeStack';
import { loadingStore } from '../lib/notices';

afterEach(cleanup);

describe('the ЗАГРУЗКА notice', () => {
  it('closes, and comes back for the next request', () => {
    let done = () => {};
    act(() => {
      done = loadingStore.start('Реестр закупок');
    });
    render(<NoticeStack />);
    screen.getByText('Выполняется запрос: Реестр закупок');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByText('Выполняется запрос: Реестр закупок')).toBeNull();
    let next = () => {};
    act(() => {
      next = loadingStore.start('Карточка закупки');
    });
    screen.getByText('Выполняется запрос: Карточка закупки');
    act(() => {
      next();
      done();
    });
  });
});
