import { describe, expect, it } from 'vitest';
import { describeBrowserCertificate, explainPluginError, parseDn } from './cryptopro';
import { refusal } from './usable';

// SubjectName as the CryptoPro plug-in gives it: Russian names of the attributes, quotes doubled inside quoted values
const SUBJECT =
  'CN="ООО ""Ромашка, и Ко""", SN=Иванов, G=Иван Петрович, ИНН=007701234567, ИНН ЮЛ=7701234567, ОГРН=1027700132195, СНИЛС=12345678901, O="ООО ""Ромашка, и Ко""", C=RU';

const cert = (over: Partial<Parameters<typeof describeBrowserCertificate>[0]> = {}) =>
  describeBrowserCertificate({
    thumbprint: 'AB',
    subject: SUBJECT,
    issuer: 'CN=УЦ ФНС России, O=ФНС России, C=RU',
    validFrom: '2025-01-01T00:00:00.000Z',
    validTo: '2027-01-01T00:00:00.000Z',
    hasPrivateKey: true,
    chainValid: true,
    ...over,
  });

describe('CryptoPro certificates', () => {
  it('reads the owner, ИНН/ИННЮЛ/ОГРН/СНИЛС and the issuer from the plug-in’s names', () => {
    expect(parseDn(SUBJECT)).toMatchObject({
      CN: 'ООО "Ромашка, и Ко"',
      INN: '007701234567',
      INNLE: '7701234567',
      OGRN: '1027700132195',
      SNILS: '12345678901',
    });
    expect(parseDn('OID.1.2.643.100.4=7701234567, OID.1.2.643.3.131.1.1=007701234567')).toEqual({
      INNLE: '7701234567',
      INN: '007701234567',
    });
    expect(cert()).toMatchObject({
      owner: 'Иванов Иван Петрович',
      organization: 'ООО "Ромашка, и Ко"',
      innLe: '7701234567',
      issuer: 'УЦ ФНС России',
    });
  });

  it('refuses an expired, keyless or another company’s certificate with the reason', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const company = { inn: '7701234567', personInn: null };
    expect(refusal(cert(), company, now)).toBeNull();
    expect(refusal(cert({ validTo: '2026-01-31T21:00:00.000Z' }), company, now)).toBe(
      'Срок действия сертификата истёк 01.02.2026: нужен действующий сертификат',
    );
    expect(refusal(cert({ hasPrivateKey: false }), company, now)).toMatch(/^Нет закрытого ключа на этом компьютере/);
    expect(refusal(cert(), { inn: '7707083893', personInn: null }, now)).toBe('ИНН в сертификате не совпадает с организацией');
    // a person by a МЧД: their own ИНН
    const person = cert({ subject: 'CN=Орлова Мария, SN=Орлова, G=Мария, ИНН=500100732259' });
    expect(refusal(person, { inn: '7707083893', personInn: '500100732259' }, now)).toBeNull();
    // an ИП's own certificate for an ИП company (12 digits); an organisation's certificate holding that ИНН is not the ИП's
    expect(refusal(person, { inn: '500100732259', personInn: null }, now)).toBeNull();
    const employee = cert({ subject: 'CN=ООО Ромашка, SN=Орлова, G=Мария, ИНН=500100732259, ИННЮЛ=7701234567' });
    expect(refusal(employee, { inn: '500100732259', personInn: null }, now)).toBe('ИНН в сертификате не совпадает с организацией');
  });

  it('explains the errors users meet in words they can act on', () => {
    expect(explainPluginError(new Error('Цепочка сертификатов не может быть построена (0x800B010A)')).kind).toBe('chain');
    expect(explainPluginError(new Error('The operation was canceled by the user. (0x8010006E)')).message).toBe('Подписание отменено');
    expect(explainPluginError(new Error('Лицензия на КриптоПро CSP истекла')).kind).toBe('licence');
  });
});
