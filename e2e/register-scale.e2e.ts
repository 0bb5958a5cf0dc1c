import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateData } from '../tools/generate-data';
import { startE2E, type E2E } from './harness';

// a register past the exact count. The screen says how many there are («≈», the planner's estimate), and the
// last page it offers shows the rows an ORDER BY … OFFSET in plain SQL gives, as does a page sorted another way
let e: E2E;
let page: Page;
let companyId: number;
const ROWS = 12_345;

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
  const sql = e.server.deps.database.sql;
  const demo = await sql.query<{ id: number }>(`SELECT id FROM companies WHERE title = 'АО «Демо-Заказчик»'`);
  companyId = demo.rows[0].id;
  await generateData({
    exec: async (text) => ({ rows: (await sql.exec(text)).rows as Record<string, unknown>[] }),
    procurements: ROWS,
    contracts: 0,
    companyId,
  });
  await sql.exec('ANALYZE procurements');
}, 300_000);
afterAll(async () => e?.close());

const oracle = async (orderBy: string, offset: number) =>
  (
    await e.server.deps.database.sql.query<{ number: string }>(
      `SELECT number FROM procurements WHERE company_id = $1 ORDER BY ${orderBy} OFFSET ${offset} LIMIT 10`,
      [companyId],
    )
  ).rows.map((r) => r.number);

const shownNumbers = async () => {
  const table = page.getByTestId('register-table');
  await table.locator('tbody tr.ant-table-row').first().waitFor();
  return (await table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts()).map((t) => t.trim());
};

it('says the register holds about as many as it does and shows its last offered page as SQL orders it', async () => {
  await e.login(page, 'client');
  const { rows } = await e.server.deps.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM procurements WHERE company_id = $1',
    [companyId],
  );
  const total = rows[0].n;
  expect(total).toBeGreaterThan(10_000);

  await page.goto('/documents');
  const summary = page.locator('.ant-pagination-total-text');
  await expect
    .poll(() => summary.innerText(), { timeout: 30_000 })
    .toMatch(/^Найдено ≈ [\d\s ]+ \(показаны первые 10\s000\): уточните фильтры$/);
  const estimate = Number((await summary.innerText()).replace(/^Найдено ≈ ([\d\s ]+) .*$/, '$1').replace(/\D/g, ''));
  // the planner's estimate after ANALYZE: near the truth, not the cap
  expect(Math.abs(estimate - total) / total).toBeLessThan(0.1);

  // the pager offers the first 10 000; its last page is the 1 000th of ten rows
  await page.locator('.ant-pagination-item-1000').click();
  await expect.poll(shownNumbers, { timeout: 30_000 }).toEqual(await oracle('created_at DESC, id DESC', 9_990));

  // another order, deep in: the number column ascending, page 731
  await page.goto('/documents?sort=number&order=asc&page=731');
  await expect.poll(shownNumbers, { timeout: 30_000 }).toEqual(await oracle('number ASC, id ASC', 7_300));
});
