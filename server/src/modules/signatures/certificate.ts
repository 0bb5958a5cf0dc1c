import { X509Certificate } from 'node:crypto';

/**
 * What a qualified certificate says about its owner. The Russian attributes of the subject are those of приказ ФСБ
 * № 795 (ИНН 1.2.643.3.131.1.1, ИННЮЛ 1.2.643.100.4, ОГРН 1.2.643.100.1, СНИЛС 1.2.643.100.3); OpenSSL names the
 * first, third and fourth (INN, OGRN, SNILS) and prints the others by number, so both spellings are read.
 */
export interface CertificateInfo {
  commonName: string | null;
  surname: string | null;
  givenName: string | null;
  organization: string | null;
  title: string | null;
  inn: string | null;
  innLe: string | null;
  ogrn: string | null;
  snils: string | null;
  serial: string;
  issuer: string | null;
  issuerDn: string;
  subjectDn: string;
  validFrom: string;
  validTo: string;
  fingerprint: string;
}

type Name = Record<string, string | string[] | undefined>;

const one = (n: Name, ...keys: string[]): string | null => {
  for (const k of keys) {
    const v = n[k];
    if (typeof v === 'string' && v) return v;
    if (Array.isArray(v) && v[0]) return v[0];
  }
  return null;
};

/** Every certificate in a PEM text (the `-certsout` of a CMS). */
export function certificatesOf(pem: string): X509Certificate[] {
  const out: X509Certificate[] = [];
  for (const b of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) {
    try {
      out.push(new X509Certificate(b));
    } catch {
      // an unreadable certificate among the signature's is not the signer's
    }
  }
  return out;
}

export function describeCertificate(c: X509Certificate): CertificateInfo {
  const legacy = c.toLegacyObject() as unknown as { subject: Name; issuer: Name };
  const s = legacy.subject;
  return {
    commonName: one(s, 'CN'),
    surname: one(s, 'SN'),
    givenName: one(s, 'GN'),
    organization: one(s, 'O'),
    title: one(s, 'title'),
    inn: one(s, 'INN', '1.2.643.3.131.1.1'),
    innLe: one(s, 'INNLE', '1.2.643.100.4'),
    ogrn: one(s, 'OGRN', '1.2.643.100.1'),
    snils: one(s, 'SNILS', '1.2.643.100.3'),
    serial: c.serialNumber.toUpperCase(),
    issuer: one(legacy.issuer, 'CN', 'O'),
    issuerDn: c.issuer.replace(/\n/g, ', '),
    subjectDn: c.subject.replace(/\n/g, ', '),
    validFrom: new Date(c.validFrom).toISOString(),
    validTo: new Date(c.validTo).toISOString(),
    fingerprint: c.fingerprint256.replace(/:/g, ''),
  };
}

/**
 * A legal entity's ИНН is 10 digits; older certificates carry it in the ИНН attribute padded to 12 with "00"
 * (before ИННЮЛ existed), so both compare equal to the company's.
 */
export const normInn = (v: string | null | undefined): string | null => {
  if (!v) return null;
  const d = v.trim();
  return /^00\d{10}$/.test(d) ? d.slice(2) : d;
};

/** The ИНН of the organisation the certificate was issued for: ИННЮЛ, else a padded legal-entity ИНН. */
export function organisationInn(c: CertificateInfo): string | null {
  if (c.innLe) return normInn(c.innLe);
  const inn = normInn(c.inn);
  return inn && inn.length === 10 ? inn : null;
}

/** The person's own ИНН (12 digits). */
export function personInn(c: CertificateInfo): string | null {
  const inn = c.inn?.trim() ?? null;
  return inn && /^\d{12}$/.test(inn) && !inn.startsWith('00') ? inn : null;
}

/**
 * Whether the certificate is the expected signer's (приказ ФСБ № 795, the subject's attributes: ИНН 1.2.643.3.131.1.1 is a person's
 * or an ИП's 12-digit ИНН, ИННЮЛ 1.2.643.100.4 the legal entity's). A 10-digit ИНН is a legal entity's: its ИННЮЛ
 * (or an old padded ИНН). A 12-digit one is an ИП's, or a person's acting by a МЧД: their own ИНН in a certificate
 * of a physical person — one that names an organisation (ИННЮЛ) signs for that organisation, not for the person.
 */
export function signerMatches(c: CertificateInfo, expected: { companyInn?: string | null; personInn?: string | null }): boolean {
  const person = (inn: string | null | undefined) => !!inn && /^\d{12}$/.test(inn.trim()) && personInn(c) === inn.trim() && !c.innLe;
  const company = expected.companyInn?.trim();
  if (company && /^\d{10}$/.test(company) && organisationInn(c) === company) return true;
  if (company && person(company)) return true;
  return person(expected.personInn);
}
