/**
 * The words of a purchase's law: 44-ФЗ speaks of a контракт and its НМЦК (ст. 3, 22, 34 Закона № 44-ФЗ), of small
 * businesses and СОНКО (ст. 30), of the customer's own documents; 223-ФЗ of a договор, its НМЦД, of SMEs (ПП РФ
 * № 1352) and of the customer's Положение о закупке (ст. 2 Закона № 223-ФЗ). One helper for the screens and the server.
 */
export type LawCode = '223' | '44';

const TERMS = {
  nmc: { '223': 'НМЦД', '44': 'НМЦК' },
  nmcFull: { '223': 'Начальная (максимальная) цена договора', '44': 'Начальная (максимальная) цена контракта' },
  contract: { '223': 'договор', '44': 'контракт' },
  Contract: { '223': 'Договор', '44': 'Контракт' },
  contractGen: { '223': 'договора', '44': 'контракта' },
  subject: { '223': 'Предмет договора', '44': 'Объект закупки' },
  sme: { '223': 'Только для субъектов МСП', '44': 'Только для СМП и СОНКО' },
  smeShort: { '223': 'МСП', '44': 'СМП/СОНКО' },
  rules: { '223': 'Положение о закупке', '44': 'Документы заказчика' },
} as const satisfies Record<string, Record<LawCode, string>>;

export type LawTerm = keyof typeof TERMS;

const lawOf = (law: string | null | undefined): LawCode => (law === '44' ? '44' : '223');

/** A term in the words of the law (223-ФЗ when the law is not known). */
export const lawTerm = (term: LawTerm, law: string | null | undefined): string => TERMS[term][lawOf(law)];

// 223-ФЗ's words as they appear inside labels, and 44-ФЗ's for the same thing; longer phrases first
const REWRITES: [RegExp, string][] = [
  [/НМЦД/g, 'НМЦК'],
  [/положением о закупке/g, 'документами заказчика'],
  [/Положение о закупке/g, 'Документы заказчика'],
  [/субъект(ов|ы) МСП/g, 'СМП и СОНКО'],
  [/договора/g, 'контракта'],
  [/договору/g, 'контракту'],
  [/договором/g, 'контрактом'],
  [/договоре/g, 'контракте'],
  [/договор/g, 'контракт'],
  [/Договора/g, 'Контракта'],
  [/Договор/g, 'Контракт'],
];

/** A label written in 223-ФЗ's words, said in 44-ФЗ's for a 44-ФЗ purchase (unchanged for 223-ФЗ). */
export function inLawWords(text: string, law: string | null | undefined): string {
  if (lawOf(law) === '223') return text;
  return REWRITES.reduce((s, [re, to]) => s.replace(re, to), text);
}
