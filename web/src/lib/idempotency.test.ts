import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS, answered, repeatKey } from './idempotency';

describe('the key the API client sends with every POST', () => {
  it('is the same for the same request a moment later (a double click), another for another request', () => {
    const now = 1_000_000;
    const a = repeatKey('7 /api/tariffs {"name":"Тестовый тариф"}', now);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(repeatKey('7 /api/tariffs {"name":"Тестовый тариф"}', now + 300)).toBe(a);
    expect(repeatKey('7 /api/tariffs {"name":"Другой тариф"}', now + 300)).not.toBe(a);
    expect(repeatKey('8 /api/tariffs {"name":"Тестовый тариф"}', now + 300)).not.toBe(a);
  });
  it('is a new one after another POST: a package prepared again after its signing is a new request', () => {
    const now = 3_000_000;
    const prepare = '7 /api/contracts/1/execution/prepare ';
    const a = repeatKey(prepare, now);
    answered(prepare, now + 20);
    repeatKey('7 /api/contracts/1/execution/signature {"signature":"…"}', now + 100);
    expect(repeatKey(prepare, now + 300)).not.toBe(a);
  });
  it('is a new one once the window after the answer has passed: the same values entered again later are a new record', () => {
    const now = 2_000_000;
    const fp = '7 /api/catalogs/elements {"name":"Склад"}';
    const a = repeatKey(fp, now);
    // a slow first answer: a press long after the first, while it is still under way, is the same request
    expect(repeatKey(fp, now + 3 * REPEAT_WINDOW_MS)).toBe(a);
    answered(fp, now + 3 * REPEAT_WINDOW_MS);
    expect(repeatKey(fp, now + 4 * REPEAT_WINDOW_MS - 1)).toBe(a);
    expect(repeatKey(fp, now + 4 * REPEAT_WINDOW_MS + 1)).not.toBe(a);
  });
});
