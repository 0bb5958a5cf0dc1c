import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, catalogMenuFor } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

async function gearItems(page: Page): Promise<string[]> {
  await page.getByTestId('gear-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
  await menu.first().waitFor();
  const items = await menu.allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((s) => s.trim());
}

describe('registration → approval → sign-in → roles → logout', () => {
  it('registers with the ИНН lookup and the e-mail code, and waits for the operator', async () => {
    const page = await e.newPage();
    await page.goto('/registration');
    await page.getByLabel('ИНН').fill('0105020396');
    await page.getByRole('button', { name: 'Найти по ИНН' }).click();
    await expect.poll(() => page.getByLabel('Краткое наименование').inputValue()).toBe('МУП "МАЙКОПВОДОКАНАЛ"');
    expect(await page.getByLabel('КПП').inputValue()).toBe('010501001');

    await page.getByLabel('ФИО').fill('Петров Пётр Петрович');
    await page.getByLabel('Логин').fill('petrov');
    await page.getByLabel('Пароль').fill('Secret-2026');
    // the spec's e-mail rule in the form
    await page.getByLabel('E-mail').fill('bad-email');
    await page.getByRole('button', { name: 'Отправить код на e-mail' }).click();
    await page.getByText(MESSAGES.email).waitFor();
    await page.getByLabel('E-mail').fill('petrov@vodokanal.ru');
    await page.getByRole('button', { name: 'Отправить код на e-mail' }).click();
    await expect.poll(() => e.mails.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const code = /код подтверждения: (\d{6})/i.exec(e.mails.at(-1)!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(e.mails.at(-1)!.to).toBe('petrov@vodokanal.ru');
    await page.getByLabel('Код из письма').fill(code!);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/expectRegistration');
    await page.getByText('Заявка на рассмотрении').waitFor();
    await e.shot(page, 'expect-registration');

    // the operator approves it
    const op = await e.newPage();
    await e.login(op, 'operator');
    // an operator serves only its own company: picker hidden
    expect(await op.getByTestId('company-picker').count()).toBe(0);
    expect(await gearItems(op)).toEqual([
      ...catalogMenuFor('operator').map((m) => m.label),
      'Пользователи',
      'Заявки на регистрацию',
      'Журнал изменений',
    ]);
    await op.goto('/registrations');
    const row = op.getByRole('row', { name: /МАЙКОПВОДОКАНАЛ/ });
    await row.getByRole('button', { name: 'Подтвердить' }).click();
    await row.waitFor({ state: 'detached' });

    // the waiting page notices by itself
    await page.getByText('Регистрация подтверждена').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/login');
    await e.login(page, 'petrov', 'Secret-2026');
    expect(await page.getByTestId('acting-company').innerText()).toContain('МУП "МАЙКОПВОДОКАНАЛ"');
  });

  it('a client sees no picker and no staff menu items, and a staff route sends it to /', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    expect(await page.getByTestId('company-picker').count()).toBe(0);
    expect(await page.getByTestId('user-title').innerText()).toBe('Иванова Мария Петровна');
    expect(await page.getByTestId('user-login').innerText()).toBe('(client)');
    expect(await gearItems(page)).toEqual(['Место поставки', 'Источники финансирования', 'Основания заключения договора']);
    await page.goto('/users');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/catalogTariffs');
    await page.waitForURL((u) => u.pathname === '/');
    // cookies exactly as the spec names them
    const cookies = await page.context().cookies();
    const names = cookies.map((c) => c.name).sort();
    expect(names).toEqual(['company', 'contact', 'token', 'user']);
    expect(cookies.every((c) => c.path === '/')).toBe(true);
    expect(JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'user')!.value))).toMatchObject({
      login: 'client',
      role: 'client',
    });

    // logout asks for confirmation
    await page.getByTestId('logout').click();
    await page.locator('.ant-modal-confirm-title', { hasText: MESSAGES.logoutConfirm }).waitFor();
    await e.shot(page, 'logout-confirm');
    await page.getByRole('button', { name: 'Выйти' }).last().click();
    await page.waitForURL('**/login');
    expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
  });

  it('staff with many companies: searchable, clearable picker restored after reload', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    const picker = page.getByTestId('company-picker');
    await picker.waitFor();
    expect(await picker.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(450);
    // the placeholder «Выбрать заказчика» stays the picker's own, but it never shows while the pages act for a company:
    // the picker names that company (the user's own until another is picked)
    await expect.poll(() => picker.innerText()).toContain('ООО «Центр закупок»');
    await picker.click();
    await page.keyboard.type('Демо');
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['АО «Демо-Заказчик»']);
    await options.first().click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedCompany'))).not.toBeNull();
    await page.getByTestId('acting-company').getByText('АО «Демо-Заказчик»').waitFor();
    await page.reload();
    await page.getByTestId('acting-company').getByText('АО «Демо-Заказчик»').waitFor();
    expect(await picker.innerText()).toContain('АО «Демо-Заказчик»');
    // clear: back to the user's own company
    await picker.hover();
    await picker.locator('.ant-select-clear').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedCompany'))).toBeNull();
    await page.getByTestId('acting-company').getByText('ООО «Центр закупок»').waitFor();
    await e.shot(page, 'shell-specialist');
  });

  it('a 401 from any call logs out and goes to /login with no notice', async () => {
    const page = await e.newPage();
    await e.login(page, 'admin');
    // the session is revoked behind the browser's back
    await e.endSession(page);
    await page.goto('/profile/my');
    await page.waitForURL('**/login');
    expect(await page.getByText(MESSAGES.httpErrorHeader).count()).toBe(0);
  });

  it('shows the spec error notice for a 404 and the support code for a 5xx', async () => {
    const page = await e.newPage();
    await e.login(page, 'admin');
    // the real client meets each kind of failure on a real screen
    await page.route('**/api/profile', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          code: 'INTERNAL',
          message: 'x',
          sentry_code: 'AB12CD34EF',
        }),
      }),
    );
    await page.goto('/profile/my');
    await page.getByText(MESSAGES.httpWithCode('AB12CD34EF')).waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByText(MESSAGES.copyCode).click();
    await page.getByText(MESSAGES.copiedMessage).waitFor();
    await page.unroute('**/api/profile');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 504, contentType: 'application/json', body: '{}' }));
    await page.goto('/profile/my');
    await page.getByText(MESSAGES.http504).waitFor();
    await page.unroute('**/api/profile');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
    await page.goto('/profile/my');
    await page.getByText(MESSAGES.http404).waitFor();
    await page.unroute('**/api/profile');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/profile/my');
    await page.getByText(MESSAGES.httpUnknown).waitFor();
    expect(await page.getByText(MESSAGES.httpErrorHeader).count()).toBeGreaterThan(0);
  });
});
