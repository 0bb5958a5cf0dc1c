import { describe, expect, it } from 'vitest';
import { addDays, compareIsoDates, diffDays, formatRuDate, isIsoDate, isoWeekday, parseIsoDate } from './iso-date';

describe('iso-date', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    // daylight-saving transition dates of Europe/US make no difference
    expect(addDays('2024-03-30', 2)).toBe('2024-04-01');
    expect(addDays('2024-10-26', 2)).toBe('2024-10-28');
    expect(diffDays('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('knows weekdays (1 = Monday … 7 = Sunday)', () => {
    expect(isoWeekday('2025-11-01')).toBe(6);
    expect(isoWeekday('2025-11-02')).toBe(7);
    expect(isoWeekday('2025-11-03')).toBe(1);
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-28')).toBe(7);
  });

  it('rejects malformed and impossible dates', () => {
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-1', '01.01.2025', '2025-04-31', '', '2025-01-01T00:00:00Z']) {
      expect(isIsoDate(bad)).toBe(false);
      expect(() => parseIsoDate(bad)).toThrow(/Некорректная дата/);
    }
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('compares and formats', () => {
    expect(compareIsoDates('2025-01-02', '2025-01-10')).toBe(-1);
    expect(compareIsoDates('2025-01-10', '2025-01-10')).toBe(0);
    expect(formatRuDate('2025-03-08')).toBe('08.03.2025');
  });
});
