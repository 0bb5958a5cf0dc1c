import { z } from 'zod';
import { decimalString, isoDate } from '../schemas';

/** Result of reading an УПД (ФНС XML, КНД 1115131, seller's title). Money and quantities are decimal strings. */

export const updParty = z.object({
  /** СвЮЛУч → organization, СвИП → entrepreneur, СвФЛУч → person, СвИнНеУч → foreign */
  kind: z.enum(['organization', 'entrepreneur', 'person', 'foreign']),
  /** НаимОрг, or Фамилия Имя Отчество for people */
  name: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
});
export type UpdParty = z.infer<typeof updParty>;

export const updLine = z.object({
  /** НомСтр */
  ordinal: z.number().int(),
  /** НаимТов */
  name: z.string().nullable(),
  /** ОКЕИ_Тов */
  okeiCode: z.string().nullable(),
  /** НаимЕдИзм (on СведТов in 5.02+, on ДопСведТов in 5.01) */
  unitName: z.string().nullable(),
  /** КолТов */
  quantity: decimalString.nullable(),
  /** ЦенаТов */
  price: decimalString.nullable(),
  /** СтТовБезНДС */
  amountWithoutVat: decimalString.nullable(),
  /** НалСт as written: '20%', '10/110', 'без НДС', 'НДС исчисляется налоговым агентом'… */
  vatRate: z.string().nullable(),
  /** СумНал/СумНал; null when the line says БезНДС */
  vatAmount: decimalString.nullable(),
  /** СумНал/БезНДС */
  withoutVat: z.boolean(),
  /** СтТовУчНал */
  amountWithVat: decimalString.nullable(),
  /** ДопСведТов@КодТов */
  itemCode: z.string().nullable(),
});
export type UpdLine = z.infer<typeof updLine>;

export const updTotals = z.object({
  /** ВсегоОпл@СтТовБезНДСВсего */
  amountWithoutVat: decimalString.nullable(),
  /** ВсегоОпл/СумНалВсего/СумНал */
  vatAmount: decimalString.nullable(),
  withoutVat: z.boolean(),
  /** ВсегоОпл@СтТовУчНалВсего */
  amountWithVat: decimalString.nullable(),
});
export type UpdTotals = z.infer<typeof updTotals>;

export const updDocument = z.object({
  /** Файл@ИдФайл */
  fileId: z.string(),
  /** Файл@ВерсФорм: '5.01', '5.02', '5.03' */
  formatVersion: z.string(),
  /** Документ@Функция: СЧФДОП (invoice + transfer document), СЧФ, ДОП */
  documentFunction: z.string().nullable(),
  /** СвСчФакт@НомерДок (5.02+) or @НомерСчФ (5.01) */
  number: z.string(),
  date: isoDate,
  /** ОКВ code: ДенИзм@КодОКВ (5.02+) or СвСчФакт@КодОКВ (5.01) */
  currencyCode: z.string().nullable(),
  seller: updParty,
  buyer: updParty.nullable(),
  lines: z.array(updLine),
  /** ВсегоОпл */
  totals: updTotals.nullable(),
});
export type UpdDocument = z.infer<typeof updDocument>;
