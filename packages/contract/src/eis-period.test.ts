import { describe, expect, it } from 'vitest';
import { EIS_FUTURE_PERIOD, EisContractsImportRequest, EisPlansImportRequest } from './eis';
import { moscowDateOf } from './moscow-date';
import { setProcessClock } from './clock';

describe('period of an ЕИС import', () => {
  const today = moscowDateOf(new Date());
  const [y, m, d] = today.split('-').map(Number);
  // noon UTC of the next calendar day is that day in Moscow too
  const tomorrow = moscowDateOf(Date.UTC(y, m - 1, d + 1, 12));

  it('refuses a period that ends after today, in words under «по»', () => {
    for (const schema of [EisContractsImportRequest, EisPlansImportRequest]) {
      const r = schema.safeParse({ date_from: today, date_to: tomorrow });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['date_to', EIS_FUTURE_PERIOD]]);
    }
  });

  it('takes a period up to today', () => {
    expect(EisContractsImportRequest.safeParse({ date_from: '2026-01-01', date_to: today }).success).toBe(true);
  });

  it('reads today from the process clock at parse time, so a clock set by a test moves the bound', () => {
    const later = { date_from: '2030-06-01', date_to: '2030-06-01' };
    try {
      setProcessClock('2030-06-01T09:00:00Z');
      expect(EisPlansImportRequest.safeParse(later).success).toBe(true);
    } finally {
      setProcessClock(null);
    }
    expect(EisPlansImportRequest.safeParse(later).success).toBe(false);
  });
});
