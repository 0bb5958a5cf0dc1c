/**
 * A specialist's working day, the forms as a user meets them: a reopened card names its catalogue values, sums are
 * checked by the one money rule and read back in words, leaving an edited form asks first, the register's sum filter
 * takes only sums, registration checks КПП and phone on the first submit while a cleared ОГРН is no error, and a
 * customer's user adds bank details and contacts behind the same guard. A card date outside the contract's bounds is
 * refused in its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
let page: Page;
let card: ProcurementResponse;

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
  await e.login(page, 'client');
}, 120_000);
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await e.server.app.inject({
    method,
    url,
    payload: body as never,
    headers: { authorization: `Bearer ${await e.token(page)}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}
const firstOption = async (type: number) =>
  (await api<{ items: { value: number; name: string }[] }>('GET', `/api/catalogs/elements/options?type=${type}&limit=1`)).body.items[0];
const selectTexts = (p: Page) => p.locator('.ant-select-selection-item, .ant-select-selection-item-content').allInnerTexts();

describe('the card, its sums and its guard', () => {
  it('a saved card reopened shows its catalogue values by name from the first paint', async () => {
    const [method, funding] = [await firstOption(1), await firstOption(8)];
    const created = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Поставка картриджей (проверка форм)',
      method: 'quotation_e',
      subject: 'goods',
      nmcd: '996000',
      nmcd_method_id: method.value,
      funding_source_ids: [funding.value],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    card = created.body;
    expect(card.references.nmcd_method_id).toEqual([{ id: method.value, name: method.name }]);
    expect(card.references.funding_source_ids).toEqual([{ id: funding.value, name: funding.name }]);
    // no option page is asked for: the names are the card's own
    const optionCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/options') && new URL(r.url()).pathname.includes('/catalogs/elements'))
        optionCalls.push(r.url());
    });
    await page.goto(`/documents/${card.id}`);
    await page.getByTestId('procurement-title').waitFor();
    await page.getByText(method.name, { exact: true }).first().waitFor();
    await page.getByText(funding.name, { exact: true }).first().waitFor();
    expect((await selectTexts(page)).filter((t) => /^\s*\d+\s*$/.test(t))).toEqual([]);
    expect(optionCalls).toEqual([]);
    // the stored sum reads as people write it (L: «996000.00» was shown)
    expect(await page.getByLabel('НМЦД', { exact: true }).inputValue()).toBe('996\u00a0000,00');
  });

  it('sums: below zero, zero and endless are refused in words; a good one is read back in words', async () => {
    const nmcd = page.getByLabel('НМЦД', { exact: true });
    const save = page.getByRole('button', { name: 'Сохранить' });
    for (const [typed, message] of [
      ['-100', 'Сумма не может быть отрицательной'],
      ['0', 'Сумма должна быть больше нуля'],
      ['99999999999999999999', 'Слишком большое значение: не более 14 цифр до запятой'],
      ['12,345', 'Не более двух знаков после запятой'],
      ['сто', 'Значение должно быть числовое'],
    ]) {
      await nmcd.fill(typed);
      await save.click();
      await page.getByText(message, { exact: true }).waitFor();
    }
    await nmcd.fill('1500000,5');
    await expect.poll(() => page.getByTestId('nmcd-in-words').innerText()).toBe('Один миллион пятьсот тысяч рублей 50 копеек');
    await page.getByLabel('Наименование закупки').click();
    expect(await nmcd.inputValue()).toBe('1\u00a0500\u00a0000,50');
  });

  it('leaving the edited card asks «Есть несохранённые изменения»; saving lets go', async () => {
    await page.getByRole('link', { name: 'К реестру' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/documents/${card.id}`);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/procurements/${card.id}`,
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${card.id}`)).body.nmcd).toBe('1500000.50');
    await page.getByRole('link', { name: 'К реестру' }).click();
    await page.waitForURL(/\/documents$/);
  });

  it('the profile form guards its edits as the card does: leaving asks, staying keeps them, saving lets go', async () => {
    await page.goto('/profile/my');
    const name = page.getByLabel('ФИО');
    await name.waitFor();
    const before = await name.inputValue();
    await name.fill(`${before} (правка)`);
    await page.getByRole('link', { name: 'Реестр закупок' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile/my');
    expect(await name.inputValue()).toBe(`${before} (правка)`);
    // back to the stored name: saved, nothing is held
    await name.fill(before);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Данные сохранены').waitFor();
    await page.getByRole('link', { name: 'Реестр закупок' }).click();
    await page.waitForURL(/\/documents$/);
  });

  it("the register's filters take only what they can use: letters in «НМЦД от», a date out of bounds", async () => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const from = page.getByLabel('НМЦД от');
    await from.fill('abc');
    await from.press('Enter');
    await page.getByRole('tooltip').getByText('Значение должно быть числовое').waitFor();
    expect(new URL(page.url()).searchParams.get('nmcd_min')).toBeNull();
    await from.fill('1 000 000');
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/procurements' && new URL(r.url()).searchParams.get('nmcd_min') === '1000000',
    );
    await from.press('Enter');
    expect((await listed).status()).toBe(200);
    await page.getByRole('row', { name: /Поставка картриджей \(проверка форм\)/ }).waitFor();
    // a period filter's date out of the contract's bounds is named, not applied
    const since = page.getByPlaceholder('Размещение с');
    await since.click();
    await page.keyboard.type('01.01.1900');
    await page.getByRole('tooltip').getByText('Дата должна быть между 01.01.1990 и 31.12.2100').waitFor();
    await page.keyboard.press('Enter');
    // read in the page once it has handled the Enter that would have applied the filter
    expect(await page.evaluate(() => new URLSearchParams(location.search).get('published_from'))).toBeNull();
    expect(failed).toEqual([]);
  });
  it('a date typed outside 01.01.1990–31.12.2100 is named in the server words and the card is not sent', async () => {
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === `/api/procurements/${card.id}`) puts.push(r.postData() ?? '');
    });
    await page.goto(`/documents/${card.id}`);
    const published = page.getByLabel('Дата размещения извещения');
    await published.fill('01.01.1900');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Дата должна быть между 01.01.1990 и 31.12.2100', { exact: true }).waitFor();
    expect(await published.inputValue()).toBe('01.01.1900');
    // a good date is saved: the PUT it sends is the first one, so the click above sent nothing
    await published.fill('02.02.2026');
    await published.press('Enter');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/procurements/${card.id}`,
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);
    expect(puts.map((b) => (JSON.parse(b) as { published_on: string }).published_on)).toEqual(['2026-02-02']);
  });
});

describe('registration', () => {
  it('checks КПП and phone on the first submit; a cleared ОГРН is no error', async () => {
    const p = await e.newPage();
    await p.goto('/registration');
    await p.getByLabel('КПП').fill('77АБ01001');
    await p.getByLabel('Телефон').fill('абв');
    await p.getByLabel('ОГРН').fill('123');
    await p.getByLabel('ОГРН').fill('');
    await p.getByRole('button', { name: /Зарегистрироваться|Отправить заявку/ }).click();
    await p.getByText('КПП: 9 знаков — 4 цифры, 2 цифры или заглавные латинские буквы A–Z, 3 цифры').waitFor();
    await p.getByText('Телефон: 10–15 цифр, например +7 495 123-45-67').waitFor();
    expect(await p.getByText('Некорректный ОГРН').count()).toBe(0);
    await p.context().close();
  });
});

describe("a customer's requisites on /profile/companies", () => {
  it('adds a bank account and a contact that a reload still shows; a half-filled dialog asks before it is closed', async () => {
    await page.goto('/profile/companies');
    const ask = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });

    await page.locator('[data-testid^="bank-add-"]').first().click();
    const bank = page.getByRole('dialog').filter({ hasText: 'Новый расчётный счёт' });
    await bank.getByLabel('Банк').fill('ПАО Сбербанк, Московский банк');
    await bank.getByRole('button', { name: 'Отмена' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Остаться' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await bank.getByLabel('Банк').inputValue()).toBe('ПАО Сбербанк, Московский банк');
    // accounts whose control keys match the БИК, as the server checks them
    await bank.getByLabel('БИК').fill('044525225');
    await bank.getByLabel('Корреспондентский счёт').fill('30101810400000000225');
    await bank.getByLabel('Расчётный счёт').fill('40702810938000000001');
    const bankSaved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/bank_requesits'));
    await bank.getByRole('button', { name: 'Сохранить' }).click();
    expect((await bankSaved).status()).toBe(200);
    await bank.waitFor({ state: 'detached' });

    await page.locator('[data-testid^="contact-add-"]').first().click();
    const contact = page.getByRole('dialog').filter({ hasText: 'Новый контакт' });
    await contact.getByLabel('ФИО').fill('Черновик');
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Закрыть без сохранения' }).click();
    await contact.waitFor({ state: 'detached' });
    await page.locator('[data-testid^="contact-add-"]').first().click();
    await contact.getByLabel('ФИО').fill('Петрова Анна Сергеевна');
    await contact.getByLabel('Телефон').fill('+7 495 123-45-67');
    const contactSaved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/contacts'));
    await contact.getByRole('button', { name: 'Сохранить' }).click();
    expect((await contactSaved).status()).toBe(200);
    await contact.waitFor({ state: 'detached' });

    await page.reload();
    const banks = page.locator('[data-testid^="banks-"]').first();
    const contacts = page.locator('[data-testid^="contacts-"]').first();
    await banks.getByText(/ПАО Сбербанк, Московский банк.*р\/с 40702810938000000001/).waitFor();
    await contacts.getByText(/Петрова Анна Сергеевна.*\+7 495 123-45-67/).waitFor();
    // the draft closed without saving was never sent: the reload shows the saved contact only
    expect(await contacts.getByText('Черновик').count()).toBe(0);
  });
});
