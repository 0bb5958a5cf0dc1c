import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from './fixtures-path';
import { ParsePool } from './parse-pool';

const STATEMENT = new Uint8Array(fs.readFileSync(fixturePath('bank1c', 'statement_cp1251.txt')));

describe('parser threads', () => {
  const pool = new ParsePool(1, 300);
  afterAll(() => pool.close());

  it('end when idle, and a later parse starts a new one', async () => {
    const first = await pool.run('bank1c', STATEMENT);
    expect(first.documents.length).toBeGreaterThan(0);
    expect(pool.threads).toBe(1);
    // a second parse soon after takes the same thread
    await pool.run('bank1c', STATEMENT);
    expect(pool.threads).toBe(1);
    await expect.poll(() => pool.threads, { timeout: 5_000, interval: 50 }).toBe(0);
    const again = await pool.run('bank1c', STATEMENT);
    expect(again.documents).toEqual(first.documents);
    expect(pool.threads).toBe(1);
  });
});
