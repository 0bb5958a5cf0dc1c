import { describe, expect, it } from 'vitest';
import { eisDateTimeOrNull } from './common';

describe('ЕИС date-times', () => {
  it('reads a value without an offset as Moscow time, of that moment’s Moscow offset', () => {
    expect(eisDateTimeOrNull('2019-12-17T17:01:03', 'f')).toBe('2019-12-17T17:01:03+03:00');
    expect(new Date(eisDateTimeOrNull('2019-12-17T17:01:03', 'f')!).toISOString()).toBe('2019-12-17T14:01:03.000Z');
    // Moscow kept +04:00 from 27.03.2011 to 26.10.2014, and had summer time before
    expect(eisDateTimeOrNull('2013-06-01T12:00:00', 'f')).toBe('2013-06-01T12:00:00+04:00');
    expect(eisDateTimeOrNull('2010-01-15T09:30:00.250', 'f')).toBe('2010-01-15T09:30:00.250+03:00');
    expect(eisDateTimeOrNull('2010-07-15T09:30', 'f')).toBe('2010-07-15T09:30+04:00');
    // the late evening keeps its Moscow day
    expect(eisDateTimeOrNull('2024-03-01T23:30:00', 'f')!.slice(0, 10)).toBe('2024-03-01');
  });

  it('keeps a value with an offset as written, and refuses what is not a date-time', () => {
    expect(eisDateTimeOrNull('2012-11-02T15:52:41.963+04:00', 'f')).toBe('2012-11-02T15:52:41.963+04:00');
    expect(eisDateTimeOrNull('2024-03-01T10:00:00Z', 'f')).toBe('2024-03-01T10:00:00Z');
    expect(eisDateTimeOrNull('2024-03-01T10:00:00-05:00', 'f')).toBe('2024-03-01T10:00:00-05:00');
    expect(eisDateTimeOrNull('  ', 'f')).toBeNull();
    expect(eisDateTimeOrNull(null, 'f')).toBeNull();
    expect(() => eisDateTimeOrNull('01.03.2024 10:00', 'createDateTime')).toThrow(
      'Поле «createDateTime» содержит некорректные дату и время «01.03.2024 10:00»',
    );
  });
});
