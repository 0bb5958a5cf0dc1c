import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTRACT_REGISTRY_NUMBER_MESSAGE, type ContractResponse, type Paged, type ProcurementResponse } from '@proc/contract';
import { DEMO_CUSTOMER, type FakeEis } from '../tools/fake-eis/server';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { typePeriod } from './eis-import-form';
import { demoNotices } from '../tools/fake-eis/notice-samples';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';

let e: E2EWithEis;
let page: Page;
let eis: FakeEis;
// the fake ЕИС's plan of АО «Демо-Заказчик» (tools/fake-eis/generate-demo.ts)
const PLAN = `2${DEMO_CUSTOMER.inn.slice(0, 9)}`;

beforeAll(async () => {
  e = await startE2EWithEis();
  eis = e.eis;
  page = await e.newPage();
});
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST', url: string): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}

describe('ЕИС contracts and plans import', () => {
  it('a client imports the contracts of a period from ЕИС and sees the spec notice', async () => {
    await e.login(page, 'client');
    await page.goto('/contracts/register');
    await page.getByTestId('contracts-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' });
    await typePeriod(page, dialog, '01.01.2024', '31.12.2024');
    await page.getByTestId('contracts-import-submit').click();
    await page.getByText('Договоры успешно обработаны', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Договоры за период 01.01.2024-31.12.2024 успешно обработаны и добавлены').waitFor();
    const list = await api<Paged<ContractResponse>>('GET', '/api/contracts?limit=50');
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    expect(list.body.items.map((c) => c.subject)).toContain('Поставка картриджей');
  });

  it('imports one contract by its registry number and uploads an ЕИС XML by hand', async () => {
    const list = await api<Paged<ContractResponse>>('GET', '/api/contracts?q=картриджей');
    const number = list.body.items[0].registry_number!;
    expect(number).toMatch(/^\d{23}$/);
    await page.getByTestId('contracts-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' });
    await dialog.getByText('Один договор').click();
    // a wrong number is refused in the form
    await page.getByTestId('contracts-import-number').fill('123');
    await page.getByTestId('contracts-import-submit').click();
    await dialog.getByText(CONTRACT_REGISTRY_NUMBER_MESSAGE).waitFor();
    await page.getByTestId('contracts-import-number').fill(number);
    await page.getByTestId('contracts-import-submit').click();
    await page.getByText('Договор успешно обработан', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(`Номер загруженного договора: ${number}`, { exact: true }).waitFor();

    await page.getByTestId('contracts-import').click();
    await page.getByTestId('contracts-upload-input').setInputFiles(fixturePath('eis223', 'contract_test.xml'));
    // the fixture is another customer's contract: the user is told whose it is and decides
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').filter({ hasText: 'Файл другой организации' }).waitFor();
    expect(await confirm.innerText()).toMatch(/Заказчик договора в файле — «.+» \(ИНН 0105018196\), а не «АО «Демо-Заказчик»»/);
    await confirm.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByText('Файл «contract_test.xml» загружен').waitFor({ timeout: 30_000 });
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Отмена' }).click();
  });

  it('imports the plan from ЕИС, opens its items, filters them and creates a procurement from an item', async () => {
    await page.goto('/eisPlans');
    await page.getByRole('heading', { name: 'Планы закупки' }).waitFor();
    await page.getByText('Планов закупки нет', { exact: false }).waitFor();
    await page.getByText('Ежедневная синхронизация с ЕИС не настроена', { exact: false }).waitFor();
    await page.getByTestId('plans-import').click();
    // the 2024 plan went out in December 2023: the offered period (from 1 December of last year) is changed
    const dialog = page.getByRole('dialog', { name: 'Загрузка планов закупки из ЕИС' });
    await typePeriod(page, dialog, '01.12.2023', '31.12.2023');
    await page.getByTestId('plans-import-submit').click();
    await page.getByText('Планы закупки загружены', { exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('eis-import-current').innerText())
      .toMatch(/^Загрузка из ЕИС за период 01\.12\.2023–31\.12\.2023 завершена/);
    // the push refreshes the list
    const row = page.getByRole('row').filter({ has: page.getByTestId(`plan-${PLAN}`) });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/2024[\s\S]*Размещён[\s\S]*\b3\b/);
    await e.shot(page, 'eis-plans');
    await page.getByTestId(`plan-${PLAN}`).click();
    await page.waitForURL(`**/eisPlanItems/${PLAN}`);
    await page.getByRole('heading', { name: `Позиции плана закупки № ${PLAN}` }).waitFor();
    const rows = page.getByTestId('plan-items-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.first().locator('td').first().innerText()).toBe('1');
    const firstSubject = await rows.first().locator('td').nth(1).innerText();
    expect(['Поставка бумаги для офисной техники', 'Техническое обслуживание кондиционеров', 'Поставка картриджей']).toContain(
      firstSubject,
    );
    expect(await page.getByTestId('plan-items-table').innerText()).toContain('17.12.14.110');

    // the SME filter goes into the URL and narrows the list on the server
    await page.getByLabel('Только для МСП').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Только МСП' })
      .click();
    await page.waitForURL(/sme_only=true/);
    await expect.poll(() => rows.count()).toBe(2);
    await e.shot(page, 'eis-plan-items');
    await page.goto(`/eisPlanItems/${PLAN}`);
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByTestId('plan-item-create-1').click();
    await page.waitForURL(/\/documents\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const p = await api<ProcurementResponse>('GET', `/api/procurements/${id}`);
    expect(p.status).toBe(200);
    expect(p.body.status).toBe('draft');
    expect(p.body.title).toBe(firstSubject);
    expect(p.body.plan_item_number).toBe(`${PLAN}-1`);
  });

  it('imports the notices of a period from the procurement register: a procurement for every notice type', async () => {
    await page.goto('/documents');
    await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();
    const before = await api<{ total: number }>('GET', '/api/procurements?limit=50');
    await page.getByTestId('notices-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка извещений из ЕИС' });
    await typePeriod(page, dialog, '15.02.2024', '15.02.2024');
    await page.getByTestId('notices-import-submit').click();
    await page.getByText('Извещения загружены', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Извещения за период 15.02.2024-15.02.2024 внесены в реестр закупок', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('eis-import-current').innerText()).toMatch(/^Загрузка из ЕИС за 15\.02\.2024 завершена/);
    // the fake holds one notice of each type ЕИС serves on that day (tools/fake-eis/notice-samples.ts)
    const after = await api<{ total: number; items: { method: string }[] }>('GET', '/api/procurements?limit=50');
    expect(after.body.total - before.body.total).toBe(demoNotices(DEMO_CUSTOMER).length);
    const methods = new Set(after.body.items.map((p) => p.method));
    expect(
      ['quotation_e', 'auction_e', 'auction', 'single', 'competition', 'competition_e', 'quotation', 'proposal_e'].filter(
        (m) => !methods.has(m),
      ),
    ).toEqual([]);
    await e.shot(page, 'eis-notices');
  });

  it('a client saves the company’s ЕИС token and region and checks the connection', async () => {
    await page.goto('/profile/eisSettings');
    await page.getByLabel('Токен ЕИС (сервис отдачи документов)').fill('person-token-from-eis');
    await page.getByLabel('Код региона заказчика').fill('01');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Настройки ЕИС сохранены').waitFor();
    await page.getByText('Токен сохранён. Оставьте поле пустым, чтобы не менять его.').waitFor();
    expect(await page.getByLabel('Токен ЕИС (сервис отдачи документов)').inputValue()).toBe('');
    await page.getByTestId('eis-check').click();
    await expect
      .poll(() => page.getByTestId('eis-check-result').innerText())
      .toMatch(/^ЕИС ответила: договоров региона 01 за \d{2}\.\d{2}\.\d{4}/);
    expect(eis.soi.requests.at(-1)?.token).toBe('person-token-from-eis');
    await e.shot(page, 'eis-settings-check');
    // another ИНН typed here is a request to the operator: the form keeps the ИНН in force
    const inn = page.getByLabel('ИНН', { exact: true });
    const inForce = await inn.inputValue();
    await inn.fill('7707083893');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page
      .getByTestId('identity-request')
      .getByText('Смена реквизитов ожидает подтверждения оператором: ИНН 7707083893', { exact: false })
      .waitFor();
    await expect.poll(() => inn.inputValue()).toBe(inForce);

    // then imports this year's contracts with that token, watching the progress bar go to 100 %
    // a period ends today at the latest (ЕИС has nothing published later): this year up to today, Moscow time
    const today = new Date().toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
    const year = Number(today.slice(-4));
    const before = (await api<Paged<ContractResponse>>('GET', '/api/contracts?limit=1')).body.total;
    eis.soiDelayMs = 15; // a ЕИС that takes its time, so the bar is seen moving
    await page.goto('/contracts/register');
    await page.getByText('Ежедневная синхронизация с ЕИС ещё не выполнялась', { exact: false }).waitFor();
    await page.getByTestId('contracts-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' });
    await typePeriod(page, dialog, `01.01.${year}`, today);
    // the dialog says what ЕИС's budget of the token (EIS_REQUESTS_PER_MINUTE, 90 by default) makes of a year
    await expect
      .poll(() => dialog.getByTestId('contracts-import-period-estimate').innerText())
      .toMatch(/^Дней: \d+\. .*не больше 90 запросов в минуту по токену: загрузка займёт ≈ \d+ мин$/);
    const asked = eis.soi.requests.length;
    await page.getByTestId('contracts-import-submit').click();
    // the bar as the page shows it, read every 50 ms until this import is done
    const read = () =>
      page.evaluate(() => {
        const current = document.querySelector('[data-testid=eis-import-current]');
        const bar = document.querySelector('[data-testid=eis-import-progress]');
        return current && bar
          ? {
              status: current.getAttribute('data-status'),
              text: current.textContent ?? '',
              value: Number(bar.getAttribute('aria-valuenow')),
            }
          : null;
      });
    const seen: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await read();
      if (now?.text.includes(`01.01.${year}–${today}`)) {
        seen.push(now.value);
        if (now.status === 'success' && now.value === 100) break;
      }
      expect(Date.now(), `progress seen: ${seen.join(',')}`).toBeLessThan(deadline);
      await page.waitForTimeout(50);
    }
    eis.soiDelayMs = 0;
    // the bar moved through the days and never went back
    expect(
      seen.some((v) => v > 0 && v < 100),
      seen.join(','),
    ).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await e.shot(page, 'eis-import-progress');
    expect(eis.soi.requests.slice(asked).every((r) => r.token === 'person-token-from-eis')).toBe(true);
    expect(await page.getByTestId('eis-import-current').innerText()).toMatch(
      /завершена \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: документов 6: новых 6/,
    );
    // and the contracts are in the register
    await expect.poll(async () => (await api<Paged<ContractResponse>>('GET', '/api/contracts?limit=1')).body.total).toBe(before + 6);
    await page.getByTestId('contracts-table').getByText('Ремонт кровли склада № 2').waitFor();
  });
});
