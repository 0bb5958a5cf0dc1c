import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@proc/contract/errors';
import { MESSAGES } from '@proc/contract/messages';
import { httpErrorHeader, noticeStore } from './notices';

afterEach(() => noticeStore.clear());

describe('the notice area', () => {
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

describe('a success answered twice', () => {
  it('is one notice', () => {
    for (let i = 0; i < 2; i++) noticeStore.show({ kind: 'success', header: 'Тарифы', message: '«Тестовый тариф» сохранён' });
    expect(noticeStore.list()).toHaveLength(1);
  });
});

describe('the header of an HTTP error names its cause', () => {
  it('every refusal the user caused has a header of its own; the server’s failures keep the spec’s', () => {
    const serverHeader = 'Произошла ошибка сервера';
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const header = httpErrorHeader(status);
      if (status >= 500 || status === 404) expect(header, code).toBe(serverHeader);
      else expect(header, code).not.toBe(serverHeader);
    }
    expect(httpErrorHeader(403)).toBe('Действие недоступно');
    expect(httpErrorHeader(0)).toBe(serverHeader);
  });
  it('a request that names its subject passes the spec’s header for it', () => {
    expect(httpErrorHeader(400, MESSAGES.updErrorHeader('upd_buyer.xml'))).toBe('Не удалось обработать УПД "upd_buyer.xml"');
  });
});
