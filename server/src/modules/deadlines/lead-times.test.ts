import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_TIMES,
  DEFAULT_LEAD_TIMES_44,
  defaultLeadTimes,
  baseMethod,
  describeLeadTime,
  earliestApplicationDeadline,
  findLeadTimeRule,
  leadTimeRulesSchema,
  parseRub,
  type LeadTimeRule,
} from './lead-times';

describe('DEFAULT_LEAD_TIMES', () => {
  it('is valid rule data', () => {
    expect(() => leadTimeRulesSchema.parse(DEFAULT_LEAD_TIMES)).not.toThrow();
  });

  it('maps electronic methods to their base', () => {
    expect(baseMethod('competition_e')).toBe('competition');
    expect(baseMethod('quotation_e')).toBe('quotation');
    expect(baseMethod('single')).toBe('single');
    expect(baseMethod('custom_e')).toBe('custom_e');
  });
});

describe('earliestApplicationDeadline: general terms (223-ФЗ ст. 3.2)', () => {
  it.each([
    ['competition', '2025-03-18'],
    ['competition_e', '2025-03-18'],
    ['auction', '2025-03-18'],
    ['auction_e', '2025-03-18'],
  ])('%s: 15 calendar days', (method, date) => {
    const r = earliestApplicationDeadline({ publishedOn: '2025-03-03', method, smeOnly: false, nmcd: '1000000.00' });
    expect(r.date).toBe(date);
    expect(r.rule).toMatchObject({ days: 15, unit: 'calendar', smeOnly: null });
  });

  it('calendar days are plain arithmetic even when the result is a non-working day', () => {
    // 24.04.2025 + 15 = 09.05.2025, a holiday
    expect(earliestApplicationDeadline({ publishedOn: '2025-04-24', method: 'auction_e' }).date).toBe('2025-05-09');
  });

  it('quotation: 5 working days, across 1–4 May 2025 holidays', () => {
    const r = earliestApplicationDeadline({ publishedOn: '2025-04-28', method: 'quotation_e', smeOnly: false });
    expect(r.date).toBe('2025-05-07');
    expect(r.rule).toMatchObject({ method: 'quotation', days: 5, unit: 'working' });
  });

  it('quotation: 5 working days across a weekend', () => {
    expect(earliestApplicationDeadline({ publishedOn: '2025-03-13', method: 'quotation' }).date).toBe('2025-03-20');
  });

  it('proposal: 7 working days, counting the working Saturday 01.11.2025', () => {
    // 28.10 → 29, 30, 31.10, 01.11 (Sat, working), 05, 06, 07.11
    expect(earliestApplicationDeadline({ publishedOn: '2025-10-28', method: 'proposal' }).date).toBe('2025-11-07');
  });

  it('proposal: 7 working days across the working Saturdays 27.04.2024 and 28.12.2024', () => {
    // 24.04 → 25, 26, 27 (Sat), 02.05, 03.05, 06.05, 07.05
    expect(earliestApplicationDeadline({ publishedOn: '2024-04-24', method: 'proposal_e' }).date).toBe('2024-05-07');
    // 25.12 → 26, 27, 28 (Sat), 09.01.2025, 10.01, 13.01, 14.01
    expect(earliestApplicationDeadline({ publishedOn: '2024-12-25', method: 'proposal_e' }).date).toBe('2025-01-14');
  });

  it('single supplier: no lead time', () => {
    const r = earliestApplicationDeadline({ publishedOn: '2025-05-03', method: 'single' });
    expect(r.date).toBe('2025-05-03');
    expect(r.rule.days).toBe(0);
  });

  it('throws for a method without a rule', () => {
    expect(() => earliestApplicationDeadline({ publishedOn: '2025-03-03', method: 'barter' })).toThrow(
      'Не найдено правило о сроке подачи заявок для способа закупки «barter»',
    );
  });
});

describe('earliestApplicationDeadline: SME-only terms (223-ФЗ ст. 3.4)', () => {
  const sme = (method: string, nmcd: Decimal.Value | null | undefined) =>
    earliestApplicationDeadline({ publishedOn: '2025-03-03', method, smeOnly: true, nmcd });

  it.each(['competition', 'competition_e', 'auction', 'auction_e'])('%s: 7 days up to 30 mln, 15 above', (method) => {
    expect(sme(method, '29999999.99').rule.days).toBe(7);
    expect(sme(method, '30000000.00').date).toBe('2025-03-10');
    expect(sme(method, '30000000.00').rule).toMatchObject({ days: 7, unit: 'calendar', smeOnly: true });
    expect(sme(method, '30000000.01').date).toBe('2025-03-18');
    expect(sme(method, '30000000.01').rule).toMatchObject({ days: 15, unit: 'calendar', smeOnly: true });
  });

  it('compares НМЦД as decimals, not floats', () => {
    expect(sme('auction_e', '30000000.001').rule.days).toBe(15);
    expect(sme('auction_e', '30 000 000,00').rule.days).toBe(7);
    expect(sme('auction_e', new Decimal('30000000')).rule.days).toBe(7);
    expect(sme('auction_e', 30_000_000).rule.days).toBe(7);
  });

  it('without НМЦД the NMCD-limited rule is not applied (the longer term)', () => {
    expect(sme('competition', undefined).rule.days).toBe(15);
    expect(sme('competition', null).rule.days).toBe(15);
  });

  it('quotation: 4 working days up to 7 mln, otherwise the general 5 working days', () => {
    expect(sme('quotation_e', '7000000.00').rule).toMatchObject({ days: 4, unit: 'working' });
    expect(earliestApplicationDeadline({ publishedOn: '2025-04-28', method: 'quotation', smeOnly: true, nmcd: '500000' }).date).toBe(
      '2025-05-06',
    );
    expect(sme('quotation_e', '7000000.01').rule).toMatchObject({ days: 5, unit: 'working', smeOnly: null });
  });

  it('proposal: 5 working days up to 15 mln, otherwise the general 7 working days', () => {
    expect(sme('proposal', '15000000.00').rule).toMatchObject({ days: 5, unit: 'working' });
    expect(sme('proposal', '15000000.01').rule).toMatchObject({ days: 7, unit: 'working' });
  });

  it('non-SME procurements never get the SME terms', () => {
    expect(earliestApplicationDeadline({ publishedOn: '2025-03-03', method: 'auction', smeOnly: false, nmcd: '100' }).rule.days).toBe(15);
  });

  it('rejects a malformed НМЦД', () => {
    expect(() => sme('auction', 'abc')).toThrow(/Некорректная сумма/);
    expect(parseRub('1 234,50').toFixed(2)).toBe('1234.50');
  });
});

describe('rule overrides (rule version data)', () => {
  const rules: LeadTimeRule[] = [
    { method: 'competition_e', smeOnly: null, days: 20, unit: 'calendar' },
    { method: 'competition', smeOnly: null, days: 18, unit: 'calendar' },
    { method: 'competition', smeOnly: true, nmcdMax: '10000000.00', days: 5, unit: 'working' },
    { method: 'competition', smeOnly: true, nmcdMax: '50000000.00', days: 10, unit: 'calendar' },
  ];

  it('prefers the exact method code, then SME, then the smallest НМЦД limit', () => {
    expect(findLeadTimeRule({ method: 'competition_e', rules })?.days).toBe(20);
    expect(findLeadTimeRule({ method: 'competition', rules })?.days).toBe(18);
    expect(findLeadTimeRule({ method: 'competition', smeOnly: true, nmcd: '9000000', rules })?.days).toBe(5);
    expect(findLeadTimeRule({ method: 'competition', smeOnly: true, nmcd: '20000000', rules })?.days).toBe(10);
    expect(findLeadTimeRule({ method: 'competition', smeOnly: true, nmcd: '60000000', rules })?.days).toBe(18);
    expect(findLeadTimeRule({ method: 'auction', rules })).toBeUndefined();
  });

  it('applies overriding rules in earliestApplicationDeadline', () => {
    expect(earliestApplicationDeadline({ publishedOn: '2025-03-03', method: 'competition_e', rules }).date).toBe('2025-03-23');
  });
});

describe('describeLeadTime', () => {
  it('declines Russian numerals', () => {
    expect(describeLeadTime({ days: 15, unit: 'calendar' })).toBe('не менее 15 календарных дней');
    expect(describeLeadTime({ days: 5, unit: 'working' })).toBe('не менее 5 рабочих дней');
    expect(describeLeadTime({ days: 4, unit: 'working' })).toBe('не менее 4 рабочих дней');
    expect(describeLeadTime({ days: 1, unit: 'working' })).toBe('не менее 1 рабочего дня');
    expect(describeLeadTime({ days: 21, unit: 'calendar' })).toBe('не менее 21 календарного дня');
    expect(describeLeadTime({ days: 11, unit: 'calendar' })).toBe('не менее 11 календарных дней');
  });
});

describe('44-ФЗ: the law’s own terms (ст. 48–50), chosen by the НМЦК', () => {
  const on44 = (method: string, nmcd: string) =>
    earliestApplicationDeadline({ method, nmcd, publishedOn: '2025-03-03', rules: defaultLeadTimes('44') });
  it('is valid rule data and is not 223-ФЗ’s', () => {
    expect(() => leadTimeRulesSchema.parse(DEFAULT_LEAD_TIMES_44)).not.toThrow();
    expect(defaultLeadTimes('223')).toBe(DEFAULT_LEAD_TIMES);
  });
  it('electronic auction: 7 days up to 300 млн ₽, 15 days above (ст. 49)', () => {
    expect(on44('auction_e', '300000000.00')).toMatchObject({
      date: '2025-03-10',
      rule: { days: 7, basis: '44-ФЗ, ч. 2 ст. 49 (электронный аукцион)' },
    });
    expect(on44('auction_e', '300000000.01').date).toBe('2025-03-18');
  });
  it('electronic competition: 10 days up to 1 млрд ₽, 15 days above (ст. 48)', () => {
    expect(on44('competition_e', '1000000000.00').date).toBe('2025-03-13');
    expect(on44('competition_e', '1000000000.01').date).toBe('2025-03-18');
  });
  it('request for quotations: one working day (ст. 50); no request for proposals under 44-ФЗ', () => {
    expect(on44('quotation_e', '500000.00')).toMatchObject({ date: '2025-03-04', rule: { days: 1, unit: 'working' } });
    // Friday → Monday
    expect(
      earliestApplicationDeadline({ method: 'quotation_e', nmcd: '1', publishedOn: '2025-03-07', rules: defaultLeadTimes('44') }).date,
    ).toBe('2025-03-10');
    expect(findLeadTimeRule({ method: 'proposal_e', nmcd: '1', rules: defaultLeadTimes('44') })).toBeUndefined();
  });
});
