import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, world, type World } from '../../test/factories';

/**
 * A double click on «Сохранить» created two records wherever a create had no idempotency of its own
 * (catalogue elements, tariffs, Положения, versions). Idempotency is now the platform's, for every POST: these are the
 * dialogs the issue names, sent twice at once with one key as the web sends them; the walk proves a new route is
 * covered without a line of its own.
 */
let t: TestServer;
let w: World;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => t?.close());

let keys = 0;
const newKey = () => `d1-dialog-key-${++keys}-${Date.now()}`;

/** Two requests at once with one key: both answered with the one record. */
async function twice(token: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const key = newKey();
  const [a, b] = await Promise.all(
    [0, 1].map(() => t.api<{ id: number }>('POST', url, { token, body, headers: { ...headers, 'idempotency-key': key } })),
  );
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  expect(b.body).toEqual(a.body);
  return a.body;
}

const count = async (sqlText: string, params: unknown[]) =>
  (await t.server.deps.database.sql.query<{ n: number }>(sqlText, params)).rows[0].n;

describe('a double «Сохранить» makes one record', () => {
  it('a catalogue element (a source of funding)', async () => {
    const name = `Склад заказчика ${Date.now()}`;
    await twice(w.specialist, '/api/catalogs/elements', { type: 8, name }, as(w.demoId));
    expect(await count('SELECT count(*)::int AS n FROM catalog_elements WHERE name = $1', [name])).toBe(1);
  });

  it('a tariff', async () => {
    const name = `Тестовый тариф ${Date.now()}`;
    await twice(admin, '/api/tariffs', { name, price: '1000', period: 'month' });
    expect(await count('SELECT count(*)::int AS n FROM tariff_plans WHERE name = $1', [name])).toBe(1);
  });

  it('a Положение and its version: one draft numbered 1', async () => {
    const title = `Положение о закупке ${Date.now()}`;
    const rule = await twice(w.client, '/api/procurement_rules', { title });
    expect(await count('SELECT count(*)::int AS n FROM procurement_rules WHERE title = $1', [title])).toBe(1);
    await twice(w.client, `/api/procurement_rules/${rule.id}/versions`, { number: '1', in_force_from: '2024-01-01' });
    expect(await count('SELECT count(*)::int AS n FROM rule_versions WHERE rule_id = $1', [rule.id])).toBe(1);
  });

  it('a refusal lets the key go: the repeat runs again and meets the same refusal', async () => {
    const key = newKey();
    const send = () =>
      t.api<{ message: string }>('POST', '/api/tariffs', {
        token: admin,
        body: { name: '', price: '1000', period: 'month' },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(400);
    expect((await send()).status).toBe(400);
  });

  it('the same key on another route is refused in words', async () => {
    const key = newKey();
    const name = `Склад ${Date.now()}`;
    const ok = await t.api('POST', '/api/catalogs/elements', {
      token: w.specialist,
      body: { type: 8, name },
      headers: { ...as(w.demoId), 'idempotency-key': key },
    });
    expect(ok.status).toBe(200);
    const other = await t.api<{ message: string }>('POST', '/api/tariffs', {
      token: admin,
      body: { name, price: '1', period: 'month' },
      headers: { 'idempotency-key': key },
    });
    // another user's key space: admin's own key runs
    expect(other.status).toBe(200);
    const mine = await t.api<{ message: string }>('POST', '/api/procurement_rules', {
      token: w.specialist,
      body: { title: name },
      headers: { ...as(w.demoId), 'idempotency-key': key },
    });
    expect(mine.status).toBe(409);
    expect(mine.body.message).toBe('Этот ключ Idempotency-Key уже использован для другого запроса');
  });

  it('every POST route of the table takes part: a bad key is refused before anything else runs', async () => {
    const posts = t.server.routes.filter((r) => r.method === 'POST' && r.url.startsWith('/api/'));
    expect(posts.length).toBeGreaterThan(40);
    const missed: string[] = [];
    for (const r of posts) {
      const url = r.url.replace(/:[a-zA-Z_]+/g, '1');
      const res = await t.api<{ message?: string }>('POST', url, { token: admin, body: {}, headers: { 'idempotency-key': 'bad key!' } });
      if (res.body?.message !== 'Некорректный заголовок Idempotency-Key: 8–128 латинских букв, цифр и знаков «-_.:»')
        missed.push(`${r.url} → ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
    }
    expect(missed).toEqual([]);
  });
});
