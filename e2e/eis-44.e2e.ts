/**
 * What ЕИС gives a 44-ФЗ customer, through the screens of the demo's budget institution (user `budget`): the
 * notices and final protocol of PRIZ on /eisNotices44, a contract of RGK asked for by its 19-digit number with its
 * execution (contractProcedure) on its card, and the contracts register filtered by «Закон». Executions that
 * come before their contract wait visibly, and the card and the register show the same delivered and paid figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney, formatPercent } from '@proc/contract';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR } from '../tools/fake-eis/server';
import { purchaseNumberOf } from '../tools/fake-eis/notice44-samples';
import { regNum44 } from '../tools/fake-eis/contract44-samples';
import { demoTenderPlanPositions, ikzOf } from '../tools/fake-eis/tender-plan-samples';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { importContractByNumber, typePeriod } from './eis-import-form';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';

let e: E2EWithEis;
let page: Page;
const Y = TENDER_PLAN_YEAR;
const [PAPER] = demoTenderPlanPositions();
// the fake ЕИС's purchases and contracts of the institution (notice44-samples.ts, contract44-samples.ts)
const AUCTION = purchaseNumberOf(DEMO_44_REG_NUM, Y, 1);
const WASTE_REG = regNum44(DEMO_44_CUSTOMER, Y, 1);
const PAPER_REG = regNum44(DEMO_44_CUSTOMER, Y, 2);
// another customer's 223-ФЗ contract, uploaded by hand: the contractRegNumber of fixtures/eis223/contract_test.xml
const REG_223 = '50105018196150000010000';

beforeAll(async () => {
  e = await startE2EWithEis();
  page = await e.newPage();
  await e.login(page, 'budget');
});
afterAll(async () => e?.close());

const rows = () => page.getByTestId('contracts-table').locator('tbody tr.ant-table-row');

const importContract = (number: string) => importContractByNumber(page, number);

async function chooseLaw(title: string) {
  await page.getByLabel('Закон').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .click();
}

describe('44-ФЗ notices and contracts from ЕИС on the screens', () => {
  it('imports the notices of a period and shows an auction with its final protocol on /eisNotices44', async () => {
    await page.goto('/eisNotices44');
    await page.getByText('Извещений 44-ФЗ нет. Загрузите их из ЕИС.').waitFor();
    await page.getByTestId('notices44-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка извещений и протоколов 44-ФЗ из ЕИС' });
    await typePeriod(page, dialog, `16.02.${Y}`, `10.03.${Y}`);
    await page.getByTestId('notices44-import-submit').click();
    await page.getByText('Извещения загружены', { exact: true }).waitFor({ timeout: 60_000 });

    const row = page
      .getByTestId('notices44-table')
      .getByRole('row')
      .filter({ has: page.getByTestId(`notice44-${AUCTION}`) });
    await row.waitFor();
    // the data cells, without the one that expands the protocol's applications
    const cells = await row.locator('td:not(.ant-table-row-expand-icon-cell)').allInnerTexts();
    expect(cells[0]).toContain(AUCTION);
    expect(cells[0]).toContain('44-ФЗ');
    expect(cells.slice(1, 5)).toEqual(['Электронный аукцион', PAPER.subject, ikzOf(DEMO_44_CUSTOMER, Y, PAPER), formatMoney('350000.00')]);
    expect(cells[5]).toMatch(new RegExp(`^16\\.02\\.${Y}`));
    expect(cells[6]).toMatch(new RegExp(`^26\\.02\\.${Y}`));
    // the final protocol's outcome beside its notice
    const protocol = await row.getByTestId(`notice44-protocol-${AUCTION}`).innerText();
    expect(protocol).toContain(`Протокол от 02.03.${Y}`);
    expect(protocol).toContain(formatMoney('315000.00'));
    // the demo stores the institution's план-график: the notice meets its position by ИКЗ
    await row.getByTestId(`notice44-position-${AUCTION}`).waitFor();
    await e.shot(page, 'eis-44-notices');
  });

  it('shows executions waiting for their contract, then the contract by number: stages, acceptance, payment, figures', async () => {
    await page.goto('/contracts/register');
    // the act (03.07) and the payment order (10.07) of the ТКО contract, whose own record ЕИС published on
    // 04.03, arrive first: they are kept and shown as waiting for their contract
    await page.getByTestId('contracts-import').click();
    await typePeriod(page, page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' }), `03.07.${Y}`, `10.07.${Y}`);
    await page.getByTestId('contracts-import-submit').click();
    const waiting = page.getByTestId('waiting-executions');
    await waiting.waitFor({ timeout: 60_000 });
    expect(await waiting.innerText()).toContain('2 сведения об исполнении из ЕИС ожидают контракт');
    await page.getByTestId('waiting-executions-toggle').click();
    const waitingRows = waiting.locator('tbody tr.ant-table-row');
    await expect.poll(() => waitingRows.count()).toBe(2);
    expect(await waitingRows.first().locator('td').allInnerTexts()).toEqual([
      WASTE_REG,
      `10.07.${Y} 14:40`,
      '0',
      '—',
      `1 на ${formatMoney('49631.76')}`,
    ]);
    expect(await waitingRows.nth(1).locator('td').allInnerTexts()).toEqual([
      WASTE_REG,
      `03.07.${Y} 09:15`,
      '0',
      `1 на ${formatMoney('49631.76')}`,
      '—',
    ]);
    expect(await rows().count()).toBe(0);

    await importContract(WASTE_REG);
    // the contract came: nothing waits any more
    await waiting.waitFor({ state: 'detached' });
    await importContract(PAPER_REG);
    // and another organisation's 223-ФЗ contract by hand, confirmed
    await page.getByTestId('contracts-import').click();
    await page.getByTestId('contracts-upload-input').setInputFiles(fixturePath('eis223', 'contract_test.xml'));
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').filter({ hasText: 'Файл другой организации' }).waitFor();
    await confirm.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByText('Файл «contract_test.xml» загружен').waitFor({ timeout: 30_000 });
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Отмена' }).click();

    await expect.poll(() => rows().count()).toBe(3);
    await rows().filter({ hasText: WASTE_REG }).click();
    await page.waitForURL(/\/contracts\/register\/\d+$/);
    const about = page.getByTestId('contract-44');
    await about.getByText('44-ФЗ').waitFor();
    expect(await about.innerText()).toContain(ikzOf(DEMO_44_CUSTOMER, Y, demoTenderPlanPositions()[1]));
    const table = (id: string) => page.getByTestId(id).locator('tbody tr.ant-table-row');
    await expect.poll(() => table('contract-44-stages').count()).toBe(2);
    expect(await table('contract-44-stages').first().locator('td').allInnerTexts()).toEqual([
      '1',
      `02.03.${Y}`,
      `30.06.${Y}`,
      formatMoney('49631.76'),
    ]);
    expect(await table('contract-44-stages').nth(1).locator('td').allInnerTexts()).toEqual([
      '2',
      `01.07.${Y}`,
      `31.12.${Y}`,
      formatMoney('99263.52'),
    ]);
    // contractProcedure: the act of the first stage and the payment order for it
    expect(await table('contract-44-acceptances').locator('td').allInnerTexts()).toEqual([
      '1',
      `Акт выполненных работ № ТКО-${Y}/1-1 от 30.06.${Y}`,
      `02.07.${Y}`,
      formatMoney('49631.76'),
    ]);
    expect(await table('contract-44-payments').locator('td').allInnerTexts()).toEqual([
      '1',
      'Платежное поручение № 518',
      `09.07.${Y}`,
      formatMoney('49631.76'),
    ]);
    await e.shot(page, 'eis-44-contract');

    // the act and the payment order count in the card's figures, once — and the register says the same
    const id = /\/contracts\/register\/(\d+)$/.exec(page.url())![1];
    const bar = (testId: string) => page.getByTestId(testId).locator('title').textContent();
    const stage = formatMoney('49631.76');
    const part = formatPercent('33.33');
    await expect.poll(() => bar('delivered-share')).toBe(`Поставлено: ${stage}: ${part}`);
    expect(await bar('paid-share')).toBe(`Оплачено: ${stage}: ${part}`);
    expect(await page.getByTestId('execution-summary').innerText()).toMatch(/Документов приёмки: 1,.*платежей: 1\./s);
    await page.goto('/contracts/register');
    const shares = page.getByTestId(`shares-${id}`);
    await shares.waitFor();
    expect(await shares.locator('[aria-label^="Поставлено"]').getAttribute('aria-label')).toBe(`Поставлено ${stage}, ${part}`);
    expect(await shares.locator('[aria-label^="Оплачено"]').getAttribute('aria-label')).toBe(`Оплачено ${stage}, ${part}`);
    expect((await shares.innerText()).replace(/\s+/g, ' ')).toBe(`пост. ${part} опл. ${part}`.replace(/\s+/g, ' '));
    // the paper contract, cancelled before any execution: nothing delivered, nothing paid
    const paper = rows().filter({ hasText: PAPER_REG });
    expect((await paper.getByTestId(/^shares-/).innerText()).replace(/\s+/g, ' ')).toBe(
      `пост. ${formatPercent('0')} опл. ${formatPercent('0')}`.replace(/\s+/g, ' '),
    );
  });

  it('filters the contracts register by «Закон»: 44-ФЗ, then 223-ФЗ', async () => {
    await page.goto('/contracts/register');
    await expect.poll(() => rows().count()).toBe(3);
    const shown = async () =>
      (await rows().all()).length
        ? Promise.all((await rows().all()).map(async (r) => ((await r.innerText()).match(/\d{23}|\d{19}/) ?? [''])[0]))
        : [];

    await chooseLaw('44-ФЗ');
    await page.waitForURL(/law=44/);
    await expect.poll(async () => (await shown()).sort()).toEqual([WASTE_REG, PAPER_REG].sort());
    expect(await page.getByTestId('contracts-table').locator('tbody').innerText()).not.toContain('223-ФЗ');

    await chooseLaw('223-ФЗ');
    await page.waitForURL(/law=223/);
    await expect.poll(shown).toEqual([REG_223]);
    expect(await page.getByTestId('contracts-table').locator('tbody').innerText()).not.toContain('44-ФЗ');

    // the filter lives in the URL: a reload keeps it
    await page.reload();
    await expect.poll(shown).toEqual([REG_223]);
    await chooseLaw('Все законы');
    await expect.poll(() => rows().count()).toBe(3);
    expect(page.url()).not.toContain('law=');
  });

  it('the card shows what ЕИС published otherwise, and applies it in one confirmation', async () => {
    // the register finds the paper card by the number of the purchase ЕИС placed on its ИКЗ, and marks it
    await page.goto(`/documents?q=${AUCTION}`);
    const found = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => found.count()).toBe(1);
    await found.getByTestId('eis-differs-mark').waitFor();
    await found.getByRole('link').first().click();
    await page.waitForURL(/\/documents\/\d+$/);

    const box = page.getByTestId('procurement-eis');
    await box.getByTestId('eis-pending').waitFor();
    expect(await box.innerText()).toContain(AUCTION);
    // the card's НМЦК came from market prices; ЕИС's notice says 350 000,00
    await box.getByTestId('eis-differs-nmcd').getByText(formatMoney('350000.00')).waitFor();
    await box.getByTestId('eis-differs-published_on').getByText(`16.02.${Y}`).waitFor();
    // the deadline check gives no green light while ЕИС's dates differ
    await page.getByTestId('terms-eis-differs').waitFor();
    expect(await page.getByTestId('terms-ok').count()).toBe(0);
    const eisStatus = await box.getByTestId('eis-status').innerText();
    expect(await page.getByTestId('procurement-status').innerText()).toBe('Черновик');
    await e.shot(page, 'eis-reconciliation');

    await box.getByTestId('eis-apply').click();
    const list = page.getByTestId('eis-apply-list');
    await list.getByText(`НМЦК:`, { exact: false }).waitFor();
    expect(await list.innerText()).toContain(`Статус: Черновик → ${eisStatus}`);
    await page.getByRole('button', { name: 'Применить', exact: true }).click();
    await page.getByText('Данные ЕИС применены', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('procurement-status').innerText()).toBe(eisStatus);
    await box.getByText('Совпадают с карточкой').waitFor();
    expect(await box.getByTestId('eis-apply').count()).toBe(0);
    // the card's own values now are ЕИС's, and the register's mark is gone
    const token = await e.token(page);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const res = await e.server.app.inject({ method: 'GET', url: `/api/procurements/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(JSON.parse(res.body)).toMatchObject({ nmcd: '350000.00', published_on: `${Y}-02-16`, application_deadline: `${Y}-02-26` });
    await page.goto(`/documents?q=${AUCTION}`);
    await expect.poll(() => found.count()).toBe(1);
    // the list may first show what it had: the mark goes once the page is read again
    await expect.poll(() => found.getByTestId('eis-differs-mark').count()).toBe(0);
  });
});
