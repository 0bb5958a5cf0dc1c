import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

it('serves /login in Chromium and keeps a screenshot', async () => {
  const page = await e.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).waitFor();
  expect(await page.getByText('Вход в систему').isVisible()).toBe(true);
  expect(await page.title()).toBe('Система автоматизации закупок');
  // the shell is for signed-in users only
  expect(await page.getByTestId('logout').count()).toBe(0);
  const file = await e.shot(page, 'login');
  expect(fs.statSync(file).size).toBeGreaterThan(5000);
});

it('answers a deep link with the SPA (history fallback) and guards it', async () => {
  const page = await e.newPage();
  const res = await page.goto('/contracts/register');
  expect(res?.status()).toBe(200);
  await page.waitForURL('**/login');
});

it('a field left empty or blank is named under it and nothing is sent; typing clears it', async () => {
  const page = await e.newPage();
  const sent: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/api/auth/login') && sent.push(r.method())));
  await page.goto('/login');
  await page.getByLabel('Логин').fill('   ');
  await page.getByRole('button', { name: 'Войти' }).click();
  const errors = page.locator('.ant-form-item-explain-error');
  await expect.poll(() => errors.allInnerTexts()).toEqual([MESSAGES.required, MESSAGES.required]);
  expect(await page.getByLabel('Логин').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Логин').fill('client');
  await expect.poll(() => errors.allInnerTexts()).toEqual([MESSAGES.required]);
  expect(await page.getByLabel('Логин').getAttribute('aria-invalid')).toBeNull();
  expect(sent).toEqual([]);
});
