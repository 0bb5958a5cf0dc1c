import { afterEach, describe, expect, it } from 'vitest';
import { noticeStore } from './notices';

afterEach(() => noticeStore.clear());

describe('the notice area (issue 34, L: 2–3 identical «не найден» notices)', () => {
  it('shows one notice for the same error from several requests, and each different error', () => {
    for (let i = 0; i < 3; i++) noticeStore.show({ kind: 'error', header: 'Ошибка', message: 'Закупка не найдена' });
    noticeStore.show({ kind: 'error', header: 'Ошибка', message: 'Договор не найден' });
    expect(noticeStore.list().map((n) => n.message)).toEqual(['Закупка не найдена', 'Договор не найден']);
  });
  it('keeps keyed notices apart: the own notice of a job is never merged with another', () => {
    noticeStore.show({ key: 'a', kind: 'error', header: 'Ошибка', message: 'x' });
    noticeStore.show({ key: 'b', kind: 'error', header: 'Ошибка', message: 'x' });
    expect(noticeStore.list().map((n) => n.key)).toEqual(['a', 'b']);
  });
});

describe('a success answered twice (issue 45, D1: a double click gets the one record back twice)', () => {
  it('is one notice', () => {
    for (let i = 0; i < 2; i++) noticeStore.show({ kind: 'success', header: 'Тарифы', message: '«Тестовый тариф» сохранён' });
    expect(noticeStore.list()).toHaveLength(1);
  });
});
