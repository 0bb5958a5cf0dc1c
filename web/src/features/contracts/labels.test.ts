import { expect, it } from 'vitest';
import { monthTitle } from './labels';

it('a report’s month reads in words, not «2026-10»', () => {
  expect(monthTitle('2026-10-01')).toBe('октябрь 2026');
  expect(monthTitle('2025-01-01')).toBe('январь 2025');
});
