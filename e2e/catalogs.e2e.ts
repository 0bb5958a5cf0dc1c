import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CATALOG_MESSAGES, MESSAGES, catalogMenuFor, type Role } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** Staff links that follow the catalogues after a divider: not part of this comparison. */
const STAFF_LINKS = ['Пользователи', 'Заявки на регистрацию', 'Журнал изменений'];

async function catalogItems(page: Page): Promise<string[]> {
  await page.getByTestId('gear-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
  await menu.first().waitFor();
  const items = (await menu.allInnerTexts()).map((s) => s.trim());
  await page.keyboard.press('Escape');
  return items.filter((s) => !STAFF_LINKS.includes(s));
}

const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

describe('catalogues and tariffs', () => {
  it.each(['admin', 'specialist', 'operator', 'client'] as Role[])(
    '%s sees exactly the gear-menu catalogues the spec allows',
    async (role) => {
      const page = await e.newPage();
      await e.login(page, role);
      expect(await catalogItems(page)).toEqual(catalogMenuFor(role).map((m) => m.label));
      await page.context().close();
    },
  );

  it('a client opening a staff-only catalogue lands on /, and sees funding sources read-only', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/catalogMethod');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/catalogFundingSources');
    await page.getByTestId('catalog-title').getByText('Источники финансирования').waitFor();
    await page.getByText('только просмотр').waitFor();
    expect(await page.getByRole('button', { name: 'Добавить' }).count()).toBe(0);
    await page.context().close();
  });

  it('a specialist creates, edits and archives a funding source and finds it under the archive filter', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    await page.goto('/catalogFundingSources');
    await page.getByTestId('catalog-title').getByText('Источники финансирования').waitFor();
    // the seeded sources have program codes (own, credit, grant…): the table shows their names, never the codes
    await page.getByRole('row', { name: /Кредитные \(заёмные\) средства/ }).waitFor();
    expect(await page.getByRole('table').innerText()).not.toMatch(/\b(credit|own|grant|subsidy_\w+)\b/);
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog');
    // the required rule of the spec
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText(MESSAGES.required).waitFor();
    await dialog.getByLabel('Наименование').fill('Грант фонда e2e');
    await dialog.getByLabel('Код').fill('E2E-1');
    await dialog.getByRole('button', { name: 'Добавить поле' }).click();
    await dialog.getByLabel('Имя поля').fill('grant_no');
    await dialog.getByLabel('Подпись поля').fill('Номер гранта');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Грант фонда e2e/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('свой');

    // edit
    await row.getByText('Изменить').click();
    const edit = page.getByRole('dialog');
    expect(await edit.getByLabel('Подпись поля').inputValue()).toBe('Номер гранта');
    await edit.getByLabel('Наименование').fill('Грант фонда e2e (изменён)');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByRole('row', { name: /Грант фонда e2e \(изменён\)/ });
    await edited.waitFor();

    // search finds it
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('изменён');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await e.shot(page, 'catalog-funding-sources');

    // archive: it leaves the current list and shows under 'Архив'
    await edited.getByText('В архив').click();
    await edited.waitFor({ state: 'detached' });
    await page.getByTestId('archived-filter').getByText('Архив', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('archived')).toBe('true');
    const archivedRow = page.getByRole('row', { name: /Грант фонда e2e \(изменён\)/ });
    await archivedRow.waitFor();
    expect(await archivedRow.innerText()).toContain('в архиве');
    await page.context().close();
  });

  it('the ОКПД2 select finds 17.12 by code and «бумага» by words in the goods/works/services form', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    await page.goto('/catalogServiceDocument');
    await page.getByTestId('catalog-title').getByText('Товары, работы, услуги').waitFor();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog');
    const okpd2 = dialog.getByLabel('Код ОКПД2');
    await okpd2.click();
    await okpd2.fill('17.12');
    await expect.poll(async () => (await openOptions(page).allInnerTexts())[0] ?? '').toMatch(/^17\.12 Бумага и картон/);
    expect((await openOptions(page).allInnerTexts()).every((t) => t.startsWith('17.12'))).toBe(true);
    await okpd2.fill('бумага');
    await expect.poll(async () => (await openOptions(page).allInnerTexts()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await openOptions(page).allInnerTexts()).every((t) => /бумаг/i.test(t))).toBe(true);
    // infinite scroll: the next step of 10 is asked for at the bottom of the list
    const next = page.waitForRequest(
      (r) => r.url().includes('/classifiers/okpd2/options') && r.url().includes('page=2') && r.url().includes('limit=10'),
    );
    await openOptions(page).first().hover();
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 600);
    await next;
    await e.shot(page, 'catalog-okpd2-select');
    await page.context().close();
  });

  it('admin creates a tariff with the numeric rule on the price', async () => {
    const page = await e.newPage();
    await e.login(page, 'admin');
    await page.goto('/catalogTariffs');
    await page.getByRole('button', { name: 'Добавить тариф' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Наименование').fill('Тариф e2e');
    await dialog.getByLabel('Цена, ₽').fill('много');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText(MESSAGES.numeric).waitFor();
    await dialog.getByLabel('Цена, ₽').fill('1500,50');
    await dialog.getByLabel('Не более пользователей').fill('5');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Тариф e2e/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('1\u00a0500,50\u00a0₽');

    // an expired period for the demo customer: its users see the tariff notice above the page
    await page.getByTestId('tariff-company').click();
    await page.keyboard.type('Демо');
    await openOptions(page).filter({ hasText: 'АО «Демо-Заказчик»' }).click();
    await page.getByRole('button', { name: 'Назначить тариф' }).click();
    const assign = page.getByRole('dialog');
    // the options are fetched when the list opens (the new tariff made them stale): picked once they have come, so the
    // click does not meet the list being drawn anew
    const options = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tariffs/options');
    await assign.getByLabel('Тариф').click();
    await options;
    await openOptions(page).filter({ hasText: 'Тариф e2e' }).click();
    await assign.getByLabel('Действует с').fill('01.01.2025');
    await page.keyboard.press('Enter');
    await assign.getByLabel('Действует по').fill('31.12.2025');
    await page.keyboard.press('Enter');
    await assign.getByRole('button', { name: 'Сохранить' }).click();
    await assign.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Тариф e2e.*истёк/ }).waitFor();
    await page.context().close();

    const client = await e.newPage();
    await e.login(client, 'client');
    await expect
      .poll(() => client.getByTestId('tariff-notice').innerText())
      .toContain(CATALOG_MESSAGES.tariffExpired('Тариф e2e', '31.12.2025'));
    await e.shot(client, 'tariff-notice');
    await client.context().close();
  });

  it('deleting an element in use is refused with the server message suggesting the archive', async () => {
    const page = await e.newPage();
    await e.login(page, 'admin');
    await page.goto('/catalogService');
    const goods = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Товары', exact: true }) });
    await goods.getByText('Удалить').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText(/Элемент «Товары» используется .* Перенесите его в архив/).waitFor();
    expect(await goods.count()).toBe(1);
    await page.context().close();
  });
});
