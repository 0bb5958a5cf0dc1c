import type { BrowserCertificate } from './cryptopro';

const ruDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
const normInn = (v: string | null) => (v && /^00\d{10}$/.test(v) ? v.slice(2) : v);

/** Why a certificate cannot sign for the company here; null when it can. */
export function refusal(c: BrowserCertificate, company: { inn: string | null; personInn: string | null }, now = new Date()): string | null {
  if (new Date(c.validTo) < now) return `Срок действия сертификата истёк ${ruDate(c.validTo)}: нужен действующий сертификат`;
  if (new Date(c.validFrom) > now) return `Сертификат начнёт действовать ${ruDate(c.validFrom)}`;
  if (!c.hasPrivateKey) return 'Нет закрытого ключа на этом компьютере: вставьте носитель с ключом (токен, флешку)';
  const org = normInn(c.innLe) ?? (normInn(c.inn)?.length === 10 ? normInn(c.inn) : null);
  const orgOk = !!company.inn && org === company.inn;
  const personOk = !!company.personInn && c.inn === company.personInn;
  if (!orgOk && !personOk) return 'ИНН в сертификате не совпадает с организацией';
  return null;
}

export { ruDate };
