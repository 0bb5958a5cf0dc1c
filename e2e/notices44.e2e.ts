/**
 * A 44-ФЗ purchase's notice, final protocol and contract arrive from ЕИС (the fake's PRIZ and RGK) and come
 * together on /eisNotices44: the row says how many applications there were and who won, and opens to the protocol's
 * applications with their price offers and the commission's decisions, and to the contract that names the supplier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR } from '../tools/fake-eis/server';
import { purchaseNumberOf } from '../tools/fake-eis/notice44-samples';
import { regNum44 } from '../tools/fake-eis/contract44-samples';
import { PERIOD_IMPORT_JOB } from '../server/src/modules/eis/period-import';
import { typePeriod } from './eis-import-form';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';

let e: E2EWithEis;
let page: Page;
const Y = TENDER_PLAN_YEAR;
const AUCTION = purchaseNumberOf(DEMO_44_REG_NUM, Y, 1);

beforeAll(async () => {
  e = await startE2EWithEis();
  page = await e.newPage();
});
afterAll(async () => {
  await e?.close();
});

describe('44-ФЗ notices with their final protocols and contracts', () => {
  it('imports the notices and protocols of a period and shows each purchase’s applications, winner and contract', async () => {
    await e.login(page, 'budget');
    await page.goto('/eisNotices44');
    await page.getByRole('heading', { name: 'Извещения 44-ФЗ из ЕИС' }).waitFor();
    await page.getByTestId('notices44-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка извещений и протоколов 44-ФЗ из ЕИС' });
    await typePeriod(page, dialog, `10.02.${Y}`, `12.03.${Y}`);
    await page.getByTestId('notices44-import-submit').click();
    await page.getByText('Извещения загружены', { exact: true }).waitFor({ timeout: 60_000 });

    const outcome = page.getByTestId(`notice44-protocol-${AUCTION}`);
    await outcome.waitFor();
    await expect.poll(() => outcome.innerText()).toMatch(/Протокол от 02\.03\.\d{4}[\s\S]*3 заявки, допущено 3/);
    expect(await outcome.innerText()).toMatch(/Победитель: заявка № 112038040, 315\s000,00/);

    // the contract concluded on the purchase, from the register of contracts (RGK)
    const token = await e.token(page);
    const r = await e.server.app.inject({
      method: 'POST',
      url: '/api/eis/contracts/import',
      payload: { date_from: `${Y}-03-06`, date_to: `${Y}-03-06` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode, r.body).toBe(202);
    await e.server.deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
    await page.reload();
    await expect.poll(() => outcome.innerText()).toMatch(/Победитель: ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "БУМАГА-ОПТ", 315\s000,00/);

    const row = page.getByRole('row').filter({ has: page.getByTestId(`notice44-${AUCTION}`) });
    await row.locator('.ant-table-row-expand-icon').click();
    const details = page.getByTestId(`notice44-details-${AUCTION}`);
    await details.waitFor();
    const apps = page.getByTestId(`notice44-applications-${AUCTION}`).locator('tbody tr.ant-table-row');
    await expect.poll(() => apps.count()).toBe(3);
    expect(await apps.nth(0).innerText()).toMatch(/112038040[\s\S]*315\s000,00[\s\S]*1[\s\S]*Допущена/);
    expect(await apps.nth(1).innerText()).toMatch(/112016964[\s\S]*322\s000,00[\s\S]*2[\s\S]*Допущена/);
    expect(await details.innerText()).toMatch(/Поставщик\s+ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "БУМАГА-ОПТ", ИНН 0105020407/);
    await e.shot(page, 'notices44');
    await page.getByTestId(`notice44-contract-${AUCTION}`).click();
    await page.waitForURL('**/contracts/register/*');
    await page
      .getByText(regNum44(DEMO_44_CUSTOMER, Y, 2), { exact: false })
      .first()
      .waitFor();
  });
});
