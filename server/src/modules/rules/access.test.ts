import { describe, expect, it } from 'vitest';
import { moscowToday } from '../../platform/access';

describe('moscowToday', () => {
  it('turns the date at Moscow midnight, whatever was asked just before', () => {
    const day = (iso: string) => moscowToday(new Date(iso));
    expect(day('2026-03-31T20:59:59.999Z')).toBe('2026-03-31');
    expect(day('2026-03-31T21:00:00.000Z')).toBe('2026-04-01');
    expect(day('2026-03-31T20:59:30.000Z')).toBe('2026-03-31');
    expect(day('2026-03-31T21:00:59.999Z')).toBe('2026-04-01');
    expect(day('2010-10-30T19:59:59.000Z')).toBe('2010-10-30'); // summer time (UTC+4) then
    expect(day('2010-10-30T20:00:00.000Z')).toBe('2010-10-31');
  });
});
