import { describe, expect, it } from 'vitest';
import { contractReportingDeadlines, isOverdue, monthlyReportDeadline, reportingDueDate } from './reporting-deadlines';

describe('contractReportingDeadlines', () => {
  it('contract info: 3 working days after conclusion, across holidays and working Saturdays', () => {
    const due = (signedOn: string) => contractReportingDeadlines({ signedOn })[0]?.dueOn;
    expect(due('2025-03-12')).toBe('2025-03-17'); // Wed → Thu, Fri, Mon (across a weekend)
    expect(due('2025-04-29')).toBe('2025-05-06'); // 30.04, 05.05, 06.05
    expect(due('2025-10-30')).toBe('2025-11-05'); // 31.10, 01.11 (working Sat), 05.11
    expect(due('2024-12-26')).toBe('2025-01-09'); // 27.12, 28.12 (working Sat), 09.01.2025
    expect(due('2024-04-25')).toBe('2024-05-02'); // 26.04, 27.04 (working Sat), 02.05
  });

  it('changes, payments and stages: 10 calendar days, sorted by due date, with Russian labels', () => {
    expect(
      contractReportingDeadlines({
        signedOn: '2025-03-03',
        changes: ['2025-03-20'],
        payments: ['2025-03-14', '2025-04-28'],
        stages: ['2025-03-14'],
      }),
    ).toEqual([
      { kind: 'contract', dueOn: '2025-03-06', basisDate: '2025-03-03', label: 'Сведения о договоре в реестр договоров' },
      { kind: 'payment', dueOn: '2025-03-24', basisDate: '2025-03-14', label: 'Сведения об исполнении (оплате) договора' },
      { kind: 'stage', dueOn: '2025-03-24', basisDate: '2025-03-14', label: 'Сведения об исполнении этапа договора' },
      { kind: 'change', dueOn: '2025-03-30', basisDate: '2025-03-20', label: 'Сведения об изменении договора' },
      { kind: 'payment', dueOn: '2025-05-08', basisDate: '2025-04-28', label: 'Сведения об исполнении (оплате) договора' },
    ]);
  });

  it('optionally moves a calendar-day deadline off a non-working day (ГК РФ ст. 193)', () => {
    const [strict] = contractReportingDeadlines({ payments: ['2025-04-28'] });
    const [shifted] = contractReportingDeadlines({ payments: ['2025-04-28'], shiftToWorkingDay: true });
    expect(strict?.dueOn).toBe('2025-05-08');
    expect(shifted?.dueOn).toBe('2025-05-12');
    expect(reportingDueDate('2025-03-03', { days: 10, unit: 'calendar' }, { shiftToWorkingDay: true })).toBe('2025-03-13');
  });

  it('accepts overridden terms', () => {
    const [c] = contractReportingDeadlines({
      signedOn: '2025-03-03',
      terms: { contract: { days: 5, unit: 'working', label: 'Договор' } },
    });
    expect(c).toMatchObject({ dueOn: '2025-03-10', label: 'Договор' }); // 10.03.2025 works: 08.03 moved to 13.06
  });

  it('returns nothing without events', () => {
    expect(contractReportingDeadlines({ signedOn: null })).toEqual([]);
  });
});

describe('monthlyReportDeadline', () => {
  it.each([
    [2024, 12, '2025-01-10'], // Friday, working
    [2025, 4, '2025-05-12'], // 10.05 Sat, 11.05 Sun
    [2025, 5, '2025-06-10'],
    [2025, 10, '2025-11-10'],
    [2025, 12, '2026-01-12'], // 10.01 Sat, 11.01 Sun
    [2026, 2, '2026-03-10'], // 09.03 is off, 10.03 is working
    [2026, 4, '2026-05-12'], // 10.05 Sun, 11.05 moved holiday
    [2024, 2, '2024-03-11'], // 10.03.2024 Sun
  ])('%i-%i → %s', (year, month, due) => {
    expect(monthlyReportDeadline(year, month)).toBe(due);
  });

  it('rejects bad months and uncovered years', () => {
    expect(() => monthlyReportDeadline(2025, 13)).toThrow(/месяц/);
    expect(() => monthlyReportDeadline(2027, 12)).toThrow('Производственный календарь на 2028 год не загружен');
  });
});

describe('isOverdue', () => {
  it('compares the completion date, or today when not done', () => {
    expect(isOverdue('2025-05-06', '2025-05-06', '2025-06-01')).toBe(false);
    expect(isOverdue('2025-05-06', '2025-05-07', '2025-05-07')).toBe(true);
    expect(isOverdue('2025-05-06', null, '2025-05-06')).toBe(false);
    expect(isOverdue('2025-05-06', null, '2025-05-07')).toBe(true);
    expect(isOverdue('2025-05-06', undefined, '2025-05-01')).toBe(false);
  });
});

describe('44-ФЗ: the register of contracts (ч. 3 ст. 103)', () => {
  it('the contract, its changes and payments: five working days each, in 44-ФЗ’s words', () => {
    expect(contractReportingDeadlines({ law: '44', signedOn: '2025-03-12', changes: ['2025-03-14'], payments: ['2025-03-21'] })).toEqual([
      // Wed 12.03 → 13, 14, 17, 18, 19
      {
        kind: 'contract',
        dueOn: '2025-03-19',
        basisDate: '2025-03-12',
        label: 'Информация о контракте в реестр контрактов (ч. 3 ст. 103 44-ФЗ)',
      },
      { kind: 'change', dueOn: '2025-03-21', basisDate: '2025-03-14', label: 'Информация об изменении контракта (ч. 3 ст. 103 44-ФЗ)' },
      { kind: 'payment', dueOn: '2025-03-28', basisDate: '2025-03-21', label: 'Информация об оплате контракта (ч. 3 ст. 103 44-ФЗ)' },
    ]);
    // 223-ФЗ's three working days stay the default
    expect(contractReportingDeadlines({ signedOn: '2025-03-12' })[0].dueOn).toBe('2025-03-17');
  });
});
