/**
 * References and counts scoped to the acting company (issue 30, F13): a procurement refuses another tenant's plan
 * item, and a shared catalogue element's usage counts only the acting company's records (a delete still counts all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { catalogElements, planItems, plans } from '../../src/db/schema';
import { as, world, type World } from '../factories';
import { createCompanyB, type CompanyB } from './b-company';

let t: TestServer;
let w: World;
let b: CompanyB;
let admin: string;

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  admin = await t.login('admin');
  w = await world(t);
  b = await createCompanyB(t, admin);
}, 90_000);
afterAll(async () => t?.close());

const procurement = (extra: Record<string, unknown>) => ({ title: 'Закупка с ссылками', method: 'auction_e', subject: 'goods', nmcd: '1000', ...extra });

describe('plan items of the acting company only', () => {
  it("a procurement refuses another tenant's plan item on create and on save, and takes its own", async () => {
    const foreign = await t.api<{ message: string; fields: Record<string, string[]> }>('POST', '/api/procurements', { token: w.client, body: procurement({ plan_item_id: b.ids.planItem }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.plan_item_id).toEqual(['Позиция плана закупки не найдена']);

    const db = t.server.deps.db;
    const [plan] = await db.insert(plans).values({ companyId: w.demoId, registrationNumber: `A${Date.now()}`, year: 2025, name: 'План А', itemCount: 1, total: '1000.00', source: 'upload' }).returning();
    const [own] = await db
      .insert(planItems)
      .values({ planId: plan.id, companyId: w.demoId, ordinal: 1, subject: 'Бумага А', okpd2Code: '17.12.14.129', okeiCode: '796', okeiName: 'Штука', quantity: '1', nmcd: '1000.00', plannedMonth: '2025-03-01', method: 'auction_e' })
      .returning();
    const created = await t.api<{ id: number; plan_item_id: number | null }>('POST', '/api/procurements', { token: w.client, body: procurement({ plan_item_id: own.id }) });
    expect(created.status).toBe(200);
    expect(created.body.plan_item_id).toBe(own.id);

    const saved = await t.api('PUT', `/api/procurements/${created.body.id}`, { token: w.client, body: procurement({ plan_item_id: b.ids.planItem }) });
    expect(saved.status).toBe(400);
    const after = await t.api<{ plan_item_id: number | null }>('GET', `/api/procurements/${created.body.id}`, { token: w.client });
    expect(after.body.plan_item_id).toBe(own.id);
  });
});

describe('usage counts of a shared catalogue element', () => {
  it("count the acting company's records only; deleting it counts every tenant's", async () => {
    const [shared] = await t.server.deps.db.insert(catalogElements).values({ companyId: null, type: 8, name: 'Общий источник финансирования' }).returning();
    const usage = async (token: string, companyId: number) =>
      (await t.api<{ count: number }>('GET', `/api/catalogs/elements/${shared.id}/usage`, { token, headers: as(companyId) })).body.count;
    for (let i = 0; i < 3; i++) {
      expect((await t.api('POST', '/api/procurements', { token: w.client, body: procurement({ funding_source_ids: [shared.id] }) })).status).toBe(200);
    }
    expect(await usage(w.client, w.demoId)).toBe(3);
    expect(await usage(admin, b.companyId)).toBe(0);
    expect((await t.api('POST', '/api/procurements', { token: admin, headers: as(b.companyId), body: procurement({ funding_source_ids: [shared.id] }) })).status).toBe(200);
    expect(await usage(admin, b.companyId)).toBe(1);
    expect(await usage(w.client, w.demoId)).toBe(3);
    const del = await t.api<{ message: string }>('DELETE', `/api/catalogs/elements/${shared.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('(закупки: 4)');
  });
});
