import type { KeyUsage, SignerInfoOutline } from './cms-der';

/**
 * What makes a signature qualified here, beyond the chain and the CRL that OpenSSL checks.
 *
 * Algorithms. 63-ФЗ ст. 5 ч. 4: a qualified signature is made and checked by means of electronic signature confirmed
 * to meet the requirements of the federal security service (п. 2), whose key is in a qualified certificate (п. 1);
 * those requirements are приказ ФСБ России от 27.12.2011 № 796 «Об утверждении требований к средствам электронной
 * подписи…» (its text was not reachable from here: it is cited by its subject), and the signature format every means
 * of signature must implement — приказ Минцифры России от 14.09.2020 № 472, п. 5.2 and the signerInfo fields — names
 * the digest of ГОСТ Р 34.11-2012 and the signature of ГОСТ Р 34.10-2012; ФСБ's «Порядок перехода на использование
 * ГОСТ Р 34.10-2012» (письмо № 149/7/1/3-58 от 31.01.2014) ended signing by ГОСТ Р 34.10-2001 on 01.01.2019. So RSA, ECDSA, EdDSA and GOST 2001 are never qualified, whatever their chain.
 * The object identifiers are TC 26's (Р 50.1.113-2016; RFC 9215 §2–3): a 256-bit key signs with the 256-bit digest,
 * a 512-bit key with the 512-bit one; the SignerInfo's signatureAlgorithm is the key's algorithm (as CryptoPro and
 * the gost engine write it, after RFC 4490 §3.2) or the «signwithdigest» one of the same size.
 *
 * Key usage. RFC 5280 §4.2.1.3: a key that signs content so the signer cannot deny it has digitalSignature and
 * nonRepudiation (contentCommitment); accredited CAs issue qualified certificates with both, as their regulations
 * put it (e.g. «Расширение "Использование ключа" (OID 2.5.29.15) должно содержать: цифровая подпись; неотрекаемость;
 * шифрование ключей; шифрование данных», a CA's certificate profile, docs.cntd.ru 902263172, п. 4.3). A certificate without keyUsage says nothing of what its key is for: refused.
 */

export const GOST_2012_256 = '1.2.643.7.1.1.1.1';
export const GOST_2012_512 = '1.2.643.7.1.1.1.2';
const DIGEST = { [GOST_2012_256]: '1.2.643.7.1.1.2.2', [GOST_2012_512]: '1.2.643.7.1.1.2.3' } as const;
const SIGN_WITH_DIGEST = { [GOST_2012_256]: '1.2.643.7.1.1.3.2', [GOST_2012_512]: '1.2.643.7.1.1.3.3' } as const;

/** The names a reader knows the algorithms of other signatures by. */
const KNOWN: Record<string, string> = {
  '1.2.840.113549.1.1.1': 'RSA',
  '1.2.840.113549.1.1.5': 'RSA (SHA-1)',
  '1.2.840.113549.1.1.10': 'RSA-PSS',
  '1.2.840.113549.1.1.11': 'RSA (SHA-256)',
  '1.2.840.113549.1.1.12': 'RSA (SHA-384)',
  '1.2.840.113549.1.1.13': 'RSA (SHA-512)',
  '1.2.840.10045.2.1': 'ECDSA',
  '1.2.840.10040.4.1': 'DSA',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
  '1.2.643.2.2.19': 'ГОСТ Р 34.10-2001',
  '1.2.643.2.2.3': 'ГОСТ Р 34.10-2001',
  '1.2.643.2.2.20': 'ГОСТ Р 34.10-94',
  '1.2.643.2.2.9': 'ГОСТ Р 34.11-94',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '1.3.14.3.2.26': 'SHA-1',
};
const nameOf = (oid: string | null) => (oid ? (KNOWN[oid] ?? oid) : 'не указан');

/**
 * Null when the signer's key and the SignerInfo's algorithms are GOST R 34.10-2012 with its GOST R 34.11-2012
 * digest; else the algorithm that is not, for the reason.
 */
export function nonQualifiedAlgorithm(keyAlgorithm: string | null, si: SignerInfoOutline): string | null {
  if (keyAlgorithm !== GOST_2012_256 && keyAlgorithm !== GOST_2012_512) return nameOf(keyAlgorithm);
  if (si.digestAlgorithm !== DIGEST[keyAlgorithm]) return `хэш ${nameOf(si.digestAlgorithm)}`;
  if (si.signatureAlgorithm !== keyAlgorithm && si.signatureAlgorithm !== SIGN_WITH_DIGEST[keyAlgorithm])
    return nameOf(si.signatureAlgorithm);
  return null;
}

/** Null when the key may sign documents; else the reason's code. */
export function keyUsageProblem(ku: KeyUsage | null): 'no_key_usage' | 'key_usage' | null {
  if (!ku) return 'no_key_usage';
  return ku.digitalSignature && ku.nonRepudiation ? null : 'key_usage';
}
