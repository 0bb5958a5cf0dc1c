import { describe, expect, it } from 'vitest';
import { checkProcurementDates } from './check-procurement-dates';

describe('checkProcurementDates', () => {
  it('accepts correct dates', () => {
    expect(
      checkProcurementDates({
        method: 'auction_e',
        smeOnly: false,
        nmcd: '50000000.00',
        publishedOn: '2025-03-03',
        applicationDeadline: '2025-03-18',
        reviewOn: '2025-03-18',
        summingUpOn: '2025-03-20',
      }),
    ).toEqual([]);
  });

  it('reports an application deadline shorter than 15 calendar days', () => {
    expect(
      checkProcurementDates({
        method: 'competition',
        smeOnly: false,
        nmcd: '1000000',
        publishedOn: '2025-03-03',
        applicationDeadline: '2025-03-17',
      }),
    ).toEqual([
      {
        code: 'application_deadline_too_early',
        field: 'applicationDeadline',
        message: 'Срок подачи заявок должен быть не ранее 18.03.2025 (не менее 15 календарных дней с даты размещения извещения)',
      },
    ]);
  });

  it('counts working days across the May 2025 holidays for a quotation', () => {
    const base = { method: 'quotation_e', smeOnly: false, nmcd: '1000000', publishedOn: '2025-04-28' };
    expect(checkProcurementDates({ ...base, applicationDeadline: '2025-05-07' })).toEqual([]);
    expect(checkProcurementDates({ ...base, applicationDeadline: '2025-05-06' })).toEqual([
      {
        code: 'application_deadline_too_early',
        field: 'applicationDeadline',
        message: 'Срок подачи заявок должен быть не ранее 07.05.2025 (не менее 5 рабочих дней с даты размещения извещения)',
      },
    ]);
  });

  it('SME thresholds on both sides of 30 000 000.00', () => {
    const base = { method: 'auction_e', smeOnly: true, publishedOn: '2025-03-03', applicationDeadline: '2025-03-10' };
    expect(checkProcurementDates({ ...base, nmcd: '30000000.00' })).toEqual([]);
    expect(checkProcurementDates({ ...base, nmcd: '30000000.01' }).map((v) => v.message)).toEqual([
      'Срок подачи заявок должен быть не ранее 18.03.2025 (не менее 15 календарных дней с даты размещения извещения)',
    ]);
  });

  it('SME quotation: 4 working days', () => {
    const v = checkProcurementDates({
      method: 'quotation',
      smeOnly: true,
      nmcd: '7000000.00',
      publishedOn: '2025-10-29',
      applicationDeadline: '2025-11-01', // 30.10, 31.10, 01.11 (working Saturday) = 3
    });
    expect(v.map((x) => x.message)).toEqual([
      'Срок подачи заявок должен быть не ранее 05.11.2025 (не менее 4 рабочих дней с даты размещения извещения)',
    ]);
  });

  it('reports a deadline on a non-working day (even when the calendar term itself ends there)', () => {
    // 01.03.2025 + 15 = 16.03.2025, a Sunday: not too early, but a non-working day
    expect(
      checkProcurementDates({
        method: 'auction',
        publishedOn: '2025-03-01',
        applicationDeadline: '2025-03-16',
      }),
    ).toEqual([
      {
        code: 'application_deadline_non_working_day',
        field: 'applicationDeadline',
        message: 'Окончание срока подачи заявок приходится на нерабочий день 16.03.2025',
      },
    ]);
    expect(checkProcurementDates({ method: 'auction', applicationDeadline: '2025-06-13' })[0]?.message).toBe(
      'Окончание срока подачи заявок приходится на нерабочий день 13.06.2025',
    );
    // a working Saturday is fine
    expect(checkProcurementDates({ method: 'auction', applicationDeadline: '2024-12-28' })).toEqual([]);
  });

  it('checks the order of review and summing up', () => {
    const v = checkProcurementDates({
      method: 'auction',
      applicationDeadline: '2025-03-18',
      reviewOn: '2025-03-17',
      summingUpOn: '2025-03-14',
    });
    expect(v).toEqual([
      {
        code: 'review_before_application_deadline',
        field: 'reviewOn',
        message: 'Дата рассмотрения заявок не может быть раньше окончания срока подачи заявок',
      },
      {
        code: 'summing_up_before_review',
        field: 'summingUpOn',
        message: 'Дата подведения итогов не может быть раньше даты рассмотрения заявок',
      },
    ]);
    expect(checkProcurementDates({ method: 'auction', applicationDeadline: '2025-03-18', summingUpOn: '2025-03-17' })).toEqual([
      {
        code: 'summing_up_before_application_deadline',
        field: 'summingUpOn',
        message: 'Дата подведения итогов не может быть раньше окончания срока подачи заявок',
      },
    ]);
  });

  it('missing dates switch the rules off', () => {
    expect(checkProcurementDates({ method: 'competition' })).toEqual([]);
    expect(checkProcurementDates({ method: 'competition', publishedOn: '2025-03-03' })).toEqual([]);
    expect(checkProcurementDates({ method: 'competition', reviewOn: '2025-03-03', summingUpOn: null })).toEqual([]);
    expect(checkProcurementDates({ method: 'competition', reviewOn: '2025-03-05', summingUpOn: '2025-03-04' })).toHaveLength(1);
  });

  it('single supplier has no lead time but cannot end before publication', () => {
    const base = { method: 'single', publishedOn: '2025-03-05' };
    expect(checkProcurementDates({ ...base, applicationDeadline: '2025-03-05' })).toEqual([]);
    expect(checkProcurementDates({ ...base, applicationDeadline: '2025-03-04' })[0]?.message).toBe(
      'Срок подачи заявок не может быть раньше даты размещения извещения',
    );
  });

  it('reports malformed input and years without a calendar instead of throwing', () => {
    expect(checkProcurementDates({ method: 'auction', publishedOn: '05.03.2025' })).toEqual([
      { code: 'invalid_date', field: 'publishedOn', message: 'Некорректная дата: "05.03.2025" (ожидается формат ГГГГ-ММ-ДД)' },
    ]);
    expect(
      checkProcurementDates({
        method: 'auction',
        smeOnly: true,
        nmcd: 'много',
        publishedOn: '2025-03-03',
        applicationDeadline: '2025-03-18',
      }),
    ).toEqual([{ code: 'invalid_nmcd', field: 'nmcd', message: 'Некорректная НМЦД: много' }]);
    expect(checkProcurementDates({ method: 'quotation', publishedOn: '2027-12-27', applicationDeadline: '2028-01-10' })).toEqual([
      {
        code: 'calendar_not_loaded',
        field: 'applicationDeadline',
        message: 'Производственный календарь на 2028 год не загружен',
      },
    ]);
  });

  it('uses rule overrides', () => {
    const v = checkProcurementDates({
      method: 'competition_e',
      publishedOn: '2025-03-03',
      applicationDeadline: '2025-03-18',
      rules: [{ method: 'competition', smeOnly: null, days: 20, unit: 'calendar' }],
    });
    expect(v[0]?.message).toBe(
      'Срок подачи заявок должен быть не ранее 23.03.2025 (не менее 20 календарных дней с даты размещения извещения)',
    );
  });
});
