import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/pki/test-pki';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { outlineCms, resetGostEngineCheck, verifyCms } from './index';
import { outlineCertificate, signerIdMatches } from './cms-der';

let pki: TestPki;
const doc = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><performanceContract>сведения об исполнении</performanceContract>\r\n');
const COMPANY_INN = '0105123458';

beforeAll(async () => {
  pki = await createTestPki();
}, 120_000);
afterAll(() => pki?.close());

const opts = () => ({ trustDir: pki.trustDir, crlDir: pki.crlDir, companyInn: COMPANY_INN });

describe('GOST CMS verification', () => {
  it('accepts a detached GOST 2012-256 signature and reads the certificate', async () => {
    const r = await verifyCms(await pki.sign('valid', doc), doc, opts());
    expect(r).toMatchObject({ valid: true, code: 'valid', reason: null, attached: false, warnings: [] });
    expect(r.signer).toMatchObject({
      commonName: 'АО «Демо-Заказчик»',
      surname: 'Иванов',
      givenName: 'Иван Петрович',
      organization: 'АО «Демо-Заказчик»',
      inn: '010512345678',
      innLe: COMPANY_INN,
      ogrn: '1020100001239',
      snils: '12345678901',
      issuer: 'Тестовый УЦ',
    });
    expect(r.signer?.serial).toMatch(/^[0-9A-F]+$/);
    expect(Date.parse(r.signer!.validTo)).toBeGreaterThan(Date.now());
    // the signingTime attribute OpenSSL put in: within the last minutes
    expect(Math.abs(Date.parse(r.signingTime!) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('accepts an attached signature and gives back the signed content', async () => {
    const r = await verifyCms(await pki.sign('valid', doc, { attached: true }), null, opts());
    expect(r).toMatchObject({ valid: true, attached: true });
    expect(r.content?.equals(doc)).toBe(true);
  });

  it('accepts GOST 2012-512 and base64 input as the browser sends it', async () => {
    const sig = (await pki.sign('valid512', doc)).toString('base64');
    const r = await verifyCms(sig, doc, opts());
    expect(r).toMatchObject({ valid: true, signer: { surname: 'Петрова' } });
  });

  it('refuses a tampered file and another file’s signature', async () => {
    const sig = await pki.sign('valid', doc);
    const tampered = Buffer.from(doc);
    tampered[tampered.length - 3] ^= 1;
    for (const content of [tampered, Buffer.concat([doc, Buffer.from(' ')]), Buffer.from('другой файл')]) {
      const r = await verifyCms(sig, content, opts());
      expect(r).toMatchObject({ valid: false, code: 'mismatch', reason: 'Подпись не соответствует файлу' });
      expect(r.signer?.surname).toBe('Иванов');
    }
    const other = await pki.sign('valid', Buffer.from('другой файл'));
    expect(await verifyCms(other, doc, opts())).toMatchObject({ valid: false, reason: 'Подпись не соответствует файлу' });
  });

  it('refuses an expired certificate, an unknown CA, a revoked certificate and another company’s ИНН', async () => {
    const cases: Array<[string, string]> = [
      ['expired', 'Сертификат просрочен'],
      ['unknownCa', 'Сертификат выдан неизвестным удостоверяющим центром'],
      ['revoked', 'Сертификат отозван'],
      ['otherCompany', 'ИНН в сертификате не совпадает с организацией'],
    ];
    for (const [name, reason] of cases) {
      const r = await verifyCms(await pki.sign(name, doc), doc, opts());
      expect({ name, valid: r.valid, reason: r.reason }).toEqual({ name, valid: false, reason });
      expect(r.signer?.serial).toBeTruthy();
    }
  });

  it('takes a person’s own ИНН for someone signing by a power of attorney', async () => {
    const sig = await pki.sign('person', doc);
    expect((await verifyCms(sig, doc, opts())).reason).toBe('ИНН в сертификате не совпадает с организацией');
    expect(await verifyCms(sig, doc, { ...opts(), personInn: '500100732259' })).toMatchObject({
      valid: true,
      signer: { inn: '500100732259', innLe: null },
    });
  });

  it('warns when revocation cannot be checked, and refuses a revoked one only when the CRL is there', async () => {
    const noCrl = await verifyCms(await pki.sign('revoked', doc), doc, { trustDir: pki.trustDir, companyInn: COMPANY_INN });
    expect(noCrl.valid).toBe(true);
    expect(noCrl.warnings).toEqual(['Списки отозванных сертификатов не настроены: отзыв сертификата не проверен']);
  });

  it('refuses everything when no trust store is configured', async () => {
    expect((await verifyCms(await pki.sign('valid', doc), doc, {})).reason).toBe('Сертификат выдан неизвестным удостоверяющим центром');
  });

  it('says what is wrong with a broken or incomplete signature', async () => {
    expect((await verifyCms(Buffer.from('not a signature'), doc, opts())).reason).toBe(
      'Файл подписи повреждён или не является подписью CMS',
    );
    const sig = await pki.sign('valid', doc);
    expect((await verifyCms(sig.subarray(0, sig.length - 20), doc, opts())).reason).toBe(
      'Файл подписи повреждён или не является подписью CMS',
    );
    expect((await verifyCms(sig, null, opts())).reason).toBe('Подпись отсоединённая: нужен и сам подписанный файл');
    expect(outlineCms(sig)).toMatchObject({ attached: false, signers: 1 });
  });

  it('reports a missing gost engine instead of failing', async () => {
    // an openssl that has no gost engine, first on PATH
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'no-gost-'));
    await fs.writeFile(path.join(bin, 'openssl'), '#!/bin/sh\necho "invalid engine \\"gost\\"" >&2\nexit 1\n', { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    resetGostEngineCheck();
    try {
      const r = await verifyCms(await pki.sign('valid', doc), doc, opts());
      expect(r).toMatchObject({ valid: false, code: 'engine_missing' });
      expect(r.reason).toContain('модуль ГОСТ для OpenSSL не установлен');
    } finally {
      process.env.PATH = saved;
      resetGostEngineCheck();
      await fs.rm(bin, { recursive: true, force: true });
    }
  });

  it('reads each SignerInfo and names its certificate by issuer and serial (RFC 5652 §5.3)', async () => {
    const o = outlineCms(await pki.sign('valid512', doc))!;
    expect(o.signerInfos).toHaveLength(1);
    expect(o.signerInfos[0]).toMatchObject({ digestAlgorithm: '1.2.643.7.1.1.2.3', sid: { kind: 'issuerSerial' } });
    expect(['1.2.643.7.1.1.1.2', '1.2.643.7.1.1.3.3']).toContain(o.signerInfos[0].signatureAlgorithm);
    const certs = o.certificates.map((c) => outlineCertificate(c)!);
    const own = certs.filter((c) => signerIdMatches(o.signerInfos[0].sid, c));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      keyAlgorithm: '1.2.643.7.1.1.1.2',
      ca: false,
      keyUsage: { digitalSignature: true, nonRepudiation: true },
    });
    // another certificate of the same CA is not the signer's: the serial differs
    const other = outlineCertificate(Buffer.from(pki.certs.valid.pem.replace(/-----[^-]+-----|\s+/g, ''), 'base64'))!;
    expect(signerIdMatches(o.signerInfos[0].sid, other)).toBe(false);
  });

  it('where several signers are allowed, checks every one of them against the company', async () => {
    const sign = async (names: string[]) => {
      const inFile = path.join(pki.dir, 'multi.bin');
      const outFile = path.join(pki.dir, 'multi.p7s');
      await fs.writeFile(inFile, doc);
      const args = ['cms', '-sign', '-binary', '-in', inFile, '-outform', 'DER', '-out', outFile, '-md', 'md_gost12_256'];
      for (const n of names) args.push('-signer', pki.certs[n].certFile, '-inkey', pki.certs[n].keyFile);
      await promisify(execFile)('openssl', args, { env: { ...process.env, OPENSSL_CONF: path.join(pki.dir, 'openssl.cnf') } });
      return fs.readFile(outFile);
    };
    const both = await sign(['valid', 'revoked']);
    expect(await verifyCms(both, doc, opts())).toMatchObject({ valid: false, code: 'several_signers' });
    // two signers allowed: the second one's revocation is found, and another company's signer fails the ИНН check
    expect(await verifyCms(both, doc, { ...opts(), maxSigners: 2 })).toMatchObject({ valid: false, reason: 'Сертификат отозван' });
    const mixed = await verifyCms(await sign(['valid', 'otherCompany']), doc, { ...opts(), maxSigners: 2 });
    expect(mixed).toMatchObject({ valid: false, reason: 'ИНН в сертификате не совпадает с организацией' });
    expect(mixed.signers.map((c) => c.surname).sort()).toEqual(['Иванов', 'Смирнов']);
    const ok = await verifyCms(await sign(['valid', 'otherCompany']), doc, { ...opts(), companyInn: null, maxSigners: 2 });
    expect(ok).toMatchObject({ valid: true });
    expect(ok.signers).toHaveLength(2);
  });
});
