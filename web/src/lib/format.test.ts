import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPeriod } from './format';

describe("moments on the screen are on Moscow time, whatever the browser's zone", () => {
  it('a protocol published at 12:47 UTC reads 15:47', () => {
    expect(formatDateTime('2026-11-27T12:47:00Z')).toBe('27.11.2026 15:47');
  });

  it('a moment after 21:00 UTC is already the next Moscow day', () => {
    expect(formatDate('2026-11-24T21:30:00Z')).toBe('25.11.2026');
    expect(formatPeriod('2026-01-01T00:00:00+03:00', '2026-11-24T21:30:00Z')).toBe('с 01.01.2026 по 25.11.2026');
  });

  it('a calendar date stays the date it names', () => {
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
  });
});
