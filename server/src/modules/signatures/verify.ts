import fs from 'node:fs/promises';
import path from 'node:path';
import { certificatesOf, describeCertificate, normInn, organisationInn, personInn, pickSigner, type CertificateInfo } from './certificate';
import { cmsBytes, outlineCms } from './cms-der';
import { gostEngine, openssl, OpensslError, withRunDir } from './openssl';
import { trustBundles } from './trust-store';

export type VerificationCode =
  | 'valid'
  | 'mismatch'
  | 'malformed'
  | 'no_content'
  | 'expired'
  | 'not_yet_valid'
  | 'unknown_ca'
  | 'revoked'
  | 'chain'
  | 'inn_mismatch'
  | 'engine_missing'
  | 'timeout';

/** The reasons a user reads, one per outcome. */
export const REASONS: Record<Exclude<VerificationCode, 'valid'>, string> = {
  mismatch: 'Подпись не соответствует файлу',
  malformed: 'Файл подписи повреждён или не является подписью CMS',
  no_content: 'Подпись отсоединённая: нужен и сам подписанный файл',
  expired: 'Сертификат просрочен',
  not_yet_valid: 'Сертификат ещё не начал действовать',
  unknown_ca: 'Сертификат выдан неизвестным удостоверяющим центром',
  revoked: 'Сертификат отозван',
  chain: 'Цепочка сертификатов не проверена',
  inn_mismatch: 'ИНН в сертификате не совпадает с организацией',
  engine_missing: 'модуль ГОСТ для OpenSSL не установлен (пакет libengine-gost-openssl): проверка подписей недоступна',
  timeout: 'Проверка подписи не завершилась вовремя',
};

export interface Verification {
  valid: boolean;
  code: VerificationCode;
  /** In Russian; null for a valid signature. */
  reason: string | null;
  /** Things a valid signature's reader should know (revocation not checked). */
  warnings: string[];
  attached: boolean;
  signer: CertificateInfo | null;
  /** The signer's signingTime attribute (what the signer's computer said), ISO. */
  signingTime: string | null;
  /** An attached signature's content. */
  content?: Buffer;
}

export interface VerifyOptions {
  trustDir?: string;
  crlDir?: string;
  /** ИНН the signer's organisation must have (ИННЮЛ or a padded legal-entity ИНН). */
  companyInn?: string | null;
  /** Or the person's own ИНН: someone acting for the company by a power of attorney (МЧД). */
  personInn?: string | null;
  /** The time the certificate must be valid at; now by default. */
  at?: Date;
  timeoutMs?: number;
}

const fail = (code: Exclude<VerificationCode, 'valid'>, rest: Partial<Verification> = {}): Verification => ({
  valid: false,
  code,
  reason: REASONS[code],
  warnings: [],
  attached: false,
  signer: null,
  signingTime: null,
  ...rest,
});

/**
 * OpenSSL's certificate verification errors (X509_V_ERR_*, include/openssl/x509_vfy.h) as they appear in `cms -verify`'s
 * "Verify error: …" line, by their text: the command does not print the number.
 */
function chainCode(stderr: string): Exclude<VerificationCode, 'valid'> | 'crl_missing' | null {
  const m = /Verify error:\s*([^\n]+)/.exec(stderr);
  if (!m) return null;
  const t = m[1].toLowerCase();
  if (t.includes('certificate has expired')) return 'expired';
  if (t.includes('not yet valid')) return 'not_yet_valid';
  if (t.includes('revoked')) return 'revoked';
  if (t.includes('unable to get certificate crl')) return 'crl_missing';
  if (
    t.includes('unable to get local issuer') ||
    t.includes('unable to get issuer') ||
    t.includes('self-signed certificate') ||
    t.includes('self signed certificate')
  )
    return 'unknown_ca';
  return 'chain';
}

/**
 * Verifies a GOST R 34.10-2012 CMS signature (CAdES-BES as CryptoPro makes it), detached (give `content`) or attached:
 * the signature matches the exact bytes, the signer's certificate chains to the trust store, is valid now and not
 * revoked by a CRL of the CRL folder, and — when asked — belongs to the company. OpenSSL runs in a child process.
 */
export async function verifyCms(signature: Buffer | string, content: Buffer | null, opts: VerifyOptions = {}): Promise<Verification> {
  const engine = await gostEngine();
  if (!engine.ok) return fail('engine_missing', { reason: engine.message });
  const sig = cmsBytes(signature);
  const outline = sig.length ? outlineCms(sig) : null;
  if (!outline || outline.signers < 1) return fail('malformed');
  const base = { attached: outline.attached, signingTime: outline.signingTime };
  if (!outline.attached && !content) return fail('no_content', base);
  const bundles = await trustBundles(opts.trustDir, opts.crlDir);
  try {
    return await withRunDir(async (dir) => {
      const sigFile = path.join(dir, 'sig.der');
      const certsFile = path.join(dir, 'certs.pem');
      const outFile = path.join(dir, 'content.out');
      await fs.writeFile(sigFile, sig);
      // -binary: the bytes as they are (no MIME canonical line ends); -purpose any: qualified certificates carry
      // extended key usages of their own, not S/MIME's emailProtection
      const args = [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sigFile,
        '-certsout',
        certsFile,
        '-out',
        outFile,
        '-purpose',
        'any',
      ];
      if (content && !outline.attached) {
        const contentFile = path.join(dir, 'content.bin');
        await fs.writeFile(contentFile, content);
        args.push('-content', contentFile);
      }
      if (opts.at) args.push('-attime', String(Math.floor(opts.at.getTime() / 1000)));
      // the system's roots are not ours to trust: only the configured folder is
      const noDefaults = ['-no-CApath', '-no-CAstore'];
      const chainArgs = bundles.caFile ? ['-CAfile', bundles.caFile, ...noDefaults] : [...noDefaults, '-no-CAfile'];
      const crlArgs = bundles.caCrlFile ? ['-CAfile', bundles.caCrlFile, ...noDefaults, '-crl_check'] : chainArgs;
      let r = await openssl([...args, ...crlArgs], { timeoutMs: opts.timeoutMs });
      const warnings: string[] = [];
      if (!bundles.caCrlFile) warnings.push('Списки отозванных сертификатов не настроены: отзыв сертификата не проверен');
      if (r.code !== 0 && bundles.caCrlFile && chainCode(r.stderr) === 'crl_missing') {
        // no CRL of this CA in the folder: the signature is still checked, and the reader told revocation was not
        warnings.push('Нет списка отозванных сертификатов этого удостоверяющего центра: отзыв сертификата не проверен');
        r = await openssl([...args, ...chainArgs], { timeoutMs: opts.timeoutMs });
      }
      const certs = certificatesOf(await fs.readFile(certsFile, 'utf8').catch(() => ''));
      const signerCert = pickSigner(certs);
      const signer = signerCert ? describeCertificate(signerCert) : null;
      if (r.code !== 0) {
        const chain = chainCode(r.stderr);
        if (chain && chain !== 'crl_missing') return fail(chain, { ...base, signer });
        if (/content verify error|digest failure|verify error|signature failure|bad signature/i.test(r.stderr))
          return fail('mismatch', { ...base, signer });
        return fail(signer ? 'mismatch' : 'malformed', { ...base, signer });
      }
      if (!signer) return fail('malformed', base);
      if (opts.companyInn || opts.personInn) {
        const org = organisationInn(signer);
        const own = personInn(signer);
        const orgOk = !!opts.companyInn && org === normInn(opts.companyInn);
        const personOk = !!opts.personInn && own === opts.personInn.trim();
        if (!orgOk && !personOk) return fail('inn_mismatch', { ...base, signer });
      }
      const result: Verification = { valid: true, code: 'valid', reason: null, warnings, ...base, signer };
      if (outline.attached) result.content = await fs.readFile(outFile);
      return result;
    });
  } catch (e) {
    if (e instanceof OpensslError && e.timedOut) return fail('timeout', base);
    throw e;
  }
}
