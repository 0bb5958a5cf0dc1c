import { formatDate, MOSCOW_TZ, type SignatureCertificate } from '@proc/contract';
import type { BrowserCertificate } from './cryptopro';
import { now as clockNow } from '../../lib/clock';

const ruDate = (iso: string) => formatDate(iso, MOSCOW_TZ);
const normInn = (v: string | null) => (v && /^00\d{10}$/.test(v) ? v.slice(2) : v);

/** Why a certificate cannot sign for the company here; null when it can. */
export function refusal(c: BrowserCertificate, company: { inn: string | null; personInn: string | null }, now = clockNow()): string | null {
  if (new Date(c.validTo) < now) return `Срок действия сертификата истёк ${ruDate(c.validTo)}: нужен действующий сертификат`;
  if (new Date(c.validFrom) > now) return `Сертификат начнёт действовать ${ruDate(c.validFrom)}`;
  if (!c.hasPrivateKey) return 'Нет закрытого ключа на этом компьютере: вставьте носитель с ключом (токен, флешку)';
  // as the server matches (modules/signatures/certificate.ts): a 10-digit ИНН is the organisation's ИННЮЛ; a 12-digit
  // one — an ИП's, or a person's by МЧД — the person's own ИНН in a certificate that names no organisation
  const org = normInn(c.innLe) ?? (normInn(c.inn)?.length === 10 ? normInn(c.inn) : null);
  const person = (inn: string | null) => !!inn && inn.length === 12 && c.inn === inn && !c.innLe;
  const orgOk = !!company.inn && company.inn.length === 10 && org === company.inn;
  if (!orgOk && !person(company.inn) && !person(company.personInn)) return 'ИНН в сертификате не совпадает с организацией';
  return null;
}

export { ruDate };

/** A signer as the reader knows them: the person, the ИНН (the organisation's, else their own), the certificate. */
export const signerLabel = (c: SignatureCertificate): string =>
  `${[c.surname, c.givenName].filter(Boolean).join(' ') || c.commonName || '—'}, ИНН ${c.innLe ?? c.inn ?? '—'}, сертификат № ${c.serial}`;

/**
 * A check's verdict with every signer it names: a refused signature still says who really signed (another company's
 * certificate behind a decoy, a second signer).
 */
export const verdictText = (r: { valid: boolean; reason: string | null; signers: SignatureCertificate[] }): string =>
  r.valid
    ? `Подпись верна: ${r.signers.map(signerLabel).join('; ')}`
    : `${r.reason ?? 'Подпись не принята'}${r.signers.length ? `. Подписал${r.signers.length > 1 ? 'и' : ''}: ${r.signers.map(signerLabel).join('; ')}` : ''}`;
