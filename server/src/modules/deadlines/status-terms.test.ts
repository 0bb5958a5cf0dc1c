import { describe, expect, it } from 'vitest';
import { statusTermFindings, type StatusTermInput } from './status-terms';

const base: StatusTermInput = {
  to: 'contract_signed',
  today: '2026-11-27',
  law: '223',
  method: 'auction_e',
  publishedOn: '2026-10-01',
  applicationDeadline: '2026-10-16',
  summingUpOn: '2026-10-20',
  summingUpEnteredOn: '2026-11-10',
};
const codes = (over: Partial<StatusTermInput>) => statusTermFindings({ ...base, ...over }).map((f) => f.code);

describe('statusTermFindings', () => {
  it('counts the 10-day stand-still from the day after the final protocol (ГК РФ ст. 191)', () => {
    expect(codes({ today: '2026-11-20' })).toEqual(['contract_before_standstill']); // the 10th day after 10.11
    expect(codes({ today: '2026-11-21' })).toEqual([]); // the 11th day
  });

  it("takes the later of the notice's summing-up date and the day the summing up began here", () => {
    expect(statusTermFindings({ ...base, summingUpEnteredOn: '2026-10-01', summingUpOn: '2026-11-20' })[0].message).toBe(
      'Договор заключается не ранее чем через 10 дней с даты размещения итогового протокола (223-ФЗ, ч. 15 ст. 3.2): итоги — 20.11.2026, договор — не ранее 01.12.2026, сегодня 27.11.2026',
    );
    expect(codes({ summingUpEnteredOn: null, summingUpOn: null })).toEqual([]); // nothing to count from
  });

  it('names the 44-ФЗ article for a state customer and leaves a single supplier alone', () => {
    expect(statusTermFindings({ ...base, law: '44', summingUpEnteredOn: '2026-11-26' })[0].message).toContain('(44-ФЗ, ст. 51)');
    expect(codes({ method: 'single', summingUpEnteredOn: '2026-11-27' })).toEqual([]);
  });

  it('keeps the summing up after the application deadline and the reception after the publication', () => {
    expect(statusTermFindings({ ...base, to: 'summing_up', applicationDeadline: '2026-12-16' })[0].message).toBe(
      'Итоги подводятся не ранее окончания срока подачи заявок (16.12.2026), сегодня 27.11.2026',
    );
    expect(codes({ to: 'summing_up', applicationDeadline: '2026-11-27' })).toEqual([]); // the deadline day itself is fine
    expect(codes({ to: 'accepting', publishedOn: '2026-11-28' })).toEqual(['accepting_before_publication']);
    expect(codes({ to: 'accepting', publishedOn: '2026-11-27' })).toEqual([]);
    expect(codes({ to: 'published', applicationDeadline: '2026-12-16' })).toEqual([]);
  });
});

describe('statusTermFindings under 44-ФЗ', () => {
  it('names the contract and the protocol in 44-ФЗ’s words', () => {
    expect(
      statusTermFindings({ ...base, law: '44', today: '2026-11-20', summingUpEnteredOn: '2026-11-10', summingUpOn: null })[0].message,
    ).toBe(
      'Контракт заключается не ранее чем через 10 дней с даты размещения протокола подведения итогов определения поставщика (44-ФЗ, ст. 51): итоги — 10.11.2026, контракт — не ранее 21.11.2026, сегодня 20.11.2026',
    );
  });
});
