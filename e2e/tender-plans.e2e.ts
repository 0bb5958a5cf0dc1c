import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { DEMO_CUSTOMER, DEMO_REG_NUM, TENDER_PLAN_YEAR } from '../tools/fake-eis/server';
import { typePeriod } from './eis-import-form';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';

let e: E2EWithEis;
let page: Page;
const Y = TENDER_PLAN_YEAR;
// the fake ЕИС's план-график of the demo customer (tools/fake-eis/tender-plan-samples.ts)
const PLAN = `${Y}${DEMO_REG_NUM}001`;

beforeAll(async () => {
  e = await startE2EWithEis();
  page = await e.newPage();
});
afterAll(async () => {
  await e?.close();
});

describe('the 44-ФЗ план-график from ЕИС', () => {
  it('imports the план-график, filters its positions and creates a 44-ФЗ purchase from one', async () => {
    await e.login(page, 'client');
    await page.goto('/eisPlans');
    await page.getByText('44-ФЗ: планы-графики').click();
    await page.waitForURL('**/eisPlans/tender');
    await page.getByRole('heading', { name: 'Планы-графики (44-ФЗ)' }).waitFor();
    await page.getByText('Планов-графиков нет', { exact: false }).waitFor();
    await page.getByTestId('tender-plans-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка планов-графиков из ЕИС' });
    await typePeriod(page, dialog, `15.12.${Y - 1}`, `15.02.${Y}`);
    await page.getByTestId('tender-plans-import-submit').click();
    await page.getByText('Планы-графики загружены', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText(`Планы-графики: ${PLAN}`).waitFor();
    // the push refreshes the list: the newest version only
    const link = page.getByTestId(`tender-plan-${PLAN}-2`);
    await link.waitFor();
    const row = page.getByRole('row').filter({ has: link });
    await expect.poll(() => row.innerText()).toMatch(new RegExp(`${Y}[\\s\\S]*${Y + 1}–${Y + 2}[\\s\\S]*Действующая[\\s\\S]*\\b7\\b`));
    expect(await page.getByTestId('tender-plans-table').innerText()).toContain(DEMO_CUSTOMER.name);
    await e.shot(page, 'tender-plans');

    await link.click();
    await page.waitForURL(`**/eisPlans/tender/${PLAN}`);
    await page.getByRole('heading', { name: `План-график № ${PLAN}` }).waitFor();
    const rows = page.getByTestId('tender-positions-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(7);
    // each year's money in its column: the roof is 1 200 000 this year and 800 000 the next
    const roof = rows.filter({ hasText: 'Капитальный ремонт кровли здания' });
    await expect
      .poll(() => roof.innerText())
      .toMatch(/43\.91\.19\.000[\s\S]*243[\s\S]*2\s000\s000,00[\s\S]*1\s200\s000,00[\s\S]*800\s000,00/);

    // the КВР filter goes into the URL and narrows the list on the server
    await page.getByRole('textbox', { name: 'КВР' }).fill('243');
    await page.getByRole('textbox', { name: 'КВР' }).press('Enter');
    await page.waitForURL(/kvr=243/);
    await expect.poll(() => rows.count()).toBe(1);
    await e.shot(page, 'tender-positions');

    await page.getByTestId('tender-position-create-3').click();
    await page.waitForURL(/\/documents\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('procurement-law').getByText('44-ФЗ').waitFor();
    const ikz = `${String(Y).slice(2)}2${DEMO_CUSTOMER.inn}${DEMO_CUSTOMER.kpp}00030014391243`;
    await page.getByTestId('procurement-ikz').getByText(`ИКЗ ${ikz} · КВР 243`).waitFor();
    const token = await e.token(page);
    const res = await e.server.app.inject({ method: 'GET', url: `/api/procurements/${id}`, headers: { authorization: `Bearer ${token}` } });
    const p = JSON.parse(res.body) as ProcurementResponse;
    expect(p).toMatchObject({
      law: '44',
      ikz,
      kvr: '243',
      nmcd: '2000000.00',
      finance_years: { total: '2000000.00', current_year: '1200000.00', first_year: '800000.00' },
      okpd2: [{ code: '43.91.19.000' }],
    });

    // back on the position: its purchase is linked, not created twice; the register filters by law
    await page.goto(`/eisPlans/tender/${PLAN}?kvr=243`);
    await page.getByTestId(`tender-position-procurement-${p.tender_plan_position_id}`).waitFor();
    await page.goto('/documents?law=44');
    const registerRows = page.getByTestId('register-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => registerRows.count()).toBe(1);
    await registerRows.first().getByTestId('law-44').waitFor();
  });
});
