import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse, RuleVersionResponse } from '@proc/contract';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../server/test/pki/test-pki';
import { installCadesStandIn, standInCertificates } from './cades-stand-in';
import { startE2E, type E2E } from './harness';

/**
 * Approval of a purchase in the browser: the author sends it, each approver finds it in «Мои задачи» with the count in
 * the top bar and approves it — the last step with a КЭП through the plug-in's stand-in — and the author publishes.
 */
let e: E2E;
let pki: TestPki;
let purchase: ProcurementResponse;
const APPROVERS = { a: 'Андреев Андрей Юрьевич', b: 'Борисова Белла Игоревна', s: 'Иванов Иван Петрович' } as const;

async function inject<T>(method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await e.server.app.inject({
    method: method as 'GET',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}
async function tokenOf(login: string): Promise<string> {
  const r = await e.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: 'demo12345' } });
  return (r.json() as { token: string }).token;
}

beforeAll(async () => {
  pki = await createTestPki(STANDARD_CERTS);
  e = await startE2E({
    SIGNATURE_TRUST_DIR: pki.trustDir,
    SIGNATURE_CRL_DIR: pki.crlDir,
    CADESPLUGIN_API_URL: 'http://127.0.0.1:9/cadesplugin_api.js',
  });
  const admin = await tokenOf('admin');
  const client = await tokenOf('client');
  const me = await inject<{ company_id: number }>('GET', '/api/profile', client);
  const ids: Record<string, number> = {};
  for (const [key, title] of Object.entries(APPROVERS)) {
    const r = await inject<{ id: number }>('POST', '/api/users', admin, {
      title,
      login: `e2e-appr-${key}`,
      email: `e2e-appr-${key}@example.com`,
      role: 'client',
      company_id: me.body.company_id,
      password: 'demo12345',
    });
    expect(r.status).toBe(200);
    ids[key] = r.body.id;
  }
  const administrator = await tokenOf('administrator');
  expect(
    (await inject('PUT', `/api/signatures/rights/${ids.s}`, administrator, {}, { 'x-company-id': String(me.body.company_id) })).status,
  ).toBe(204);
  const route = await inject('POST', '/api/approval_routes', client, {
    kind: 'purchase',
    title: 'Юрист и бухгалтер, затем руководитель с подписью',
    is_default: true,
    steps: [
      { participants: [{ user_id: ids.a }, { user_id: ids.b }], term_days: 2 },
      { participants: [{ user_id: ids.s }], term_days: 1, with_signature: true },
    ],
  });
  expect(route.status).toBe(200);
  const rule = await inject<{ id: number }>('POST', '/api/procurement_rules', client, { title: 'Положение e2e согласований' });
  const v = await inject<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions`, client, {
    number: '1',
    in_force_from: '2024-01-01',
  });
  expect((await inject('POST', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}/approve`, client)).status).toBe(200);
  const p = await inject<ProcurementResponse>('POST', '/api/procurements', client, {
    title: 'Поставка бумаги на согласование',
    method: 'auction_e',
    subject: 'goods',
    nmcd: '1500000.50',
    okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
    rule_id: rule.body.id,
    published_on: '2026-12-01',
    application_deadline: '2026-12-16',
    review_on: '2026-12-17',
    summing_up_on: '2026-12-18',
  });
  expect(p.status).toBe(200);
  expect((await inject('POST', `/api/procurements/${p.body.id}/transition`, client, { to: 'docs_ready' })).status).toBe(200);
  purchase = p.body;
}, 180_000);
afterAll(async () => {
  await e?.close();
  await pki?.close();
});

/** An approver's way in: the count in the top bar, «Мои задачи», the task's link to the purchase, «Согласовать». */
async function approveFromInbox(page: Page, login: string, signWith?: string) {
  await e.login(page, login);
  await expect.poll(() => page.getByTestId('tasks-count').innerText()).toContain('1');
  await page.getByTestId('tasks-link').click();
  const task = page
    .getByTestId('tasks-table')
    .getByTestId('task-link')
    .filter({ hasText: `Закупка № ${purchase.number}` });
  await task.click();
  await page.waitForURL(`**/documents/${purchase.id}`);
  const approve = page.getByTestId('approval-approve');
  expect(await approve.innerText()).toBe(signWith ? 'Согласовать с подписью' : 'Согласовать');
  await approve.click();
  if (signWith)
    await page
      .getByRole('dialog', { name: 'Выберите сертификат для подписи' })
      .locator('.ant-list-item')
      .filter({ hasText: signWith })
      .getByTestId('certificate-pick')
      .click();
  await expect.poll(() => page.getByTestId('approval-approve').count()).toBe(0);
  await expect
    .poll(() =>
      page
        .getByTestId('tasks-count')
        .innerText()
        .catch(() => ''),
    )
    .not.toContain('1');
}

describe('approval of a purchase', () => {
  it('the author sends, the approvers approve from «Мои задачи» (one with a signature), the author publishes', async () => {
    const author = await e.newPage();
    await e.login(author, 'client');
    await author.goto(`/documents/${purchase.id}`);
    const publish = author.getByRole('button', { name: 'Опубликовать' });
    await publish.click();
    await author.getByText('Закупку нельзя опубликовать: документ не согласован — отправьте его на согласование').waitFor();
    await author.getByTestId('approval-send').click();
    await author.getByTestId('approval-waiting').getByText(`этап 1 из 2 — ${APPROVERS.a}, ${APPROVERS.b}`).waitFor();
    expect(await author.getByTestId('approval-status').innerText()).toBe('На согласовании');

    for (const who of ['a', 'b'] as const) {
      const page = await e.newPage();
      await approveFromInbox(page, `e2e-appr-${who}`);
      await page.context().close();
    }
    // the author's card follows by the socket: now the signer's step
    await author.getByTestId('approval-waiting').getByText(`этап 2 из 2 — ${APPROVERS.s}`).waitFor();

    const signer = await e.newPage();
    await installCadesStandIn(signer, pki, standInCertificates(pki, ['valid']));
    await approveFromInbox(signer, 'e2e-appr-s', 'Иванов');
    await expect.poll(() => signer.getByTestId('approval-status').innerText()).toBe('Согласовано');
    await signer.context().close();

    await expect.poll(() => author.getByTestId('approval-status').innerText()).toBe('Согласовано');
    await author.getByText('Согласовано с подписью').waitFor();
    await publish.click();
    await expect.poll(() => author.getByTestId('procurement-status').innerText()).toBe('Опубликована');
    await author.context().close();
  });
});
