import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ContractResponse, Paged } from '@proc/contract';
import PizZip from 'pizzip';
import { startFakeEis, UNSIGNED_REASON, type FakeEis } from '../tools/fake-eis/server';
import { buildIntegrationApp } from '../server/src/eis-service/build-integration-app';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../server/test/pki/test-pki';
import { MARKER, installCadesStandIn, standInCertificates } from './cades-stand-in';
import { ROOT, startE2E, TEST_INTEGRATION_SECRET, type E2E } from './harness';

let e: E2E;
let eis: FakeEis;
let integration: FastifyInstance;
let pki: TestPki;
let contract: ContractResponse;

async function inject<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await e.server.app.inject({
    method: method as 'GET',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}
/**
 * The customer accepts the contract's УПД waiting for a decision, as on the acceptance card: only an accepted УПД
 * counts as delivered, and execution goes to ЕИС only with something delivered or paid.
 */
async function acceptReceivedUpd(token: string): Promise<void> {
  const docs = await inject<{ id: number; acceptance: string }[]>('GET', `/api/contracts/${contract.id}/acceptance`, token);
  expect(docs.status).toBe(200);
  const received = docs.body.filter((d) => d.acceptance === 'received');
  expect(received.length + docs.body.filter((d) => d.acceptance === 'accepted').length).toBeGreaterThan(0);
  for (const d of received) {
    const r = await inject<{ state: string }>('POST', `/api/acceptance/${d.id}/decision`, token, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}
async function tokenOf(login: string): Promise<string> {
  const r = await e.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: 'demo12345' } });
  return (r.json() as { token: string }).token;
}

beforeAll(async () => {
  // the supplier of the УПД fixture (ИННЮЛ 9103624367) signs its own document
  pki = await createTestPki({
    ...STANDARD_CERTS,
    supplier: {
      innLe: '9103624367',
      ogrn: '1149102000000',
      inn: '910362436700',
      surname: 'Поставщиков',
      givenName: 'Пётр',
      organization: 'ООО «Поставщик»',
    },
  });
  eis = await startFakeEis({ port: 0, signatures: { trustDir: pki.trustDir, crlDir: pki.crlDir } });
  integration = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'test-individual-token',
    tokenFallback: true,
    secret: TEST_INTEGRATION_SECRET,
    requestsPerMinute: 100_000,
    archiveRetryMs: 50,
    timeoutMs: 5_000,
    logLevel: 'silent',
  });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  const integrationUrl = `http://127.0.0.1:${(integration.server.address() as { port: number }).port}`;
  // no network in tests: the vendor's loader address answers nothing, as on a computer without the plug-in
  e = await startE2E({
    INTEGRATION_API_URL: integrationUrl,
    EIS_URL: eis.url,
    SIGNATURE_TRUST_DIR: pki.trustDir,
    SIGNATURE_CRL_DIR: pki.crlDir,
    CADESPLUGIN_API_URL: 'http://127.0.0.1:9/cadesplugin_api.js',
  });
  const client = await tokenOf('client');
  // a contract ЕИС knows, uploaded as the demo customer's own
  const data = fs.readFileSync(fixturePath('eis223', 'contract_test.xml'));
  const boundary = `----e2e${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract_test.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await e.server.app.inject({
    method: 'POST',
    url: '/api/eis/upload?confirm_customer=true',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
  });
  expect(up.statusCode).toBe(200);
  const list = await inject<Paged<ContractResponse>>('GET', '/api/contracts?limit=50', client);
  contract = list.body.items.find((c) => c.registry_number)!;
  // the company's administrator gives the client «право подписи»
  const me = await inject<{ id: number; company_id: number }>('GET', '/api/profile', client);
  const administrator = await tokenOf('administrator');
  expect(
    (await inject('PUT', `/api/signatures/rights/${me.body.id}`, administrator, {}, { 'x-company-id': String(me.body.company_id) })).status,
  ).toBe(204);
}, 120_000);
afterAll(async () => {
  await e?.close();
  await integration?.close();
  await eis?.close();
  await pki?.close();
});

describe('qualified electronic signature in the browser', () => {
  it('the diagnostics page without the plug-in says how to install it', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/profile/signature');
    const problem = page.getByTestId('signature-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain('Установите «КриптоПро ЭЦП Browser plug-in»');
    await page.getByText('не найден').first().waitFor();
    await page.context().close();
  });

  it('with the plug-in: versions, usable certificates, a test signature verified by the server', async () => {
    const page = await e.newPage();
    await installCadesStandIn(page, pki, standInCertificates(pki, ['valid', 'expired']));
    await e.login(page, 'client');
    await page.goto('/profile/signature');
    expect(await page.getByTestId('plugin-version').innerText()).toContain('2.0.15400');
    expect(await page.getByTestId('csp-version').innerText()).toContain('5.0.13000');
    await page.getByText('Сертификаты: найдено 2, подходят для подписи здесь — 1').waitFor();
    await page.getByText(/Срок действия сертификата истёк 01\.01\.2021/).waitFor();
    await page.getByTestId('signature-test').click();
    const dialog = page.getByRole('dialog', { name: 'Выберите сертификат для подписи' });
    await dialog.waitFor();
    // the expired one cannot be chosen, and says why
    const expired = dialog.locator('.ant-list-item').filter({ hasText: 'Сидоров' });
    expect(await expired.getByTestId('certificate-pick').isDisabled()).toBe(true);
    expect(await expired.getByTestId('certificate-refusal').innerText()).toContain('Срок действия сертификата истёк');
    await dialog.locator('.ant-list-item').filter({ hasText: 'Иванов' }).getByTestId('certificate-pick').click();
    const result = page.getByTestId('signature-test-result');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/Подпись верна: Иванов Иван Петрович, ИНН 0105123458, сертификат № [0-9A-F]+/);
    await page.context().close();
  });

  it('signs an execution record that the fake ЕИС accepts; a tampered signature is refused', async () => {
    // execution goes to ЕИС only for a contract with something delivered or paid: the supplier's УПД first
    const client = await tokenOf('client');
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const boundary = `----upd${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upd.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      upd,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await e.server.app.inject({
      method: 'POST',
      url: `/api/contracts/${contract.id}/upd?confirm=true&replace=true`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
    });
    expect(up.statusCode).toBe(200);
    await e.server.deps.jobs.idle('execution.process-upd', 60_000);
    // only an accepted УПД is delivered: the customer accepts it before reporting execution
    await acceptReceivedUpd(client);
    const page = await e.newPage();
    let tamper = false;
    await installCadesStandIn(page, pki, standInCertificates(pki, ['valid']), { tamper: () => tamper });
    await e.login(page, 'client');
    await page.goto('/contracts/export');
    const before = eis.received.length;
    await page.getByTestId(`execution-sign-${contract.id}`).click();
    const dialog = page.getByRole('dialog', { name: 'Выберите сертификат для подписи' });
    await dialog.getByTestId('certificate-pick').click();
    // ЕИС's answer may come before the «отправляются» notice would: the success is what is waited for
    await page.getByText(/Исполнение для договора "\d+" успешно обработано/).waitFor({ timeout: 30_000 });
    expect(eis.received.length).toBe(before + 1);
    expect(eis.received.at(-1)).toMatchObject({ signed: true, contractRegNumber: contract.registry_number });
    // the record shows who signed it
    await page.getByRole('row').filter({ hasText: contract.registry_number! }).locator('.ant-table-row-expand-icon').click();
    await page.getByText(/Подписано: Иванов Иван Петрович, сертификат № [0-9A-F]+, действителен до \d{2}\.\d{2}\.\d{4}/).waitFor();

    tamper = true;
    await page.getByTestId(`execution-sign-${contract.id}`).click();
    await dialog.getByTestId('certificate-pick').click();
    // the refusal is in the notice and beside the button that was pressed
    await page.getByText('Подпись не принята: Подпись не соответствует файлу').first().waitFor();
    expect(eis.received.length).toBe(before + 1);
    await page.context().close();
  });

  it('an uploaded УПД takes the supplier’s .sig: a good one shows its signer, a bad one is a finding', async () => {
    const client = await tokenOf('client');
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const boundary = `----upd${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upd.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      upd,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await e.server.app.inject({
      method: 'POST',
      url: `/api/contracts/${contract.id}/upd?confirm=true&replace=true`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
    });
    expect(up.statusCode).toBe(200);
    const docId = (up.json() as { id: number }).id;
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto(`/contracts/register/${contract.id}`);
    const card = page.getByTestId(`acceptance-${docId}`);
    await card.getByText('Не подписано').waitFor();
    const input = card
      .getByTestId(`upd-signature-${docId}`)
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]');
    await input.setInputFiles({ name: 'upd.xml.sig', mimeType: 'application/pkcs7-signature', buffer: await pki.sign('supplier', upd) });
    await page.getByText(/Подпись верна: Поставщиков Пётр, ИНН 9103624367, сертификат № [0-9A-F]+/).waitFor();
    await card.getByText(/Подписано: Поставщиков Пётр, сертификат № [0-9A-F]+, действителен до/).waitFor();
    await input.setInputFiles({
      name: 'other.sig',
      mimeType: 'application/pkcs7-signature',
      buffer: await pki.sign('supplier', Buffer.from('другой файл')),
    });
    await card.getByText('Подпись не принята: Подпись не соответствует файлу').waitFor();
    await card.getByTestId(`acceptance-warnings-${docId}`).getByText('Подпись не соответствует файлу').waitFor();
    await page.context().close();
  });

  it('signs the approval document of an approved Положение', async () => {
    const client = await tokenOf('client');
    const rule = await inject<{ id: number }>('POST', '/api/procurement_rules', client, { title: 'Положение (подпись в браузере)' });
    const v = await inject<{ id: number }>('POST', `/api/procurement_rules/${rule.body.id}/versions`, client, {
      number: '1',
      in_force_from: '2032-01-01',
    });
    const base = `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}`;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const boundary = `----pdf${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="protocol.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(
      (
        await e.server.app.inject({
          method: 'POST',
          url: `${base}/approval_document`,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('POST', `${base}/approve`, client, { approved_on: '2031-12-20' })).status).toBe(200);
    const page = await e.newPage();
    await installCadesStandIn(page, pki, standInCertificates(pki, ['valid']));
    await e.login(page, 'client');
    await page.goto(`/procurementsRules/${rule.body.id}/versions`);
    await page.getByTestId(`version-sign-${v.body.id}`).click();
    await page.getByRole('dialog', { name: 'Выберите сертификат для подписи' }).getByTestId('certificate-pick').click();
    await page.getByTestId(`signed-rule_version-${v.body.id}`).waitFor();
    expect(await page.getByTestId(`signed-rule_version-${v.body.id}`).innerText()).toMatch(
      /^Подписано: Иванов Иван Петрович, сертификат № [0-9A-F]+/,
    );
    await page.context().close();
  });

  it('«Без подписи»: ЕИС refuses the unsigned record, and the screen says so in ЕИС’s words', async () => {
    // the УПД uploaded again above replaced the accepted one: accepted, it gives the record something to report
    await e.server.deps.jobs.idle('execution.process-upd', 60_000);
    await acceptReceivedUpd(await tokenOf('client'));
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/contracts/export');
    const before = eis.received.length;
    await page.getByTestId(`execution-send-${contract.id}`).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Направить' }).click();
    await page.getByText(UNSIGNED_REASON).first().waitFor({ timeout: 30_000 });
    expect(eis.received.length).toBe(before);
    await page.context().close();
  });

  it('signs a procurement document’s current version; a replaced file is unsigned until signed again', async () => {
    const client = await tokenOf('client');
    const p = await inject<{ id: number }>('POST', '/api/procurements', client, {
      title: 'Поставка ноутбуков (подпись документации)',
      method: 'auction_e',
      subject: 'goods',
      nmcd: '900000',
      okpd2: [{ code: '26.20.11.110' }],
    });
    expect(p.status).toBe(200);
    const put = async (method: 'POST' | 'PUT', url: string, data: Buffer) => {
      const boundary = `----doc${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Документация.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await e.server.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
      });
      expect(r.statusCode).toBe(200);
      return r.json() as { id: number };
    };
    const file = await put(
      'POST',
      `/api/procurements/${p.body.id}/files`,
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    );
    const page = await e.newPage();
    await installCadesStandIn(page, pki, standInCertificates(pki, ['valid']));
    await e.login(page, 'client');
    await page.goto(`/files/${p.body.id}`);
    const cell = page.getByTestId(`file-signature-${file.id}`);
    await cell.getByText('Не подписано').waitFor();
    await cell.getByTestId(`file-sign-${file.id}`).click();
    await page.getByRole('dialog', { name: 'Выберите сертификат для подписи' }).getByTestId('certificate-pick').click();
    await cell.getByText(/^Подписано: Иванов Иван Петрович, сертификат № [0-9A-F]+, действителен до \d{2}\.\d{2}\.\d{4}$/).waitFor();
    expect(await cell.getByTestId(`file-sign-${file.id}`).count()).toBe(0);

    // the file changes: version 2 is not what was signed
    await put(
      'PUT',
      `/api/procurements/${p.body.id}/files/${file.id}`,
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Lang (ru) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    );
    await page.reload();
    await cell.getByText('Подписана версия 1; файл изменён — версия 2 не подписана').waitFor();
    await cell.getByTestId(`file-sign-${file.id}`).click();
    await page.getByRole('dialog', { name: 'Выберите сертификат для подписи' }).getByTestId('certificate-pick').click();
    await cell.getByText(/^Подписано: Иванов Иван Петрович/).waitFor();
    await e.shot(page, 'documentation-signed');
    await page.context().close();
  });

  it('an ЭДО archive (УПД and its .sig in one ZIP) uploads with its signature verified', async () => {
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const name = 'ON_NSCHFDOPPR_2BM-7708503727-770801001_2BE-9103624367-910301001_20240315_0e2a7c41-5d6b-4f80-9a1b-2c3d4e5f6a7b';
    const zip = new PizZip();
    zip.file(`${name}.xml`, upd);
    zip.file(`${name}.xml.sig`, await pki.sign('supplier', upd));
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto(`/contracts/register/${contract.id}`);
    const input = page.getByTestId('upd-upload').locator('xpath=ancestor::span[contains(@class,"ant-upload")]').locator('input[type=file]');
    await input.setInputFiles({
      name: 'diadoc.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip.generate({ type: 'uint8array', compression: 'DEFLATE' })),
    });
    // the same УПД (seller, number, date) came before in this file: the user replaces it, confirms what does not fit the
    // contract, and then the signature's verdict is said
    const replace = page.getByRole('button', { name: 'Заменить' });
    const confirm = page.getByRole('button', { name: 'Загрузить всё равно' });
    const verdict = page.getByText(/Подпись верна/);
    for (let asked = 0; asked < 2; asked++) {
      await replace.or(confirm).or(verdict).first().waitFor();
      const step = (await replace.isVisible()) ? replace : (await confirm.isVisible()) ? confirm : null;
      if (!step) break;
      await step.click();
      await step.waitFor({ state: 'hidden' });
    }
    await page
      .getByText(new RegExp(`«${name}\\.xml\\.sig»: Подпись верна: Поставщиков Пётр, ИНН 9103624367, сертификат № [0-9A-F]+`))
      .waitFor();
    await page.context().close();
  });

  it('the production bundle carries no test signer', () => {
    const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'web/dist');
    const files = fs
      .readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && /\.(js|html|map)$/.test(f.name));
    expect(files.length).toBeGreaterThan(0);
    const hits = files.filter((f) => {
      const text = fs.readFileSync(path.join(f.parentPath, f.name), 'utf8');
      return text.includes(MARKER) || text.includes('__e2eCadesSign');
    });
    expect(hits.map((f) => f.name)).toEqual([]);
  });
});
