import fs from 'node:fs/promises';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { pluralRu } from '@proc/contract/format';
import { describeCertificate, signerMatches, type CertificateInfo } from './certificate';
import { cmsBytes, outlineCertificate, outlineCms, signerIdMatches, type CertificateOutline } from './cms-der';
import { keyUsageProblem, nonQualifiedAlgorithm } from './qualified';
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
  | 'signer_certificate_missing'
  | 'signer_certificate_ambiguous'
  | 'several_signers'
  | 'not_qualified'
  | 'no_key_usage'
  | 'key_usage'
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
  signer_certificate_missing: 'В подписи нет сертификата, который назван в ней сертификатом подписанта',
  signer_certificate_ambiguous: 'В подписи два разных сертификата с данными сертификата подписанта: один из них поддельный',
  several_signers: 'В подписи несколько подписантов, а документ подписывает один: такая подпись не принимается',
  not_qualified: 'Подпись не является квалифицированной: нужен алгоритм ГОСТ Р 34.10-2012 с хэшем ГОСТ Р 34.11-2012',
  no_key_usage: 'В сертификате не указано назначение ключа (keyUsage): для электронной подписи он не годится',
  key_usage: 'Сертификат не предназначен для электронной подписи: в назначении ключа нет «цифровой подписи» и «неотрекаемости»',
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
  /** Every signer of the CMS, in the order of its SignerInfos (RFC 5652 §5.3), each by the certificate it names. */
  signers: CertificateInfo[];
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
  /** How many signers the document may have; one by default (every route of the product expects one). */
  maxSigners?: number;
}

const fail = (code: Exclude<VerificationCode, 'valid'>, rest: Partial<Verification> = {}): Verification => ({
  valid: false,
  code,
  reason: REASONS[code],
  warnings: [],
  attached: false,
  signer: null,
  signers: [],
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

interface Signer {
  info: CertificateInfo;
  outline: CertificateOutline;
}

/**
 * Each SignerInfo's certificate: the one of the CMS's certificate set it names by issuer and serial number or by
 * subject key identifier (RFC 5652 §5.3, §10.2.4) — never the first or the only end-entity one, which the sender
 * orders as they like. Null for a SignerInfo
 * whose certificate is not in the set.
 */
function signersOf(
  certificates: Buffer[],
  signerInfos: NonNullable<ReturnType<typeof outlineCms>>['signerInfos'],
): Array<Signer | 'ambiguous' | null> {
  const certs = certificates.flatMap((der) => {
    const outline = outlineCertificate(der);
    if (!outline) return [];
    try {
      return [{ outline, info: describeCertificate(new X509Certificate(der)) }];
    } catch {
      // a certificate Node cannot read is no one's: a SignerInfo naming only it has no certificate
      return [];
    }
  });
  return signerInfos.map((si) => {
    const named = certs.filter((c) => signerIdMatches(si.sid, c.outline));
    // two different certificates answering to one identifier: one is forged (a CA never reuses a serial; a key
    // identifier is the key's) — which one a verifier takes would decide who signed, so neither is taken
    if (new Set(named.map((c) => c.info.fingerprint)).size > 1) return 'ambiguous';
    return named[0] ?? null;
  });
}

/**
 * Verifies a GOST R 34.10-2012 CMS signature (CAdES-BES as CryptoPro makes it), detached (give `content`) or attached:
 * each SignerInfo's own certificate (by its identifier) is the signer, one signer unless more are allowed; each is a
 * qualified one's (GOST R 34.10-2012 with a GOST R 34.11-2012 digest, a key for signing — qualified.ts); the
 * signatures match the exact bytes, the certificates chain to the trust store, are valid now and not revoked by a CRL
 * of the CRL folder, and — when asked — belong to the company. OpenSSL runs in a child process.
 */
export async function verifyCms(signature: Buffer | string, content: Buffer | null, opts: VerifyOptions = {}): Promise<Verification> {
  const engine = await gostEngine();
  if (!engine.ok) return fail('engine_missing', { reason: engine.message });
  const sig = cmsBytes(signature);
  const outline = sig.length ? outlineCms(sig) : null;
  if (!outline || outline.signers < 1) return fail('malformed');
  const matched = signersOf(outline.certificates, outline.signerInfos);
  const known = matched.filter((x): x is Signer => !!x && x !== 'ambiguous');
  const signers = known.map((x) => x.info);
  const base = { attached: outline.attached, signingTime: outline.signingTime, signer: signers[0] ?? null, signers };
  if (matched.includes('ambiguous')) return fail('signer_certificate_ambiguous', base);
  if (known.length < matched.length) return fail('signer_certificate_missing', base);
  const max = opts.maxSigners ?? 1;
  if (known.length > max)
    return fail('several_signers', {
      ...base,
      reason: `В подписи ${known.length} ${pluralRu(known.length, 'подписант', 'подписанта', 'подписантов')} (${signers.map(signerLabel).join('; ')}), ${max === 1 ? 'а документ подписывает один' : `а допускается не больше ${max}`}: такая подпись не принимается`,
    });
  // every SignerInfo has its certificate here: known[i] is the i-th SignerInfo's
  for (const [i, s] of known.entries()) {
    const algorithm = nonQualifiedAlgorithm(s.outline.keyAlgorithm, outline.signerInfos[i]);
    if (algorithm)
      return fail('not_qualified', {
        ...base,
        reason: `Подпись не является квалифицированной: алгоритм ${algorithm}, а нужен ГОСТ Р 34.10-2012 с хэшем ГОСТ Р 34.11-2012`,
      });
    const usage = keyUsageProblem(s.outline.keyUsage);
    if (usage) return fail(usage, base);
  }
  if (!outline.attached && !content) return fail('no_content', base);
  const bundles = await trustBundles(opts.trustDir, opts.crlDir);
  try {
    return await withRunDir(async (dir) => {
      const sigFile = path.join(dir, 'sig.der');
      const outFile = path.join(dir, 'content.out');
      await fs.writeFile(sigFile, sig);
      // -binary: the bytes as they are (no MIME canonical line ends); -purpose any: qualified certificates carry
      // extended key usages of their own, not S/MIME's emailProtection — the key usage is checked above instead.
      // OpenSSL verifies every SignerInfo with the certificate its identifier names (CMS_set1_signers_certs).
      const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', sigFile, '-out', outFile, '-purpose', 'any'];
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
      if (r.code !== 0) {
        const chain = chainCode(r.stderr);
        if (chain && chain !== 'crl_missing') return fail(chain, base);
        return fail('mismatch', base);
      }
      if ((opts.companyInn || opts.personInn) && !signers.every((c) => signerMatches(c, opts))) return fail('inn_mismatch', base);
      const result: Verification = { valid: true, code: 'valid', reason: null, warnings, ...base };
      if (outline.attached) result.content = await fs.readFile(outFile);
      return result;
    });
  } catch (e) {
    if (e instanceof OpensslError && e.timedOut) return fail('timeout', base);
    throw e;
  }
}

/** A signer as the reason names them: the person, the organisation and the ИНН. */
const signerLabel = (c: CertificateInfo): string =>
  [
    [c.surname, c.givenName].filter(Boolean).join(' ') || c.commonName,
    c.organization,
    c.innLe ? `ИНН ЮЛ ${c.innLe}` : c.inn ? `ИНН ${c.inn}` : null,
  ]
    .filter(Boolean)
    .join(', ');
