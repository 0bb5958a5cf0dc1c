import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  AcceptanceDocumentResponse,
  AcceptancePanelResponse,
  ContractAcceptanceResponse,
  ExecutionSummaryResponse,
} from '@proc/contract';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../server/test/pki/test-pki';
import { readPdfText } from '../server/test/read-pdf';
import { contractPositions, contracts } from '../server/src/db/schema';
import { installCadesStandIn, standInCertificates } from './cades-stand-in';
import { buyerTitleSchemaErrors } from '../server/test/buyer-title-schema';
import { startE2E, type E2E } from './harness';

/**
 * A delivery accepted in Chromium: the specialist forms the commission and records the three outsiders' paper
 * decisions; two commission members who are users decide on screen, each signing through the plug-in stand-in with
 * their own certificate; the chair approves. The card's «Поставлено», the dashboard's payment term and the PDF report
 * change together.
 */
let e: E2E;
let pki: TestPki;
let contractId: number;
let documentId: number;
let specialist: string;
let companyId: number;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

async function inject<T>(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await e.server.app.inject({
    method: method as 'GET',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}
async function tokenOf(login: string): Promise<string> {
  const r = await e.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: 'demo12345' } });
  return (r.json() as { token: string }).token;
}

beforeAll(async () => {
  pki = await createTestPki({ valid: STANDARD_CERTS.valid, valid512: STANDARD_CERTS.valid512 });
  e = await startE2E({
    SIGNATURE_TRUST_DIR: pki.trustDir,
    SIGNATURE_CRL_DIR: pki.crlDir,
    CADESPLUGIN_API_URL: 'http://127.0.0.1:9/cadesplugin_api.js',
  });
  const client = await tokenOf('client');
  const me = (await e.server.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${client}` } })).json() as {
    id: number;
    company_id: number;
  };
  companyId = me.company_id;
  const admin = await tokenOf('admin');
  const u = await inject<{ id: number }>('POST', '/api/users', admin, {
    title: 'Петрова Анна Сергеевна',
    login: 'member2',
    role: 'client',
    company_id: companyId,
    password: 'demo12345',
  });
  expect(u.status).toBe(200);
  const [c] = await e.server.deps.db
    .insert(contracts)
    .values({
      companyId,
      registryNumber: '03010000000126000777',
      law: '44',
      number: 'П-777',
      contractDate: '2023-01-20',
      subject: 'Поставка товаров',
      supplierName: 'ООО «Поставщик»',
      supplierInn: '9103624367',
      price: '100000.00',
    })
    .returning();
  contractId = c.id;
  await e.server.deps.db.insert(contractPositions).values([
    { contractId, ordinal: 1, name: 'СведТов-НаимТов', okeiCode: '113', unitPrice: '200.00', quantity: '16' },
    { contractId, ordinal: 2, name: 'Product2 2.0 мм', okeiCode: '778', unitPrice: '516.67', quantity: '120' },
  ]);
  specialist = await tokenOf('specialist');
  const set = await inject<ContractAcceptanceResponse>('PUT', `/api/contracts/${contractId}/acceptance-commission`, specialist, {
    members: [
      { login: 'client', full_name: 'Иванов Иван Петрович', is_chair: true },
      { login: 'member2' },
      { full_name: 'Сидоров Олег Ильич' },
      { full_name: 'Кузнецов Пётр Андреевич' },
      { full_name: 'Фёдорова Ольга Ивановна' },
    ],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
  const boundary = `----e2e${Date.now()}`;
  const up = await e.server.app.inject({
    method: 'POST',
    url: `/api/contracts/${contractId}/upd?confirm=true`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upd.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      upd,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${specialist}`,
      'x-company-id': String(companyId),
    },
  });
  expect(up.statusCode, up.body).toBe(200);
  documentId = (up.json() as { id: number }).id;
  await e.server.deps.jobs.idle('execution.process-upd', 60_000);
  const docs = await inject<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${contractId}/acceptance`, specialist);
  expect(docs.body[0]).toMatchObject({ status: 'processed', acceptance: 'received' });
  // the supplier's .sig came with the УПД (the buyer's title repeats it); the chair signs for the organisation
  const sellerSig = await inject('POST', `/api/contracts/${contractId}/upd/signature`, specialist, {
    document_id: documentId,
    signature: (await pki.sign('valid512', upd)).toString('base64'),
  });
  expect(sellerSig.status).toBe(200);
  const right = await inject('PUT', `/api/signatures/rights/${me.id}`, admin, {});
  expect(right.status, JSON.stringify(right.body)).toBe(204);
  // the outsiders signed on paper: the specialist records each decision with the scan
  for (const m of set.body.members.slice(2)) {
    const r = await inject('POST', `/api/acceptance/${documentId}/votes`, specialist, {
      member_id: m.id,
      scan: { file_name: 'подпись.png', content_base64: PNG },
    });
    expect(r.status).toBe(200);
  }
}, 300_000);
afterAll(async () => {
  await e?.close();
  await pki?.close();
});

const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

async function memberDecides(login: string, cert: string): Promise<Page> {
  const page = await e.newPage();
  await installCadesStandIn(page, pki, standInCertificates(pki, [cert]));
  await e.login(page, login);
  await page.goto(`/contracts/register/${contractId}`);
  const panel = page.getByTestId(`acceptance-panel-${documentId}`);
  await panel.getByText('Пока документ не принят, в «Поставлено» он не учитывается').waitFor();
  const mine = panel.getByRole('button', { name: 'Моё решение' });
  await mine.click();
  await page.getByTestId('decision-ok').click();
  await page.getByRole('dialog', { name: 'Выберите сертификат для подписи' }).getByTestId('certificate-pick').click();
  await panel
    .getByText(/Принять — КЭП/)
    .first()
    .waitFor();
  return page;
}

describe('acceptance of a delivery by a commission in Chromium', () => {
  it('two members sign their decisions, the chair approves; card, dashboard term and PDF report change together', async () => {
    const summary = async () =>
      (await inject<ExecutionSummaryResponse>('GET', `/api/contracts/${contractId}/execution-summary`, specialist)).body;
    expect((await summary()).delivered_amount).toBe('0.00');
    const second = await memberDecides('member2', 'valid512');
    await second.context().close();
    const chair = await memberDecides('client', 'valid');
    const panel = chair.getByTestId(`acceptance-panel-${documentId}`);
    await expect
      .poll(
        async () => (await inject<AcceptancePanelResponse>('GET', `/api/acceptance/${documentId}`, specialist)).body.commission.complete,
      )
      .toBe(true);
    await chair.getByTestId(`acceptance-decide-${documentId}`).click();
    await chair.getByTestId('decision-ok').click();
    await chair
      .getByTestId(`acceptance-state-${documentId}`)
      .filter({ hasText: /^Принят \d/ })
      .waitFor();
    expect(await panel.getByText(/Петрова Анна Сергеевна/).count()).toBeGreaterThan(0);

    // the card's figures and the payment term of the accepted document
    const card = chair.getByTestId('execution-summary');
    await expect.poll(async () => spaced(await card.innerText())).toContain('Поставлено: 71 526,80');
    expect((await summary()).deadlines.some((d) => d.kind === 'payment_term' && !d.done)).toBe(true);
    await chair.goto('/');
    const terms = chair.getByTestId('dash-deadlines');
    await terms.getByText(/Оплата принятого: УПД № 123/).waitFor();
    // the PDF report says the same
    const rep = await inject<{ report_code: string }>('POST', `/api/contracts/${contractId}/reports`, specialist, { format: 'pdf' });
    expect(rep.status).toBe(200);
    await e.server.deps.jobs.idle('execution.build-report', 60_000);
    const file = await e.server.app.inject({
      method: 'GET',
      url: `/api/reports/${rep.body.report_code}/download`,
      headers: { authorization: `Bearer ${specialist}`, 'x-company-id': String(companyId) },
    });
    const text = (await readPdfText(file.rawPayload)).text.replace(/\s+/g, ' ');
    expect(spaced(text)).toContain('Принято по документам о приёмке 71 526,80 руб.');

    // the buyer's title: signed by the chair through the stand-in, downloaded with its .sig, valid and verifying
    await chair.goto(`/contracts/register/${contractId}`);
    await chair.getByTestId(`buyer-title-sign-${documentId}`).click();
    await chair.getByRole('dialog', { name: 'Выберите сертификат для подписи' }).getByTestId('certificate-pick').click();
    await chair.getByTestId(`buyer-title-signed-${documentId}`).waitFor();
    const [xmlFile] = await Promise.all([chair.waitForEvent('download'), chair.getByTestId(`buyer-title-xml-${documentId}`).click()]);
    expect(xmlFile.suggestedFilename()).toMatch(/^ON_NSCHFDOPPOK_\S+\.xml$/);
    const xml = fs.readFileSync((await xmlFile.path())!);
    expect(await buyerTitleSchemaErrors(xml)).toEqual([]);
    const [sigFile] = await Promise.all([chair.waitForEvent('download'), chair.getByTestId(`buyer-title-sig-${documentId}`).click()]);
    expect(sigFile.suggestedFilename()).toBe(xmlFile.suggestedFilename().replace(/\.xml$/, '.sig'));
    const check = await inject<{ valid: boolean }>('POST', '/api/signatures/check', specialist, {
      signature: fs.readFileSync((await sigFile.path())!).toString('base64'),
      content: xml.toString('base64'),
    });
    expect(check.body.valid).toBe(true);
    await chair.context().close();
  });

  it('a refusal of «prepare» (409) shows the server’s message beside the pressed button', async () => {
    // a contract with nothing accepted or paid: ЕИС is not to be told of its execution
    const [c] = await e.server.deps.db
      .insert(contracts)
      .values({
        companyId,
        registryNumber: '03010000000126000778',
        law: '44',
        number: 'П-778',
        contractDate: '2099-01-20',
        subject: 'Поставка товаров',
        supplierName: 'ООО «Поставщик»',
        supplierInn: '9103624367',
        price: '1000.00',
      })
      .returning();
    const page = await e.newPage();
    await installCadesStandIn(page, pki, standInCertificates(pki, ['valid']));
    await e.login(page, 'client');
    await page.goto('/contracts/export');
    await page.getByTestId(`execution-sign-${c.id}`).click();
    const error = page.getByTestId(`execution-error-${c.id}`);
    await error.waitFor();
    expect(await error.innerText()).toBe('По договору № П-778 нет ни принятых документов (УПД), ни оплат: направлять в ЕИС нечего');
    await page.context().close();
  });
});
