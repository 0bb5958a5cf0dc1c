import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { moscowToday } from '../../platform/clock';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
});
afterAll(async () => t?.close());

it('refuses creating a procurement or a user beyond the tariff, through the real endpoints', async () => {
  const client = await t.login('client');
  const admin = await t.login('admin');
  const cur = await t.call(routes.tariffs.getCurrent, { token: client });
  const companyId = cur.body.company_id;
  const { users: u, procurements: p } = cur.body.usage;
  expect(p.used).toBeGreaterThan(0);
  const plan = await t.call(routes.tariffs.post, {
    token: admin,
    body: { name: 'Впритык', price: '1000', period: 'year', max_users: u.used, max_procurements_per_year: p.used },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const today = moscowToday();
  const a = await t.call(routes.tariffs.postCompaniesTariffs, {
    params: { id: companyId },
    token: admin,
    body: { tariff_id: plan.body.id, valid_from: today, valid_to: null },
  });
  expect(a.status, JSON.stringify(a.body)).toBe(200);

  const before = await t.call(routes.procurements.get, { token: client });
  const refused = await t.call(routes.procurements.post, {
    token: client,
    body: { title: 'Сверх лимита', method: 'quotation_e', subject: 'goods', nmcd: '100000' },
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 'TARIFF_LIMIT' });
  expect(refused.body.message).toMatch(/^Достигнут лимит тарифа «Впритык»: не более \d+ закуп/);
  expect((await t.call(routes.procurements.get, { token: client })).body.total).toBe(before.body.total);

  const user = await t.call(routes.users.post, {
    token: admin,
    body: { title: 'Новый сотрудник', login: 'over-limit', role: 'client', company_id: companyId, password: 'Secret-2026' },
  });
  expect(user.status).toBe(403);
  expect(user.body.code).toBe('TARIFF_LIMIT');
  const found = await t.call(routes.users.get, { query: { q: 'over-limit' }, token: admin });
  expect(found.body.total).toBe(0);
});
