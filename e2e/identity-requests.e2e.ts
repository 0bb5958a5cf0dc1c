/**
 * The operator's queue «Заявки на смену ИНН, КПП, ОГРН»: a client asks for an ИНН another organisation
 * already has; the row names that organisation, and «Подтвердить» asks a reason before the change is in force.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** A valid ИНН of a legal entity from nine digits (its check digit, as the factories make it). */
const innFrom9 = (nine: string) => nine + String(([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(nine[i]), 0) % 11) % 10);
const X = innFrom9('770154329');

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const r = await e.server.app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
  return { status: r.statusCode, body: r.json() as T };
}

it('shows who already has the ИНН asked for, and approves the change only with a reason', async () => {
  const clientPage = await e.newPage();
  await e.login(clientPage, 'client');
  const client = await e.token(clientPage);
  const adminPage = await e.newPage();
  await e.login(adminPage, 'admin');
  const admin = await e.token(adminPage);
  expect((await call('POST', '/api/companies', admin, { title: 'АО «Икс»', inn: X, kpp: '770101001', law: '223' })).status).toBe(200);
  const demoId = (await call<{ company_id: number }>('GET', '/api/profile', client)).body.company_id;
  const card = (await call<Record<string, unknown>>('GET', `/api/companies/${demoId}`, client)).body;
  const asked = await call('PUT', `/api/companies/${demoId}`, client, {
    title: card.title,
    inn: X,
    kpp: '770103001',
    ogrn: card.ogrn,
    law: card.law,
  });
  expect(asked.status).toBe(202);

  const op = await e.newPage();
  await e.login(op, 'operator');
  await op.goto('/registrations');
  const section = op.getByTestId('identity-requests');
  const row = section.getByRole('row', { name: new RegExp(X) });
  const warning = row.getByTestId('identity-inn-holders');
  await warning.waitFor();
  expect(await warning.innerText()).toContain(`ИНН ${X} уже есть у организации «АО «Икс»» (КПП 770101001)`);
  await e.shot(op, 'identity-request-inn-holders');

  await row.getByRole('button', { name: 'Подтвердить' }).click();
  const dialog = op.getByRole('dialog');
  await dialog.getByText('Причина подтверждения').waitFor();
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await dialog.getByText(MESSAGES.required).waitFor();
  // nothing was decided without the reason
  expect((await call<{ inn: string }>('GET', `/api/companies/${demoId}`, client)).body.inn).toBe(card.inn);

  await dialog.getByLabel('Причина подтверждения').fill('Обособленное подразделение АО «Икс»');
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await op.getByText(`Смена реквизитов подтверждена: действуют ИНН ${X}, КПП 770103001`).waitFor();
  await row.waitFor({ state: 'detached' });
  expect((await call<{ inn: string; kpp: string }>('GET', `/api/companies/${demoId}`, client)).body).toMatchObject({
    inn: X,
    kpp: '770103001',
  });
  // the approved tab keeps the reason
  await section.getByRole('tab', { name: 'Подтверждены' }).click();
  await section.getByText('Обособленное подразделение АО «Икс»').waitFor();
});
