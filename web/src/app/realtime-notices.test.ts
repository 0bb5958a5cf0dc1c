import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS } from '@proc/contract';
import { realtimeNotice, realtimeText } from './realtime-notices';
import type { OutcomeEvent, OutcomePayload } from '../lib/realtime';
import { composeFeatures } from './features';
import { backgroundStore, noticeStore } from '../lib/notices';
import { rules } from '../lib/forms';

// the shell registers every feature's answers at start-up (Shell.tsx)
composeFeatures();
describe('real-time notices carry the spec texts', () => {
  const t = (event: string, p: Record<string, unknown>) => {
    const text = realtimeText(event as OutcomeEvent, p as OutcomePayload);
    if (!text) throw new Error(`no feature registered ${event}`);
    return text;
  };
  it('УПД', () => {
    expect(t(EVENTS.notificationMapInvoiceItemsResponse, { result: 'success', upload_file_name: 'upd.xml' })).toEqual({
      header: 'УПД обработано',
      message: 'УПД "upd.xml" успешно обработано',
    });
    expect(
      t(EVENTS.notificationMapInvoiceItemsResponse, { result: 'error', upload_file_name: 'upd.xml', error: 'Файл не является УПД' }),
    ).toEqual({ header: 'Не удалось обработать УПД "upd.xml"', message: 'Файл не является УПД' });
  });
  it('contracts by period and a single contract', () => {
    expect(t(EVENTS.notificationEisContractsResponse, { result: 'success', date_from: '01.01.2026', date_to: '31.01.2026' })).toEqual({
      header: 'Договоры успешно обработаны',
      message: 'Договоры за период 01.01.2026-31.01.2026 успешно обработаны и добавлены',
    });
    expect(
      t(EVENTS.notificationEisContractsResponse, {
        result: 'error',
        date_from: '01.01.2026',
        date_to: '31.01.2026',
        error: 'ЕИС недоступна',
      }),
    ).toEqual({ header: 'Ошибка обработки договоров', message: 'ЕИС недоступна' });
    expect(t(EVENTS.notificationEisContractsResponse, { result: 'success', eais_registry_number: '50105018196190002040000' })).toEqual({
      header: 'Договор успешно обработан',
      message: 'Номер загруженного договора: 50105018196190002040000',
    });
    expect(
      t(EVENTS.notificationEisContractsResponse, {
        result: 'error',
        eais_registry_number: '5',
        error: 'Договор не соответствует положению',
        violations: ['a', 'b'],
      }),
    ).toEqual({ header: 'Договор не соответствует положению', message: 'a\nb' });
  });
  it('contracts by period: dd.mm.yyyy dates, the counts, and «nothing found» said as such', () => {
    expect(
      t(EVENTS.notificationEisContractsResponse, {
        result: 'success',
        date_from: '2026-01-01',
        date_to: '2026-11-24',
        created: 2,
        updated: 1,
        unchanged: 0,
      }),
    ).toEqual({
      header: 'Договоры успешно обработаны',
      message: 'Договоры за период 01.01.2026-24.11.2026 успешно обработаны и добавлены\nдобавлено: 2, обновлено: 1, отклонено: 0',
    });
    expect(
      t(EVENTS.notificationEisContractsResponse, {
        result: 'success',
        date_from: '2026-01-01',
        date_to: '2026-11-24',
        created: 0,
        updated: 0,
        unchanged: 0,
      }),
    ).toEqual({
      header: 'Новых договоров нет',
      message: 'В ЕИС нет договоров организации за период 01.01.2026-24.11.2026',
    });
  });
  it('a payments upload says what was added and what was there already; a monthly summary names its period', () => {
    expect(
      t(EVENTS.notificationImportPaymentsResponse, {
        result: 'success',
        upload_file_name: 'kl_to_1c.txt',
        created: 0,
        duplicates: 13,
        matched: 0,
      }),
    ).toEqual({
      header: 'Платежное поручение обработано',
      message:
        'Платежное поручение "kl_to_1c.txt" успешно обработано\nдобавлено: 0, уже были загружены: 13, привязано к договорам: 0, отклонено: 0',
    });
    const monthly = t(EVENTS.reportCreateResponse, { result: 'success', period_from: '2026-10-01', period_to: '2026-10-31' });
    expect(monthly).toEqual({
      header: 'Сводка о договорах сформирована',
      message: 'Ежемесячная сводка о договорах за период 01.10.2026-31.10.2026 сформирована',
    });
    expect(monthly.message).not.toContain('""');
  });
  it('plans from ЕИС', () => {
    expect(t(EVENTS.eisPlanResponse, { result: 'success', plans: ['2010512345'] })).toEqual({
      header: 'Планы закупки загружены',
      message: 'Планы закупки: 2010512345',
    });
    expect(t(EVENTS.eisPlanResponse, { result: 'error', error: 'ЕИС недоступна' })).toEqual({
      header: 'Ошибка загрузки планов закупки',
      message: 'ЕИС недоступна',
    });
  });
  it('payment order, execution and report', () => {
    expect(t(EVENTS.notificationImportPaymentsResponse, { result: 'success', upload_file_name: 'kl_to_1c.txt' })).toEqual({
      header: 'Платежное поручение обработано',
      message: 'Платежное поручение "kl_to_1c.txt" успешно обработано',
    });
    expect(t(EVENTS.notificationImportPaymentsResponse, { result: 'error', upload_file_name: 'x.txt', error: 'e' }).header).toBe(
      'Не удалось обработать платежное поручение "x.txt"',
    );
    expect(t(EVENTS.notificationPerfomanceContractResponse, { result: 'success', registration_number: '123' })).toEqual({
      header: 'Исполнение обработано',
      message: 'Исполнение для договора "123" успешно обработано',
    });
    // the contract's number, not the execution record's ЕИС number
    expect(
      t(EVENTS.notificationPerfomanceContractResponse, {
        result: 'success',
        registration_number: '99999',
        contract_regnumber: '32612345678',
      }).message,
    ).toBe('Исполнение для договора "32612345678" успешно обработано');
    expect(t(EVENTS.notificationPerfomanceContractResponse, { result: 'error', registration_number: '123', error: 'e' })).toEqual({
      header: 'Не удалось обработать исполнение для договора "123"',
      message: 'e',
    });
    expect(t(EVENTS.reportCreateResponse, { result: 'success', contract_regnumber: '77' })).toEqual({
      header: 'Отчёт успешно сформирован',
      message: 'Отчёт для договора с регистрационным номером "77" успешно сформирован',
    });
    expect(t(EVENTS.reportCreateResponse, { result: 'error', contract_regnumber: '77' }).header).toBe(
      'Не удалось создать отчёт для договора "77"',
    );
  });
});

describe('notice lifetime', () => {
  it('a pending notice registered after its job already answered does not replace the answer', () => {
    vi.useFakeTimers();
    noticeStore.show({
      key: 'job-1',
      kind: 'success',
      header: 'Платежное поручение обработано',
      message: 'добавлено: 0, уже были загружены: 13',
    });
    noticeStore.show({ key: 'job-1', kind: 'pending', header: 'Платежное поручение', message: 'Файл «kl_to_1c.txt» обрабатывается' });
    expect(noticeStore.list().map((x) => [x.key, x.kind])).toEqual([['job-1', 'success']]);
    vi.advanceTimersByTime(10_001);
    expect(noticeStore.list()).toEqual([]);
  });

  afterEach(() => {
    noticeStore.clear();
    vi.useRealTimers();
  });
  it('removes success and error notices after 10 s, keeps pending ones, and replaces by key', () => {
    vi.useFakeTimers();
    noticeStore.show({ key: 1, kind: 'pending', header: 'Ожидание' });
    noticeStore.show({ key: 2, kind: 'error', header: 'Ошибка' });
    noticeStore.show({ kind: 'success', header: 'Без ключа' });
    expect(noticeStore.list()).toHaveLength(3);
    // the pending item becomes success under its key
    noticeStore.show({ key: 1, kind: 'success', header: 'Готово' });
    expect(
      noticeStore
        .list()
        .filter((n) => n.key === '1')
        .map((n) => n.kind),
    ).toEqual(['success']);
    vi.advanceTimersByTime(9_999);
    expect(noticeStore.list()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(noticeStore.list()).toHaveLength(0);
  });
});

describe('form rules', () => {
  it('use the spec messages and the numeric pattern', () => {
    expect(rules.required.message).toBe('Обязательное поле');
    expect(rules.numeric.message).toBe('Значение должно быть числовое');
    expect(rules.email.message).toBe('Введите корректный email');
    expect(['12', '12.5', '12,50'].every((v) => rules.numeric.pattern.test(v))).toBe(true);
    expect(['12a', '.5', '', '1.2.3'].some((v) => rules.numeric.pattern.test(v))).toBe(false);
    expect(rules.required.whitespace).toBe(true);
  });
});

describe('notices for what this user did; the background goes to a list', () => {
  afterEach(() => noticeStore.clear());
  it('the demo seeding’s results wait in the background list; this tab’s own upload is a notice', () => {
    for (const [i, file] of ['upd1.xml', 'upd2.xml', 'upd3.xml', 'upd4.xml'].entries())
      realtimeNotice(EVENTS.notificationMapInvoiceItemsResponse, {
        key: `seed-${i}`,
        result: 'success',
        upload_file_name: file,
        contract_id: 1,
        document_id: i,
      });
    realtimeNotice(EVENTS.notificationPerfomanceContractResponse, {
      key: 'seed-x',
      result: 'error',
      registration_number: '1',
      error: 'нет подписи',
    });
    expect(noticeStore.list()).toEqual([]);
    expect(backgroundStore.list().map((e) => e.header)).toEqual([
      'Не удалось обработать исполнение для договора "1"',
      'УПД обработано',
      'УПД обработано',
      'УПД обработано',
      'УПД обработано',
    ]);
    expect(backgroundStore.unseen()).toBe(5);
    backgroundStore.seen();
    expect(backgroundStore.unseen()).toBe(0);

    noticeStore.show({ key: 'mine-1', kind: 'pending', header: 'УПД', message: 'Файл «my.xml» обрабатывается' });
    realtimeNotice(EVENTS.notificationMapInvoiceItemsResponse, {
      key: 'mine-1',
      result: 'success',
      upload_file_name: 'my.xml',
      contract_id: 1,
      document_id: 1,
    });
    expect(noticeStore.list().map((n) => [n.key, n.kind, n.message])).toEqual([['mine-1', 'success', 'УПД "my.xml" успешно обработано']]);
  });
  it('a result that outran the HTTP answer registering its job is shown once the job is known as this tab’s', () => {
    realtimeNotice(EVENTS.notificationImportPaymentsResponse, {
      key: 'fast-1',
      result: 'success',
      upload_file_name: 'kl_to_1c.txt',
      import_id: 1,
    });
    expect(noticeStore.list()).toEqual([]);
    noticeStore.show({ key: 'fast-1', kind: 'pending', header: 'Платежное поручение', message: 'обрабатывается' });
    expect(noticeStore.list().map((n) => [n.key, n.kind, n.header])).toEqual([['fast-1', 'success', 'Платежное поручение обработано']]);
    expect(backgroundStore.list().some((e) => e.key === 'fast-1')).toBe(false);
  });
});
