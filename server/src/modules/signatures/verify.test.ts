import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/pki/test-pki';
import { outlineCms, resetGostEngineCheck, verifyCms } from './index';

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
});
