import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import PizZip from 'pizzip';
import { EVENTS, type SignatureCheckResponse } from '@proc/contract';
import type { TestServer } from '../../../test/harness';
import type { FakeEis } from '../../../../tools/fake-eis/server';
import { startSigningStand, type SigningStand } from '../../../test/signing-stand';
import { fixturePath } from '../../formats/fixtures-path';
import { IndependentPki, reorderCertificates, type Identity, type LeafSpec, type SignOptions } from '../../../test/pki/independent-pki';
import { PDF, upload } from '../../../test/factories';

/**
 * Every signature route against a PKI made here with the openssl command line (independent-pki.ts, not the product's
 * helpers), case by case as an attacker builds them (a forged signer, two signers, the key usage, RSA,
 * an ИП's 12-digit ИНН): each bad one refused with a Russian reason, the good ones accepted.
 */

const CUSTOMER: Identity = {
  innLe: '0105123458',
  ogrn: '1020100001239',
  inn: '010512345678',
  snils: '12345678901',
  surname: 'Иванов',
  givenName: 'Иван Петрович',
  organization: 'АО «Демо-Заказчик»',
};
// the seller of the УПД fixture (upd_970_v5_02_seller.xml, ИННЮЛ 9103624367)
const SELLER: Identity = {
  innLe: '9103624367',
  ogrn: '1149102000000',
  inn: '910362436701',
  surname: 'Поставщиков',
  givenName: 'Пётр',
  organization: 'ООО «Поставщик»',
};
const OTHER: Identity = {
  innLe: '7707083893',
  ogrn: '1027700132195',
  inn: '770708389312',
  surname: 'Смирнов',
  givenName: 'Алексей Викторович',
  organization: 'ПАО «Другая компания»',
};
// an ИП: a person's 12-digit ИНН and no ИННЮЛ (the ИП of the fixture's own СвИП)
const IP: Identity = { inn: '753381367749', snils: '11223344595', surname: 'Иванов', givenName: 'Иван Иванович' };

const owned = (p: string, who: Identity): Record<string, LeafSpec> => ({
  [p]: { who },
  [`${p}512`]: { who, key: 'gost2012_512' },
  [`${p}Second`]: { who: { ...who, surname: 'Второй', givenName: 'Сотрудник' } },
  [`${p}Expired`]: { who, expired: true },
  [`${p}Revoked`]: { who, revoked: true },
  [`${p}Rsa`]: { who, key: 'rsa2048' },
  [`${p}Gost2001`]: { who, key: 'gost2001' },
  [`${p}NoKeyUsage`]: { who, usage: 'none' },
  [`${p}KeyEncipherment`]: { who, usage: 'keyEncipherment' },
  [`${p}Forged`]: { who, issuer: 'forged' },
  // a forged certificate with our ИНН that answers to the other company's key identifier
  [`${p}TwinOfOther`]: { who, issuer: 'forged', keyIdOf: 'other' },
});

let pki: IndependentPki;
let stand: SigningStand;
let t: TestServer;
let eis: FakeEis;
let client: string;
let contractId: number;

beforeAll(async () => {
  const started = Date.now();
  pki = await IndependentPki.create({
    other: { who: OTHER },
    ...owned('customer', CUSTOMER),
    ...owned('seller', SELLER),
    ip: { who: IP },
  });
  console.log(`independent PKI: ${Object.keys(pki.leaves).length} certificates in ${Date.now() - started} ms`);
  stand = await startSigningStand(pki);
  ({ t, eis, client, contractId } = stand);
  const right = await t.call(routes.signatures.putRightsByUserId, {
    params: { userId: stand.clientId },
    token: stand.administrator,
    headers: { 'x-company-id': String(stand.customerId) },
    body: {},
  });
  expect(right.status).toBe(204);
}, 240_000);
afterAll(async () => {
  await stand?.close();
  await pki?.close();
});

interface Outcome {
  accepted: boolean;
  reason: string | null;
  /** The signers the route answered with (ИННЮЛ, else ИНН), where it answers with them. */
  signers?: string[];
}
type Signer = (content: Buffer) => Promise<Buffer>;
interface Route {
  name: string;
  /** Whose signature the route expects: our company's for our documents, the seller's for its УПД. */
  owner: 'customer' | 'seller';
  run(sign: Signer): Promise<Outcome>;
}

const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
};
const b64 = (b: Buffer) => b.toString('base64');
const idOf = (c: { innLe: string | null; inn: string | null }) => c.innLe ?? c.inn ?? '';
const refusal = (r: { status: number; body: { message?: string } }): Outcome => {
  // a refused signature of our own document: 400 and «Подпись не принята: <reason>»
  expect(r.status).toBe(400);
  expect(r.body.message).toMatch(/^Подпись не принята: /);
  return { accepted: false, reason: r.body.message!.replace(/^Подпись не принята: /, '') };
};
const checked = (r: Pick<SignatureCheckResponse, 'valid' | 'reason' | 'signers'>): Outcome => ({
  accepted: r.valid,
  reason: r.reason,
  signers: r.signers.map(idOf),
});

const UPD = () => fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
const EDO_NAME = 'ON_NSCHFDOPPR_2BM-7708503727-770801001_2BE-9103624367-910301001_20240315_6f0c1a8e-1f2b-4c3d-9e8f-0a1b2c3d4e5f';
const zip = (files: Record<string, Buffer>) => {
  const z = new PizZip();
  for (const [name, data] of Object.entries(files)) z.file(name, data);
  return Buffer.from(z.generate({ type: 'uint8array', compression: 'DEFLATE' }));
};
async function sendEdo(archive: Buffer) {
  const r = await upload(t, 'POST', `/api/contracts/${contractId}/upd?confirm=true&replace=true`, client, 'ЭДО.zip', archive);
  expect(r.status).toBe(200);
  return r.body as { id: number; signatures: SignatureCheckResponse[] };
}

/** Execution records the route sent, by whether their signature was accepted. */
const executions = { acceptedIds: [] as number[], refusedIds: [] as number[] };

const documentation = once(async () => {
  const p = await t.call(routes.procurements.post, {
    token: client,
    body: {
      title: 'Поставка серверов (подписи)',
      method: 'auction_e',
      subject: 'goods',
      nmcd: '5000000',
      okpd2: [{ code: '26.20.14.120' }],
    },
  });
  const f = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, client, 'Документация.pdf', PDF);
  return `/api/procurements/${p.body.id}/files/${(f.body as { id: number }).id}/signature`;
});
const updDocument = once(async () => {
  const r = await upload(t, 'POST', `/api/contracts/${contractId}/upd?confirm=true&replace=true`, client, 'upd.xml', UPD());
  expect(r.status).toBe(200);
  return (r.body as { id: number }).id;
});

const ROUTES: Route[] = [
  {
    name: 'documentation (POST /api/procurements/:id/files/:fileId/signature)',
    owner: 'customer',
    async run(sign) {
      const r = await t.api<{ valid: boolean; message?: string }>('POST', await documentation(), {
        token: client,
        body: { signature: b64(await sign(PDF)) },
      });
      return r.status === 201 ? { accepted: r.body.valid, reason: null } : refusal(r);
    },
  },
  {
    name: 'execution record (POST /api/contracts/:id/execution/signature)',
    owner: 'customer',
    async run(sign) {
      const p = await t.call(routes.signatures.postContractsExecutionPrepare, { params: { id: contractId }, token: client });
      expect(p.status).toBe(201);
      const r = await t.call(routes.signatures.postContractsExecutionSignature, {
        params: { id: contractId },
        token: client,
        body: { record_id: p.body.id, signature: b64(await sign(Buffer.from(p.body.xml_base64, 'base64'))) },
      });
      if (r.status === 202) {
        executions.acceptedIds.push(p.body.id);
        return { accepted: true, reason: null };
      }
      executions.refusedIds.push(p.body.id);
      return refusal(r);
    },
  },
  {
    name: 'УПД .sig (POST /api/contracts/:id/upd/signature)',
    owner: 'seller',
    async run(sign) {
      const r = await t.call(routes.signatures.postContractsUpdSignature, {
        params: { id: contractId },
        token: client,
        body: { document_id: await updDocument(), signature: b64(await sign(UPD())) },
      });
      expect(r.status).toBe(200);
      return checked(r.body);
    },
  },
  {
    name: 'ЭДО ZIP (POST /api/contracts/:id/upd with an archive)',
    owner: 'seller',
    async run(sign) {
      const data = UPD();
      const body = await sendEdo(zip({ [`${EDO_NAME}.xml`]: data, [`${EDO_NAME}.xml.sig`]: await sign(data) }));
      expect(body.signatures).toHaveLength(1);
      return checked(body.signatures[0]);
    },
  },
  {
    name: 'check (POST /api/signatures/check)',
    owner: 'customer',
    async run(sign) {
      const content = Buffer.from('Проверка подписи: тестовый текст');
      const r = await t.call(routes.signatures.postCheck, {
        token: client,
        body: { content: b64(content), signature: b64(await sign(content)) },
      });
      expect(r.status).toBe(200);
      return checked(r.body);
    },
  },
];

const INN_MISMATCH = 'ИНН в сертификате не совпадает с организацией';
const NOT_QUALIFIED = (alg: string) =>
  `Подпись не является квалифицированной: алгоритм ${alg}, а нужен ГОСТ Р 34.10-2012 с хэшем ГОСТ Р 34.11-2012`;

interface Case {
  name: string;
  sign(owner: string): Signer;
  /** null: accepted. */
  reason: string | RegExp | null;
  /** The signers shown (ИННЮЛ), where the route shows them. */
  signers?: (owner: string) => string[];
}
const innLeOf = (name: string) => pki.leaves[name].spec.who.innLe ?? pki.leaves[name].spec.who.inn!;
/** Whose certificate goes where in the set: the attacker's order (the set is not signed). */
interface Placement {
  decoy: string;
  where: 'first' | 'last';
}
const derOf = (name: string) =>
  Buffer.from(
    fs
      .readFileSync(pki.certFile(name), 'utf8')
      .replace(/-----[^-]+-----/g, '')
      .replace(/\s+/g, ''),
    'base64',
  );
const by =
  (signers: string | string[], opts: SignOptions = {}, place?: Placement): Signer =>
  async (content) => {
    const der = await pki.sign(signers, content, opts);
    if (!place) return der;
    const decoy = derOf(place.decoy);
    return reorderCertificates(der, (certs) => {
      const at = certs.findIndex((c) => c.equals(decoy));
      expect(at).toBeGreaterThanOrEqual(0);
      const rest = certs.map((_, i) => i).filter((i) => i !== at);
      return place.where === 'first' ? [at, ...rest] : [...rest, at];
    });
  };

const SEVERAL = /^В подписи 2 подписанта \(.+\), а документ подписывает один: такая подпись не принимается$/;
const CASES: Case[] = [
  { name: 'GOST 2012-256', sign: (o) => by(o), reason: null, signers: (o) => [innLeOf(o)] },
  { name: 'GOST 2012-512', sign: (o) => by(`${o}512`), reason: null, signers: (o) => [innLeOf(o)] },
  { name: 'signer by subjectKeyIdentifier (-keyid)', sign: (o) => by(o, { keyId: true }), reason: null },
  {
    name: 'own signer with another company’s certificate first in the set',
    sign: (o) => by(o, { extra: ['other'] }, { decoy: 'other', where: 'first' }),
    reason: null,
    signers: (o) => [innLeOf(o)],
  },
  ...(['first', 'last'] as const).flatMap((where): Case[] => [
    {
      name: `forged signer: another company signs, a forged certificate with our ИНН ${where}`,
      sign: (o) => by('other', { extra: [`${o}Forged`] }, { decoy: `${o}Forged`, where }),
      reason: INN_MISMATCH,
      signers: () => ['7707083893'],
    },
    {
      name: `forged signer: another company signs, our real certificate ${where}`,
      sign: (o) => by('other', { extra: [o] }, { decoy: o, where }),
      reason: INN_MISMATCH,
      signers: () => ['7707083893'],
    },
  ]),
  ...(['first', 'last'] as const).map((where): Case => ({
    name: `forged twin with the signer’s key identifier and our ИНН ${where} (-keyid)`,
    sign: (o) => by('other', { keyId: true, extra: [`${o}TwinOfOther`] }, { decoy: `${o}TwinOfOther`, where }),
    reason: 'В подписи два разных сертификата с данными сертификата подписанта: один из них поддельный',
  })),
  {
    name: 'two signers, ours first',
    sign: (o) => by([o, 'other']),
    reason: SEVERAL,
    signers: (o) => [innLeOf(o), '7707083893'].sort(),
  },
  {
    name: 'two signers, the other first',
    sign: (o) => by(['other', o]),
    reason: SEVERAL,
    signers: (o) => [innLeOf(o), '7707083893'].sort(),
  },
  { name: 'two signers of our own company', sign: (o) => by([o, `${o}Second`]), reason: SEVERAL },
  {
    name: 'the signer’s certificate left out of the CMS',
    sign: (o) => by(o, { noSignerCert: true }),
    reason: 'В подписи нет сертификата, который назван в ней сертификатом подписанта',
  },
  {
    name: 'the signer’s certificate left out, our real one put in its place',
    sign: (o) => by('other', { noSignerCert: true, extra: [o] }),
    reason: 'В подписи нет сертификата, который назван в ней сертификатом подписанта',
  },
  { name: 'expired certificate', sign: (o) => by(`${o}Expired`), reason: 'Сертификат просрочен' },
  { name: 'revoked certificate (CRL)', sign: (o) => by(`${o}Revoked`), reason: 'Сертификат отозван' },
  { name: 'RSA-2048 / SHA-256, trusted chain', sign: (o) => by(`${o}Rsa`), reason: NOT_QUALIFIED('RSA') },
  { name: 'GOST R 34.10-2001', sign: (o) => by(`${o}Gost2001`), reason: NOT_QUALIFIED('ГОСТ Р 34.10-2001') },
  {
    name: 'no keyUsage',
    sign: (o) => by(`${o}NoKeyUsage`),
    reason: 'В сертификате не указано назначение ключа (keyUsage): для электронной подписи он не годится',
  },
  {
    name: 'keyEncipherment only',
    sign: (o) => by(`${o}KeyEncipherment`),
    reason: 'Сертификат не предназначен для электронной подписи: в назначении ключа нет «цифровой подписи» и «неотрекаемости»',
  },
  { name: 'another company’s certificate', sign: () => by('other'), reason: INN_MISMATCH, signers: () => ['7707083893'] },
  {
    name: 'our ИНН from an untrusted root',
    sign: (o) => by(`${o}Forged`),
    reason: 'Сертификат выдан неизвестным удостоверяющим центром',
  },
];

describe.each(ROUTES)('$name', (route) => {
  it.each(CASES)('$name', async (c) => {
    const got = await route.run(c.sign(route.owner));
    if (c.reason === null) {
      expect(got).toMatchObject({ accepted: true, reason: null });
    } else {
      expect(got.accepted).toBe(false);
      if (typeof c.reason === 'string') expect(got.reason).toBe(c.reason);
      else expect(got.reason).toMatch(c.reason);
    }
    if (got.signers && c.signers) expect([...got.signers].sort()).toEqual(c.signers(route.owner).sort());
  });
});

describe('execution records signed badly', () => {
  it('are never sent to ЕИС: it received exactly the accepted ones, each signed by our company', async () => {
    expect(executions.acceptedIds.length).toBeGreaterThan(0);
    expect(executions.refusedIds.length).toBeGreaterThan(10);
    // wait for ЕИС's answer to every accepted package (each answer is a socket event), then see what it was sent
    const s = await t.socket('auth', client);
    const records = async () => (await t.call(routes.eis.getContractsExecution, { params: { id: contractId }, token: client })).body;
    const answered = (rs: { id: number; status: string }[]) =>
      rs.filter((r) => executions.acceptedIds.includes(r.id) && (r.status === 'registered' || r.status === 'rejected')).length ===
      executions.acceptedIds.length;
    if (!answered(await records()))
      await new Promise<void>((resolve) => {
        s.on(EVENTS.notificationPerfomanceContractResponse, () => void records().then((rs) => answered(rs) && resolve()));
      });
    s.disconnect();
    const final = await records();
    expect(final.filter((r) => executions.acceptedIds.includes(r.id)).map((r) => r.status)).toEqual(
      executions.acceptedIds.map(() => 'registered'),
    );
    expect(eis.received).toHaveLength(executions.acceptedIds.length);
    const ours = new Set(
      ['customer', 'customer512'].map((n) => new X509Certificate(fs.readFileSync(pki.certFile(n))).serialNumber.toUpperCase()),
    );
    for (const got of eis.received)
      expect({ signed: got.signed, ours: ours.has(got.signerSerial ?? '') }).toEqual({ signed: true, ours: true });
    for (const id of executions.refusedIds) expect(final.find((r) => r.id === id)?.status).toBe('draft');
    const kept = await t.server.deps.database.sql.query(
      `SELECT count(*)::int AS n FROM signatures WHERE document_kind = 'execution_record' AND document_id = ANY($1)`,
      [executions.refusedIds],
    );
    expect(kept.rows).toEqual([{ n: 0 }]);
  }, 120_000);
});

describe('an ИП seller', () => {
  // the fixture with an ИП as the seller (its СвИП, 12-digit ИННФЛ) instead of the organisation
  const ipUpd = () =>
    iconv.encode(
      iconv
        .decode(UPD(), 'windows-1251')
        .replace(
          /<СвЮЛУч НаимОрг="СвЮЛУч-НаимОрг" ИННЮЛ="9103624367" КПП="187245452" \/>/,
          '<СвИП ИННФЛ="753381367749" ОГРНИП="421319982803452" ДатаОГРНИП="12.12.2012"><ФИО Фамилия="Иванов" Имя="Иван" Отчество="Иванович" /></СвИП>',
        ),
      'windows-1251',
    );

  it('takes the ИП’s own signature by its 12-digit ИНН, and refuses an organisation’s certificate that holds the same ИНН', async () => {
    const data = ipUpd();
    expect(data.equals(UPD())).toBe(false);
    const good = await sendEdo(zip({ [`${EDO_NAME}.xml`]: data, [`${EDO_NAME}.xml.sig`]: await pki.sign('ip', data) }));
    expect(good.signatures[0]).toMatchObject({ valid: true, reason: null, signer: { inn: '753381367749', innLe: null } });
    const seller = await pki.sign('seller', data);
    const bad = await sendEdo(zip({ [`${EDO_NAME}.xml`]: data, [`${EDO_NAME}.xml.sig`]: seller }));
    expect(bad.signatures[0]).toMatchObject({ valid: false, reason: INN_MISMATCH });
    // the .sig route on the ИП's document as well
    const r = await t.call(routes.signatures.postContractsUpdSignature, {
      params: { id: contractId },
      token: client,
      body: { document_id: good.id, signature: b64(await pki.sign('ip', data)) },
    });
    expect(r.body).toMatchObject({ valid: true, signers: [{ inn: '753381367749' }] });
  });
});
