import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type ExecutionPrepareResponse, type ProcurementFileResponse, type SignatureResponse } from '@proc/contract';
import { nextEvent, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { startSigningStand, type SigningStand } from '../../../test/signing-stand';
import { callerHeaders } from '../../eis-service/caller-auth';
import { UNSIGNED_REASON, type FakeEis } from '../../../../tools/fake-eis/server';
import { fixturePath } from '../../formats/fixtures-path';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../../../test/pki/test-pki';
import PizZip from 'pizzip';
import { PDF, upload } from '../../../test/factories';

let stand: SigningStand;
let t: TestServer;
let eis: FakeEis;
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
  t.api<{ key: string; id: number; signature: SignatureResponse; message: string }>(
    'POST',
    `/api/contracts/${contractId}/execution/signature`,
    { token, body: { record_id: p.id, signature } },
  );

beforeAll(async () => {
  // the supplier of the УПД fixture (upd_970_v5_02_seller.xml, ИННЮЛ 9103624367) signs its own document
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
  stand = await startSigningStand(pki);
  ({ t, eis, integrationUrl, client, administrator, customerId, clientId, contractId } = stand);
}, 180_000);
afterAll(async () => {
  await stand?.close();
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
    expect(
      (await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: {} })).status,
    ).toBe(204);
    const rights = await t.api<{ user_id: number; person_inn: string | null }[]>('GET', '/api/signatures/rights', { token: client });
    expect(rights.body).toEqual([expect.objectContaining({ user_id: clientId, person_inn: null })]);
    expect(
      await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'signing_right_grant' AND entity_id = $1`, [String(clientId)]),
    ).toBe(1);
    const status = await t.api<{ may_sign: boolean; company_inn: string; engine: { ok: boolean } }>('GET', '/api/signatures/status', {
      token: client,
    });
    expect(status.body).toMatchObject({ may_sign: true, company_inn: '0105123458', engine: { ok: true } });
  });

  it('asks for both the person’s ИНН and the МЧД number for a power of attorney', async () => {
    const r = await t.api<{ message: string }>('PUT', `/api/signatures/rights/${clientId}`, {
      token: administrator,
      headers: asCustomer(),
      body: { mchd_number: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Для подписи по доверенности укажите и ИНН физического лица, и номер МЧД');
    // the МЧД number is the register's GUID: another text is refused in Russian
    for (const mchd of ['МЧД-2026-0001', '0f8fad5b-d9cb-469f-a165-70867728950', '0f8fad5b d9cb 469f a165 70867728950e']) {
      const bad = await t.api<{ fields: Record<string, string[]> }>('PUT', `/api/signatures/rights/${clientId}`, {
        token: administrator,
        headers: asCustomer(),
        body: { person_inn: '500100732259', mchd_number: mchd },
      });
      expect({ mchd, status: bad.status, fields: bad.body.fields?.mchd_number }).toEqual({
        mchd,
        status: 400,
        fields: ['Номер МЧД — её уникальный номер в реестре ФНС (GUID из 36 знаков, например 0f8fad5b-d9cb-469f-a165-70867728950e)'],
      });
    }
  });
});

describe('signed execution records', () => {
  it('sends a package signed by the right person; ЕИС verifies and registers it; the signature is kept and audited', async () => {
    const s = await t.socket('auth', client);
    const p = await prepare();
    expect(Buffer.from(p.xml_base64, 'base64').toString('utf8')).toContain(p.guid);
    const done = nextEvent(
      s,
      EVENTS.notificationPerfomanceContractResponse,
      (e) => e.performance_contract_guid === p.guid && e.result !== 'pending',
      60_000,
    );
    const r = await submit(p, await signPrepared(p, 'valid'));
    expect(r.status).toBe(202);
    expect(r.body.signature).toMatchObject({
      valid: true,
      user_id: clientId,
      certificate: { surname: 'Иванов', innLe: '0105123458', issuer: 'Тестовый УЦ' },
    });
    expect(await done).toMatchObject({ result: 'success' });
    const got = eis.received.find((x) => x.xml.includes(p.guid))!;
    expect(got).toMatchObject({ signed: true, signerSerial: r.body.signature.certificate!.serial });
    const list = await t.api<SignatureResponse[]>('GET', `/api/signatures?kind=execution_record&id=${p.id}`, { token: client });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].signing_time).toBeTruthy();
    expect(
      await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'signature_add' AND entity_id = $1`, [String(contractId)]),
    ).toBeGreaterThan(0);
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
    expect(
      (
        await t.api('PUT', `/api/signatures/rights/${clientId}`, {
          token: administrator,
          headers: asCustomer(),
          body: { person_inn: '500100732259', mchd_number: '7C9E6679-7425-40DE-944B-E07FC1F90AE7' },
        })
      ).status,
    ).toBe(204);
    const p = await prepare();
    const r = await submit(p, await signPrepared(p, 'person'));
    expect(r.status).toBe(202);
    expect(r.body.signature).toMatchObject({
      valid: true,
      mchd_number: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      certificate: { inn: '500100732259' },
    });
    expect(
      (await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: administrator, headers: asCustomer(), body: {} })).status,
    ).toBe(204);
  });

  it('the fake ЕИС refuses an unsigned package (by default, as ЕИС does) and a tampered one', async () => {
    const s = await t.socket('auth', client);
    const done = nextEvent(s, EVENTS.notificationPerfomanceContractResponse, (e) => e.result === 'error', 60_000);
    const unsigned = await t.api<{ key: string }>('POST', `/api/contracts/${contractId}/execution/send`, { token: client });
    expect(unsigned.status).toBe(202);
    expect((await done).error).toBe(UNSIGNED_REASON);
    const records = await t.api<{ status: string; reject_reasons: string[] }[]>('GET', `/api/contracts/${contractId}/execution`, {
      token: client,
    });
    expect(records.body[0]).toMatchObject({ status: 'rejected', reject_reasons: [UNSIGNED_REASON] });

    const p = await prepare();
    const xml = Buffer.from(p.xml_base64, 'base64').toString('utf8');
    const signature = await signPrepared(p, 'valid');
    const send = async (body: unknown) =>
      (
        await fetch(`${integrationUrl}/eis/performance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...callerHeaders(TEST_INTEGRATION_SECRET) },
          body: JSON.stringify(body),
        })
      ).json();
    expect(await send({ xml: xml.replace('</', ' </'), signature })).toEqual({
      result: 'rejected',
      reasons: ['Электронная подпись пакета не прошла проверку: Подпись не соответствует файлу'],
    });
    expect(await send({ xml, signature: await signPrepared(p, 'unknownCa') })).toEqual({
      result: 'rejected',
      reasons: ['Электронная подпись пакета не прошла проверку: Сертификат выдан неизвестным удостоверяющим центром'],
    });
    expect(await send({ xml, signature })).toMatchObject({ result: 'accepted' });
  });
});

describe('«Проверка подписи»', () => {
  it('verifies a test signature without storing it and says why one fails', async () => {
    const content = Buffer.from('Проверка подписи');
    const ok = await t.api<{ valid: boolean; signer: { surname: string } }>('POST', '/api/signatures/check', {
      token: client,
      body: { content: content.toString('base64'), signature: (await pki.sign('valid', content)).toString('base64') },
    });
    expect(ok.body).toMatchObject({ valid: true, signer: { surname: 'Иванов' } });
    const bad = await t.api<{ valid: boolean; reason: string }>('POST', '/api/signatures/check', {
      token: client,
      body: { content: content.toString('base64'), signature: (await pki.sign('expired', content)).toString('base64') },
    });
    expect(bad.body).toMatchObject({ valid: false, reason: 'Сертификат просрочен' });
    const notB64 = await t.api<{ message: string; fields: Record<string, string[]> }>('POST', '/api/signatures/check', {
      token: client,
      body: { content: '', signature: 'не base64 '.repeat(10) },
    });
    expect(notB64.status).toBe(400);
  });
});

describe('uploaded УПД with the supplier’s signature', () => {
  it('verifies the .sig against the stored file and makes a bad one a finding of the document', async () => {
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const boundary = `----upd${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upd.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      upd,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.server.app.inject({
      method: 'POST',
      url: `/api/contracts/${contractId}/upd?confirm=true`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
    });
    expect(up.statusCode).toBe(200);
    const docId = (up.json() as { id: number }).id;
    const attach = (signature: Buffer) =>
      t.api<{ valid: boolean; reason: string | null; signer: { innLe: string } | null }>(
        'POST',
        `/api/contracts/${contractId}/upd/signature`,
        { token: client, body: { document_id: docId, signature: signature.toString('base64') } },
      );
    const warnings = async () =>
      (
        await t.api<{ id: number; warnings: string[] }[] | { items: { id: number; warnings: string[] }[] }>(
          'GET',
          `/api/contracts/${contractId}/acceptance`,
          { token: client },
        )
      ).body;

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

describe('an ЭДО archive: the УПД with its signature in one ZIP', () => {
  const upd = () => fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
  const NAME = 'ON_NSCHFDOPPR_2BM-7708503727-770801001_2BE-9103624367-910301001_20240315_6f0c1a8e-1f2b-4c3d-9e8f-0a1b2c3d4e5f';
  const zip = (files: Record<string, Buffer>) => {
    const z = new PizZip();
    for (const [name, data] of Object.entries(files)) z.file(name, data);
    return Buffer.from(z.generate({ type: 'uint8array', compression: 'DEFLATE' }));
  };
  const send = async (name: string, data: Buffer) => {
    const boundary = `----edo${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await t.server.app.inject({
      method: 'POST',
      url: `/api/contracts/${contractId}/upd?confirm=true&replace=true`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
    });
    return {
      status: r.statusCode,
      body: r.json() as {
        id: number;
        message: string;
        upload_file_name: string;
        signatures: { file_name: string; valid: boolean; code: string; reason: string | null; signer: { innLe: string } | null }[];
      },
    };
  };
  // each case sends the same УПД (one fixture) to the same contract: replace=true lets it replace the one in force
  const documents = () => count('SELECT count(*)::int AS n FROM acceptance_documents');

  it('takes the УПД out of the archive, pairs its .sig and verifies it against the seller', async () => {
    const data = upd();
    const r = await send(
      'Диадок.zip',
      zip({ [`${NAME}.xml`]: data, [`${NAME}.xml.sig`]: await pki.sign('supplier', data), 'DP_IZVPOL_1.xml': Buffer.from('<Файл/>') }),
    );
    expect(r.status).toBe(200);
    expect(r.body.upload_file_name).toBe(`${NAME}.xml`);
    expect(r.body.signatures).toMatchObject([{ file_name: `${NAME}.xml.sig`, valid: true, reason: null, signer: { innLe: '9103624367' } }]);
    const kept = await t.api<SignatureResponse[]>('GET', `/api/signatures?kind=upd&id=${r.body.id}`, { token: client });
    expect(kept.body.map((x) => [x.valid, x.certificate?.innLe])).toEqual([[true, '9103624367']]);
  });

  it('a .p7s of other bytes is kept as a finding of the document, not accepted silently', async () => {
    const data = upd();
    const r = await send(
      'СБИС.zip',
      zip({ [`docs/${NAME}.xml`]: data, [`docs/${NAME}.p7s`]: await pki.sign('supplier', Buffer.concat([data, Buffer.from(' ')])) }),
    );
    expect(r.status).toBe(200);
    expect(r.body.signatures).toMatchObject([{ file_name: `${NAME}.p7s`, valid: false, code: 'mismatch' }]);
    const docs = (await t.api<{ id: number; warnings: string[] }[]>('GET', `/api/contracts/${contractId}/acceptance`, { token: client }))
      .body;
    expect(docs.find((d) => d.id === r.body.id)?.warnings).toContain('Подпись не соответствует файлу');
  });

  it('refuses hostile and mismatched archives in Russian with 400, storing nothing', async () => {
    const data = upd();
    const sig = await pki.sign('supplier', data);
    const before = await documents();
    const traversal = await send('evil.zip', zip({ [`../${NAME}.xml`]: data }));
    expect(traversal.status).toBe(400);
    expect(traversal.body.message).toBe(
      `Архив «evil.zip» не принят: Недопустимое имя файла в архиве «../${NAME}.xml»: путь выходит за пределы архива. Архив не принят`,
    );
    // 8 MB of zeros pack into a few kilobytes: a bomb, refused before it is inflated
    const bomb = await send('bomb.zip', zip({ [`${NAME}.xml`]: Buffer.alloc(8 * 1024 * 1024) }));
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/^Архив «bomb\.zip» не принят: Файл «.+\.xml» сжат в \d+ раз: такой архив не принимается$/);
    const orphan = await send('orphan.zip', zip({ [`${NAME}.xml`]: data, 'ON_NSCHFDOPPR_другой.xml.sig': sig }));
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe(
      'Подпись «ON_NSCHFDOPPR_другой.xml.sig» в архиве не относится ни к одному документу архива: архив не принят',
    );
    const two = await send('two.zip', zip({ [`${NAME}.xml`]: data, [`${NAME}_2.xml`]: data }));
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('В архиве «two.zip» 2 УПД: загрузите архив каждого документа отдельно');
    const none = await send('none.zip', zip({ 'DP_IZVPOL_1.xml': Buffer.from('<Файл/>'), 'DP_IZVPOL_2.xml': Buffer.from('<Файл/>') }));
    expect(none.body.message).toBe('В архиве «none.zip» нет УПД: ожидается файл ON_NSCHFDOPPR_….xml');
    const broken = await send('broken.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^Архив «broken\.zip» не принят: Архив повреждён или не является ZIP-архивом$/);
    expect(await documents()).toBe(before);
  });
});

describe('the approved Положение', () => {
  it('signs the approval document of an approved version, and nothing before it is approved', async () => {
    const rule = await t.api<{ id: number }>('POST', '/api/procurement_rules', {
      token: client,
      body: { title: 'Положение о закупке (подпись)' },
    });
    const v = await t.api<{ id: number }>('POST', `/api/procurement_rules/${rule.body.id}/versions`, {
      token: client,
      body: { number: '1', in_force_from: '2031-01-01' },
    });
    const base = `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}`;
    expect((await upload(t, 'POST', `${base}/approval_document`, client, 'Протокол.pdf', PDF)).status).toBe(200);
    const sig = (await pki.sign('valid', PDF)).toString('base64');
    const early = await t.api<{ message: string }>('POST', `${base}/signature`, { token: client, body: { signature: sig } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Подписать можно утверждённую редакцию положения');
    expect((await t.api('POST', `${base}/approve`, { token: client, body: { approved_on: '2030-12-20' } })).status).toBe(200);
    const other = await t.api<{ message: string }>('POST', `${base}/signature`, {
      token: client,
      body: { signature: (await pki.sign('valid', Buffer.from('другой файл'))).toString('base64') },
    });
    expect(other.body.message).toBe('Подпись не принята: Подпись не соответствует файлу');
    const ok = await t.api<SignatureResponse>('POST', `${base}/signature`, { token: client, body: { signature: sig } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      document_kind: 'rule_version',
      document_id: v.body.id,
      valid: true,
      certificate: { surname: 'Иванов' },
    });
    // the approved version's document cannot be replaced: what was signed stays what is kept
    expect((await upload(t, 'POST', `${base}/approval_document`, client, 'Другой.pdf', PDF)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('procurement documentation', () => {
  it('signs the current version of a document; a new version is unsigned until signed again', async () => {
    const p = await t.api<{ id: number }>('POST', '/api/procurements', {
      token: client,
      body: {
        title: 'Поставка серверов (подпись)',
        method: 'auction_e',
        subject: 'goods',
        nmcd: '5000000',
        okpd2: [{ code: '26.20.14.120' }],
      },
    });
    expect(p.status).toBe(200);
    const f = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, client, 'Документация.pdf', PDF);
    const fileId = (f.body as { id: number }).id;
    const url = `/api/procurements/${p.body.id}/files/${fileId}/signature`;
    const signed = await t.api<SignatureResponse & { version: number }>('POST', url, {
      token: client,
      body: { signature: (await pki.sign('valid', PDF)).toString('base64') },
    });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({ version: 1, document_kind: 'documentation', valid: true });
    const v2 = Buffer.from(PDF.toString().replace('Catalog', 'Catalog /Lang (ru)'));
    expect((await upload(t, 'PUT', `/api/procurements/${p.body.id}/files/${fileId}`, client, 'Документация.pdf', v2)).status).toBe(200);
    // the old signature is of version 1: the new version's bytes do not match it
    const stale = await t.api<{ message: string }>('POST', url, {
      token: client,
      body: { signature: (await pki.sign('valid', PDF)).toString('base64') },
    });
    expect(stale.body.message).toBe('Подпись не принята: Подпись не соответствует файлу');
    // the files list says which version is signed: the old one still is, the current one not (the web shows «файл изменён»)
    const files = async () =>
      (await t.api<ProcurementFileResponse>('GET', `/api/procurements/${p.body.id}/files/${fileId}`, { token: client })).body;
    const listed = await files();
    expect(listed.versions.map((v) => [v.version, v.signed])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(listed.versions.find((v) => v.version === 1)?.id).toBe(signed.body.document_id);
    // a signature of version 1 sent as such while version 2 is current: refused as stale, not checked against v2
    const older = await t.api<{ message: string }>('POST', url, {
      token: client,
      body: { version: 1, signature: (await pki.sign('valid', PDF)).toString('base64') },
    });
    expect(older.status).toBe(409);
    expect(older.body.message).toBe('Документ изменился: вы подписали версию 1, а текущая — версия 2. Подпишите текущую версию');
    const again = await t.api<{ version: number; document_id: number }>('POST', url, {
      token: client,
      body: { version: 2, signature: (await pki.sign('valid', v2)).toString('base64') },
    });
    expect(again.body.version).toBe(2);
    expect(again.body.document_id).not.toBe(signed.body.document_id);
    expect(again.body.document_id).toBe(listed.version_id);
    expect((await files()).versions.map((v) => v.signed)).toEqual([true, true]);
    const kept = await t.api<SignatureResponse[]>('GET', `/api/signatures?kind=documentation&id=${listed.version_id}`, { token: client });
    expect(kept.body).toMatchObject([{ valid: true, user_id: clientId, certificate: { surname: 'Иванов' } }]);
    // the audit names who signed which version with which certificate
    expect(
      await count(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'procurement' AND entity_id = $1 AND action = 'signature_add'`, [
        String(p.body.id),
      ]),
    ).toBe(2);
  });
});
