/**
 * Another company's object, or a missing one, opened by its address is one page «… не найден(а)» with a
 * way back — not an empty list with «Загрузить файл» under 2–3 identical notices. Company B and its objects are made
 * through the API as the operator's admin (as server/test/security/b-company.ts does); the customer opens them.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { innFrom9 } from '../server/test/factories';
import { startE2E, DEMO_PASSWORD, type E2E } from './harness';

let e: E2E;
let page: Page;
const b = { rule: 0, version: 0, procurement: 0 };

async function asAdmin<T = { id: number }>(token: string, method: 'POST', url: string, body: unknown, company?: number): Promise<T> {
  const res = await e.server.app.inject({
    method,
    url,
    payload: body as never,
    headers: { authorization: `Bearer ${token}`, ...(company ? { 'x-company-id': String(company) } : {}) },
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return JSON.parse(res.body) as T;
}

beforeAll(async () => {
  e = await startE2E();
  const login = await e.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'admin', password: DEMO_PASSWORD } });
  const admin = (JSON.parse(login.body) as { token: string }).token;
  const inn = innFrom9(String(600000000 + crypto.randomInt(99_999_999)).slice(0, 9));
  const company = await asAdmin(admin, 'POST', '/api/companies', { title: 'ООО «Чужая»', inn, kpp: '773601001', law: '223' });
  b.rule = (await asAdmin(admin, 'POST', '/api/procurement_rules', { title: 'Положение чужой организации' }, company.id)).id;
  b.version = (
    await asAdmin(admin, 'POST', `/api/procurement_rules/${b.rule}/versions`, { number: '1', in_force_from: '2024-01-01' }, company.id)
  ).id;
  b.procurement = (
    await asAdmin(
      admin,
      'POST',
      '/api/procurements',
      { title: 'Закупка чужой организации', method: 'auction_e', subject: 'goods', nmcd: '1500000.50' },
      company.id,
    )
  ).id;
  page = await e.newPage();
  await e.login(page, 'client');
}, 180_000);
afterAll(async () => e?.close());

/** Opens the address and reads what the user is shown once every request of the page has its answer. */
async function open(url: string) {
  await page.goto(url);
  const shown = page.getByTestId('object-not-found');
  await shown.waitFor();
  // every 404 of the page has come back by then: a notice it raised would be on screen
  await page.waitForLoadState('networkidle');
  return {
    title: await shown.locator('.ant-result-title').innerText(),
    back: await shown.getByRole('link').innerText(),
    notices: await page.locator('[role=alert][data-kind=error]').allInnerTexts(),
    upload: await page.getByRole('button', { name: 'Загрузить файл' }).count(),
  };
}

describe("a stranger's object is one clear not-found page", () => {
  it.each([
    ['procurement card', () => `/documents/${b.procurement}`, 'Закупка не найдена', 'К реестру закупок'],
    ['procurement files', () => `/files/${b.procurement}`, 'Закупка не найдена', 'К реестру закупок'],
    ['documentation', () => `/procurement_documents/${b.procurement}`, 'Закупка не найдена', 'К реестру закупок'],
    ['rule versions', () => `/procurementsRules/${b.rule}/versions`, 'Положение о закупке не найдено', 'К положениям о закупке'],
    ['missing contract', () => '/contracts/register/987654', 'Договор не найден', 'К реестру договоров'],
    ['missing plan', () => '/eisPlanItems/29999999990', 'План закупки не найден', 'К планам закупки'],
    ['address that is no id', () => '/documents/abc', 'Закупка не найдена', 'К реестру закупок'],
  ])('%s', async (_, url, title, back) => {
    const shown = await open(url());
    expect(shown).toEqual({ title, back, notices: [], upload: 0 });
  });

  it('the way back leads to the list', async () => {
    await open(`/files/${b.procurement}`);
    await page.getByRole('link', { name: 'К реестру закупок' }).click();
    await page.waitForURL('**/documents');
  });
});
