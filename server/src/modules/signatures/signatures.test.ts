import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EVENTS, type ExecutionPrepareResponse, type SignatureResponse } from '@proc/contract';
import { startTestServer, nextEvent, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { callerHeaders } from '../../eis-service/caller-auth';
import { startFakeEis, type FakeEis } from '../../../../tools/fake-eis/server';
import { buildIntegrationApp } from '../../eis-service/build-integration-app';
import { fixturePath } from '../../formats/fixtures-path';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../../../test/pki/test-pki';
import { PDF, upload } from '../../../test/factories';

let t: TestServer;
let eis: FakeEis;
let integration: FastifyInstance;
let integrationUrl: string;
let pki: TestPki;
let client: string;
let administrator: string;
let customerId: number;
let clientId: number;
let contractId: number;

const count = async (sql: string, params: unknown[] = []) =>
  ((await t.server.deps.database.sql.query(sql, params)) as { rows: { n: number }[] }).rows[0].n;
const asCustomer = () => ({ 'x-company-id': String(customerId) });

async function prepare(): Promise<ExecutionPrepareResponse> {
  const r = await t.api<ExecutionPrepareResponse>('POST', `/api/contracts/${contractId}/execution/prepare`, { token: client });
  expect(r.status).toBe(201);
  return r.body;
}
const signPrepared = async (p: ExecutionPrepareResponse, cert: string, bytes?: Buffer) =>
  (await pki.sign(cert, bytes ?? Buffer.from(p.xml_base64, 'base64'))).toString('base64');
const submit = (p: ExecutionPrepareResponse, signature: string, token = client) =>
  t.api<{ key: string; id: number; signature: SignatureResponse; message: string }>('POST', `/api/contracts/${contractId}/execution/signature`, { token, body: { record_id: p.id, signature } });

beforeAll(async () => {
  // the supplier of the УПД fixture (upd_970_v5_02_seller.xml, ИННЮЛ 9103624367) signs its own document
  pki = await createTestPki({ ...STANDARD_CERTS, supplier: { innLe: '9103624367', ogrn: '1149102000000', inn: '910362436700', surname: 'Поставщиков', givenName: 'Пётр', organization: 'ООО «Поставщик»' } });
  eis = await startFakeEis({ signatures: { trustDir: pki.trustDir, crlDir: pki.crlDir, required: true } });
  integration = await buildIntegrationApp({ eisUrl: eis.url, token: 'test-individual-token', tokenFallback: true, secret: TEST_INTEGRATION_SECRET, archiveRetryMs: 50, timeoutMs: 2000, logLevel: 'silent' });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  integrationUrl = `http://127.0.0.1:${(integration.server.address() as { port: number }).port}`;
  t = await startTestServer({ INTEGRATION_API_URL: integrationUrl, SIGNATURE_TRUST_DIR: pki.trustDir, SIGNATURE_CRL_DIR: pki.crlDir });
  client = await t.login('client');
  administrator = await t.login('administrator');
  const me = await t.api<{ id: number; company_id: number }>('GET', '/api/profile', { token: client });
  customerId = me.body.company_id;
  clientId = me.body.id;
  // a contract ЕИС knows (the fake serves this file), uploaded as the demo customer's own
  const data = fs.readFileSync(path.join(fixturePath('eis223'), 'contract_test.xml'));
  const boundary = `----sig${Date.now()}`;
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract_test.xml"\r\nContent-Type: application/xml\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const up = await t.server.app.inject({ method: 'POST', url: '/api/eis/upload?confirm_customer=true', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` } });
  expect(up.statusCode).toBe(200);
  const list = await t.api<{ items: { id: number; registry_number: string | null }[] }>('GET', '/api/contracts?limit=50', { token: client });
  contractId = list.body.items.find((c) => c.registry_number)!.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await integration?.close();
  await eis?.close();
  await pki?.close();
});

describe('«право подписи»', () => {
  it('is given by the company’s administrator, not by the user, and refuses a signer without it', async () => {
    const p = await prepare();
    const refused = await submit(p, await signPrepared(p, 'valid'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Нет права подписи за организацию: его даёт администратор организации');
    const self = await t.api<{ message: string }>('PUT', `/api/signatures/rights/${clientId}`, { token: client, body: {} });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Право подписи назначает администратор организации');
    expect((await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: {} })).status).toBe(204);
    const rights = await t.api<{ user_id: number; person_inn: string | null }[]>('GET', '/api/signatures/rights', { token: client });
    expect(rights.body).toEqual([expect.objectContaining({ user_id: clientId, person_inn: null })]);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'signing_right_grant' AND entity_id = $1`, [String(clientId)])).toBe(1);
    const status = await t.api<{ may_sign: boolean; company_inn: string; engine: { ok: boolean } }>('GET', '/api/signatures/status', { token: client });
    expect(status.body).toMatchObject({ may_sign: true, company_inn: '0105123458', engine: { ok: true } });
  });

  it('asks for both the person’s ИНН and the МЧД number for a power of attorney', async () => {
    const r = await t.api<{ message: string }>('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: { mchd_number: 'МЧД-1' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Для подписи по доверенности укажите и ИНН физического лица, и номер МЧД');
  });
});

describe('signed execution records', () => {
  it('sends a package signed by the right person; ЕИС verifies and registers it; the signature is kept and audited', async () => {
    const s = await t.socket('auth', client);
    const p = await prepare();
    expect(Buffer.from(p.xml_base64, 'base64').toString('utf8')).toContain(p.guid);
    const done = nextEvent<Record<string, unknown>>(s, EVENTS.notificationPerfomanceContractResponse, (e) => e.performance_contract_guid === p.guid && e.result !== 'pending', 60_000);
    const r = await submit(p, await signPrepared(p, 'valid'));
    expect(r.status).toBe(202);
    expect(r.body.signature).toMatchObject({ valid: true, user_id: clientId, certificate: { surname: 'Иванов', innLe: '0105123458', issuer: 'Тестовый УЦ' } });
    expect(await done).toMatchObject({ result: 'success' });
    const got = eis.received.find((x) => x.xml.includes(p.guid))!;
    expect(got).toMatchObject({ signed: true, signerSerial: r.body.signature.certificate!.serial });
    const list = await t.api<SignatureResponse[]>('GET', `/api/signatures?kind=execution_record&id=${p.id}`, { token: client });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].signing_time).toBeTruthy();
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'signature_add' AND entity_id = $1`, [String(contractId)])).toBeGreaterThan(0);
    // the same record signed again: it is gone to ЕИС already
    const again = await submit(p, await signPrepared(p, 'valid'));
    expect(again.status).toBe(409);
  });

  it('refuses a signature of other bytes, of an expired, revoked or another company’s certificate, storing nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM signatures');
    const p = await prepare();
    const cases: Array<[string, Buffer | undefined, string]> = [
      ['valid', Buffer.from('другой файл'), 'Подпись не соответствует файлу'],
      ['expired', undefined, 'Сертификат просрочен'],
      ['revoked', undefined, 'Сертификат отозван'],
      ['unknownCa', undefined, 'Сертификат выдан неизвестным удостоверяющим центром'],
      ['otherCompany', undefined, 'ИНН в сертификате не совпадает с организацией'],
    ];
    for (const [cert, bytes, reason] of cases) {
      const r = await submit(p, await signPrepared(p, cert, bytes));
      expect({ cert, status: r.status, message: r.body.message }).toEqual({ cert, status: 400, message: `Подпись не принята: ${reason}` });
    }
    const junk = await submit(p, Buffer.from('x'.repeat(100)).toString('base64'));
    expect(junk.body.message).toBe('Подпись не принята: Файл подписи повреждён или не является подписью CMS');
    expect(await count('SELECT count(*)::int AS n FROM signatures')).toBe(before);
  });

  it('takes a person’s certificate under a МЧД and records the МЧД number', async () => {
    expect((await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: { person_inn: '500100732259', mchd_number: 'МЧД-2026-0001' } })).status).toBe(204);
    const p = await prepare();
    const r = await submit(p, await signPrepared(p, 'person'));
    expect(r.status).toBe(202);
    expect(r.body.signature).toMatchObject({ valid: true, mchd_number: 'МЧД-2026-0001', certificate: { inn: '500100732259' } });
    expect((await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: {} })).status).toBe(204);
  });

  it('the fake ЕИС refuses an unsigned package and a tampered one', async () => {
    const s = await t.socket('auth', client);
    const done = nextEvent<Record<string, unknown>>(s, EVENTS.notificationPerfomanceContractResponse, (e) => e.result === 'error', 60_000);
    const unsigned = await t.api<{ key: string }>('POST', `/api/contracts/${contractId}/execution/send`, { token: client });
    expect(unsigned.status).toBe(202);
    expect((await done).error).toBe('Пакет не подписан электронной подписью');

    const p = await prepare();
    const xml = Buffer.from(p.xml_base64, 'base64').toString('utf8');
    const signature = await signPrepared(p, 'valid');
    const send = async (body: unknown) => (await fetch(`${integrationUrl}/eis/performance`, { method: 'POST', headers: { 'content-type': 'application/json', ...callerHeaders(TEST_INTEGRATION_SECRET) }, body: JSON.stringify(body) })).json();
    expect(await send({ xml: xml.replace('</', ' </'), signature })).toEqual({ result: 'rejected', reasons: ['Электронная подпись пакета не прошла проверку: Подпись не соответствует файлу'] });
    expect(await send({ xml, signature: await signPrepared(p, 'unknownCa') })).toEqual({ result: 'rejected', reasons: ['Электронная подпись пакета не прошла проверку: Сертификат выдан неизвестным удостоверяющим центром'] });
    expect(await send({ xml, signature })).toMatchObject({ result: 'accepted' });
  });
});

describe('«Проверка подписи»', () => {
  it('verifies a test signature without storing it and says why one fails', async () => {
    const content = Buffer.from('Проверка подписи');
    const ok = await t.api<{ valid: boolean; signer: { surname: string } }>('POST', '/api/signatures/check', { token: client, body: { content: content.toString('base64'), signature: (await pki.sign('valid', content)).toString('base64') } });
    expect(ok.body).toMatchObject({ valid: true, signer: { surname: 'Иванов' } });
    const bad = await t.api<{ valid: boolean; reason: string }>('POST', '/api/signatures/check', { token: client, body: { content: content.toString('base64'), signature: (await pki.sign('expired', content)).toString('base64') } });
    expect(bad.body).toMatchObject({ valid: false, reason: 'Сертификат просрочен' });
    const notB64 = await t.api<{ message: string; fields: Record<string, string[]> }>('POST', '/api/signatures/check', { token: client, body: { content: '', signature: 'не base64 '.repeat(10) } });
    expect(notB64.status).toBe(400);
  });
});

describe('uploaded УПД with the supplier’s signature', () => {
  it('verifies the .sig against the stored file and makes a bad one a finding of the document', async () => {
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const boundary = `----upd${Date.now()}`;
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upd.xml"\r\nContent-Type: application/xml\r\n\r\n`), upd, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await t.server.app.inject({ method: 'POST', url: `/api/contracts/${contractId}/upd?confirm=true`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` } });
    expect(up.statusCode).toBe(200);
    const docId = (up.json() as { id: number }).id;
    const attach = (signature: Buffer) => t.api<{ valid: boolean; reason: string | null; signer: { innLe: string } | null }>('POST', `/api/contracts/${contractId}/upd/signature`, { token: client, body: { document_id: docId, signature: signature.toString('base64') } });
    const warnings = async () => (await t.api<{ id: number; warnings: string[] }[] | { items: { id: number; warnings: string[] }[] }>('GET', `/api/contracts/${contractId}/acceptance`, { token: client })).body;

    const good = await attach(await pki.sign('supplier', upd));
    expect(good.body).toMatchObject({ valid: true, reason: null, signer: { innLe: '9103624367' } });
    const bad = await attach(await pki.sign('supplier', Buffer.concat([upd, Buffer.from('\n')])));
    expect(bad.body).toMatchObject({ valid: false, reason: 'Подпись не соответствует файлу' });
    const docs = await warnings();
    const list = Array.isArray(docs) ? docs : docs.items;
    expect(list.find((d) => d.id === docId)?.warnings).toContain('Подпись не соответствует файлу');
    // our own company's certificate on the supplier's document: not the seller's ИНН
    expect((await attach(await pki.sign('valid', upd))).body.reason).toBe('ИНН в сертификате не совпадает с организацией');
    const kept = await t.api<SignatureResponse[]>('GET', `/api/signatures?kind=upd&id=${docId}`, { token: client });
    expect(kept.body.map((x) => x.valid)).toEqual([false, false, true]);
  });
});

describe('the approved Положение', () => {
  it('signs the approval document of an approved version, and nothing before it is approved', async () => {
    const rule = await t.api<{ id: number }>('POST', '/api/procurement_rules', { token: client, body: { title: 'Положение о закупке (подпись)' } });
    const v = await t.api<{ id: number }>('POST', `/api/procurement_rules/${rule.body.id}/versions`, { token: client, body: { number: '1', in_force_from: '2031-01-01' } });
    const base = `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}`;
    expect((await upload(t, 'POST', `${base}/approval_document`, client, 'Протокол.pdf', PDF)).status).toBe(200);
    const sig = (await pki.sign('valid', PDF)).toString('base64');
    const early = await t.api<{ message: string }>('POST', `${base}/signature`, { token: client, body: { signature: sig } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Подписать можно утверждённую редакцию положения');
    expect((await t.api('POST', `${base}/approve`, { token: client, body: { approved_on: '2030-12-20' } })).status).toBe(200);
    const other = await t.api<{ message: string }>('POST', `${base}/signature`, { token: client, body: { signature: (await pki.sign('valid', Buffer.from('другой файл'))).toString('base64') } });
    expect(other.body.message).toBe('Подпись не принята: Подпись не соответствует файлу');
    const ok = await t.api<SignatureResponse>('POST', `${base}/signature`, { token: client, body: { signature: sig } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ document_kind: 'rule_version', document_id: v.body.id, valid: true, certificate: { surname: 'Иванов' } });
    // the approved version's document cannot be replaced: what was signed stays what is kept
    expect((await upload(t, 'POST', `${base}/approval_document`, client, 'Другой.pdf', PDF)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('procurement documentation', () => {
  it('signs the current version of a document; a new version is unsigned until signed again', async () => {
    const p = await t.api<{ id: number }>('POST', '/api/procurements', { token: client, body: { title: 'Поставка серверов (подпись)', method: 'auction_e', subject: 'goods', nmcd: '5000000', okpd2: [{ code: '26.20.14.120' }] } });
    expect(p.status).toBe(200);
    const f = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, client, 'Документация.pdf', PDF);
    const fileId = (f.body as { id: number }).id;
    const url = `/api/procurements/${p.body.id}/files/${fileId}/signature`;
    const signed = await t.api<SignatureResponse & { version: number }>('POST', url, { token: client, body: { signature: (await pki.sign('valid', PDF)).toString('base64') } });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({ version: 1, document_kind: 'documentation', valid: true });
    const v2 = Buffer.from(PDF.toString().replace('Catalog', 'Catalog /Lang (ru)'));
    expect((await upload(t, 'PUT', `/api/procurements/${p.body.id}/files/${fileId}`, client, 'Документация.pdf', v2)).status).toBe(200);
    // the old signature is of version 1: the new version's bytes do not match it
    const stale = await t.api<{ message: string }>('POST', url, { token: client, body: { signature: (await pki.sign('valid', PDF)).toString('base64') } });
    expect(stale.body.message).toBe('Подпись не принята: Подпись не соответствует файлу');
    const again = await t.api<{ version: number; document_id: number }>('POST', url, { token: client, body: { signature: (await pki.sign('valid', v2)).toString('base64') } });
    expect(again.body.version).toBe(2);
    expect(again.body.document_id).not.toBe(signed.body.document_id);
  });
});
