/**
 * At 1280 px the plan items' «Способ закупки» was cut by the fixed «Действия» column and a procurement
 * number broke as «2026-/0018». The plan is set up in the database as an uploaded one (its import is another
 * issue's screen); its first item gets its procurement through the API, so the «Закупка» column shows a number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { planItems, plans, users } from '../server/src/db/schema';
import { startE2E, type E2E } from './harness';
import { layoutFindings } from './layout-check';

let e: E2E;
let page: Page;
const PLAN = '2991234567890';

beforeAll(async () => {
  e = await startE2E();
  const db = e.server.deps.db;
  const [client] = await db.select().from(users).where(eq(users.login, 'client'));
  const [plan] = await db
    .insert(plans)
    .values({
      companyId: client.companyId,
      registrationNumber: PLAN,
      year: 2026,
      name: 'План 1280',
      itemCount: 3,
      total: '0',
      source: 'upload',
    })
    .returning();
  const methods = ['single', 'proposal_e', 'quotation_e'];
  await db.insert(planItems).values(
    methods.map((method, i) => ({
      planId: plan.id,
      companyId: client.companyId,
      ordinal: i + 1,
      subject: `Поставка бумаги для офисной техники, партия ${i + 1}`,
      okpd2Code: '17.12.14.129',
      okeiCode: '796',
      okeiName: 'Штука',
      quantity: '100',
      nmcd: '1500000.00',
      plannedMonth: '2026-03-01',
      method,
    })),
  );
  page = await e.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await e.login(page, 'client');
  const items = await e.server.app.inject({
    method: 'GET',
    url: `/api/eis/plans/${PLAN}/items?limit=10`,
    headers: { authorization: `Bearer ${await e.token(page)}` },
  });
  const first = (JSON.parse(items.body) as { items: { id: number; ordinal: number }[] }).items.find((i) => i.ordinal === 1)!;
  const created = await e.server.app.inject({
    method: 'POST',
    url: `/api/eis/plans/${PLAN}/items/${first.id}/procurement`,
    headers: { authorization: `Bearer ${await e.token(page)}` },
  });
  expect(created.statusCode, created.body).toBe(200);
}, 180_000);
afterAll(async () => e?.close());

describe('plan items at 1280 px', () => {
  it('shows every «Способ закупки» whole beside the fixed actions, and the procurement number on one line', async () => {
    await page.goto(`/eisPlanItems/${PLAN}`);
    const table = page.getByTestId('plan-items-table');
    await table.getByTestId('plan-item-procurements-1').waitFor();
    const problems = await table.evaluate((t) => {
      const out: string[] = [];
      const heads = [...t.querySelectorAll('thead th')];
      const col = heads.findIndex((h) => (h as HTMLElement).innerText.trim() === 'Способ закупки');
      for (const row of t.querySelectorAll('tbody tr.ant-table-row')) {
        const cells = [...row.children] as HTMLElement[];
        const method = cells[col];
        const actions = cells[cells.length - 1].getBoundingClientRect();
        const r = method.getBoundingClientRect();
        if (method.scrollWidth > method.clientWidth) out.push(`«${method.innerText}» wider than its cell`);
        // visible on the first screen and not under the fixed column
        if (r.right > actions.left + 1) out.push(`«${method.innerText}» under the actions column (${r.right} > ${actions.left})`);
      }
      for (const a of t.querySelectorAll('[data-testid^="plan-item-procurements-"] a')) {
        const lines = new Set([...a.getClientRects()].map((x) => Math.round(x.top)));
        if (lines.size > 1) out.push(`«${(a as HTMLElement).innerText}» wraps`);
      }
      return out;
    });
    expect(problems).toEqual([]);
    expect(await layoutFindings(page)).toEqual([]);
    await e.shot(page, 'plan-items-1280');
  });
});
