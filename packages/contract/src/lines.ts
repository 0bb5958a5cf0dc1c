import { z } from 'zod';
import { optionalString, safeText } from './common';
import { moneyString } from './rules';
import { quantityString } from './nmck';
import { OKPD2_CODE_RE } from './procurements';

/** A КТРУ position's code: its ОКПД2 code, a hyphen and eight digits (17.12.14.110-00000004). */
export const KTRU_CODE_RE = /^\d{2}\.\d{2}\.\d{2}\.\d{3}-\d{8}$/;

export const KtruCharacteristic = z
  .object({
    name: z.string(),
    values: z.array(z.string()).describe('Значения (или диапазон) из позиции каталога'),
    unit: z.string().nullable().describe('Единица измерения значения'),
    mandatory: z.boolean().describe('Заказчик обязан указать характеристику в описании объекта закупки (ПП РФ № 145, п. 4)'),
    instruction: z.string().nullable().describe('Инструкция по заполнению характеристики в заявке'),
  })
  .describe('Характеристика позиции КТРУ');
export type KtruCharacteristic = z.infer<typeof KtruCharacteristic>;

export const KtruPosition = z
  .object({
    code: z.string(),
    name: z.string(),
    okpd2_code: z.string().describe('Код ОКПД2, которому принадлежит позиция'),
    okei_code: z.string().nullable(),
    unit_name: z.string().nullable(),
    version_number: z.number().int().nullable(),
    characteristics: z.array(KtruCharacteristic),
  })
  .describe('Позиция КТРУ (каталог товаров, работ, услуг ЕИС, справочник nsiKTRU)');
export type KtruPosition = z.infer<typeof KtruPosition>;

export const KtruQuery = z.object({
  q: z.string().trim().max(200).optional().describe('Код позиции КТРУ или ОКПД2 (или его начало), иначе слова наименования'),
  okpd2: z.string().trim().max(20).optional().describe('Только позиции этого кода ОКПД2'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const KtruListResponse = z.object({ items: z.array(KtruPosition) });

export const ProcurementLineRequest = z
  .object({
    okpd2_code: safeText()
      .trim()
      .regex(OKPD2_CODE_RE, 'Код ОКПД2 в формате 17.12.14.110')
      .nullable()
      .optional()
      .describe('Код ОКПД2; при выбранной позиции КТРУ берётся из неё'),
    ktru_code: safeText()
      .trim()
      .regex(KTRU_CODE_RE, 'Код позиции КТРУ в формате 17.12.14.110-00000004')
      .nullable()
      .optional()
      .describe('Код позиции КТРУ (44-ФЗ): наименование, единица и характеристики берутся из позиции'),
    name: optionalString(1000).describe('Наименование товара, работы, услуги; при позиции КТРУ — её наименование'),
    okei_code: optionalString(10).describe('Код единицы измерения ОКЕИ'),
    unit_name: optionalString(100).describe('Единица измерения; по умолчанию — наименование по ОКЕИ'),
    quantity: quantityString.describe('Количество'),
    unit_price: moneyString.nullable().optional().describe('Цена единицы, руб.'),
  })
  .describe('Строка объекта закупки');
export type ProcurementLineRequest = z.input<typeof ProcurementLineRequest>;

export const ProcurementLine = z.object({
  id: z.number().int(),
  position: z.number().int(),
  okpd2_code: z.string().nullable(),
  okpd2_name: z.string().nullable(),
  ktru_code: z.string().nullable(),
  name: z.string(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string().nullable(),
  unit_price: z.string().nullable(),
  sum: z.string().nullable().describe('Количество × цена единицы, до копейки'),
  characteristics: z.array(KtruCharacteristic),
  warnings: z.array(z.string()).describe('Что нужно исправить в строке (например, не выбрана обязательная позиция КТРУ)'),
});
export type ProcurementLine = z.infer<typeof ProcurementLine>;

export const ProcurementLinesResponse = z.object({
  items: z.array(ProcurementLine),
  total: z.string().nullable().describe('Сумма строк; null, пока у какой-либо строки нет цены'),
  revision: z.number().int().describe('Редакция карточки после изменения'),
  editable: z.boolean(),
});
export type ProcurementLinesResponse = z.infer<typeof ProcurementLinesResponse>;
