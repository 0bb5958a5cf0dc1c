import { z } from 'zod';
import { BodyId, isoDate, optionalString } from './common';
import { moneyString } from './rules';
import { namedDecimal } from './money';

/**
 * Обоснование НМЦК (ст. 22 44-ФЗ). The methods of its part 1 and the «иные методы» of its part 12; the same calculator
 * serves a 223-FZ purchase (its НМЦД), so nothing here depends on the purchase's law but the words.
 */
export const NMCK_METHODS = ['market', 'normative', 'tariff', 'design_estimate', 'cost_based', 'other'] as const;
export const NmckMethod = z.enum(NMCK_METHODS);
export type NmckMethod = z.infer<typeof NmckMethod>;

export const NMCK_METHOD_TITLES: Record<NmckMethod, string> = {
  market: 'Метод сопоставимых рыночных цен (анализа рынка)',
  normative: 'Нормативный метод',
  tariff: 'Тарифный метод',
  design_estimate: 'Проектно-сметный метод',
  cost_based: 'Затратный метод',
  other: 'Иной метод',
};

/** The legal basis each method is named by in the justification (ст. 22 Федерального закона от 05.04.2013 № 44-ФЗ). */
export const NMCK_METHOD_BASIS: Record<NmckMethod, string> = {
  market:
    'пункт 1 части 1, части 2–6 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ; Методические рекомендации по применению методов определения начальной (максимальной) цены контракта, утверждённые приказом Минэкономразвития России от 02.10.2013 № 567',
  normative: 'пункт 2 части 1, часть 7 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ',
  tariff: 'пункт 3 части 1, часть 8 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ',
  design_estimate: 'пункт 4 части 1, часть 9 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ',
  cost_based: 'пункт 5 части 1, часть 10 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ',
  other: 'часть 12 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ (с обоснованием невозможности применить методы части 1)',
};

/** What the user enters instead of sources for a method other than market prices. */
export const NMCK_UNIT_PRICE_LABELS: Record<Exclude<NmckMethod, 'market'>, string> = {
  normative: 'Цена единицы по нормативу',
  tariff: 'Тариф (регулируемая цена) за единицу',
  design_estimate: 'Сметная стоимость единицы',
  cost_based: 'Затраты и обычная прибыль на единицу',
  other: 'Цена единицы, определённая иным методом',
};

/** Coefficient of variation (per cent) above which prices are not uniform (приказ № 567, п. 3.20). */
export const NMCK_MAX_CV = '33';
/** At least this many prices make a sample (приказ № 567, п. 3.20: «не менее трёх цен»). */
export const NMCK_MIN_PRICES = 3;

export const NMCK_SOURCE_KINDS = ['quote', 'contract', 'manual'] as const;
export const NmckSourceKind = z.enum(NMCK_SOURCE_KINDS);
export type NmckSourceKind = z.infer<typeof NmckSourceKind>;
export const NMCK_SOURCE_KIND_TITLES: Record<NmckSourceKind, string> = {
  quote: 'Коммерческое предложение',
  contract: 'Контракт из реестра контрактов',
  manual: 'Иной источник',
};

/** A quantity: up to 14 integer digits and 6 decimals (numeric(20,6)), above zero. */
export const quantityString = namedDecimal('Количество', /^\d{1,14}(\.\d{1,6})?$/, { positive: true, quantity: true, scale: 6 });

export const NmckRequest = z.object({
  method: NmckMethod.describe('Метод определения НМЦК'),
  subject: optionalString(1000).describe('Наименование товара, работы, услуги'),
  unit: optionalString(100).describe('Единица измерения'),
  quantity: quantityString.describe('Количество (v)'),
  unit_price: moneyString.nullable().optional().describe('Цена единицы — для методов, кроме сопоставимых рыночных цен'),
  basis: optionalString(4000).describe('Основание: реквизиты норматива, тарифа, сметы, расчёта затрат или обоснование иного метода'),
});
export type NmckRequest = z.infer<typeof NmckRequest>;

export const NmckSourceRequest = z
  .object({
    kind: NmckSourceKind,
    supplier: optionalString(500).describe('Поставщик или источник цены'),
    requisites: optionalString(1000).describe('Реквизиты: номер и дата документа, ИНН поставщика, ссылка'),
    price_date: isoDate.nullable().optional().describe('Дата цены (предложения, контракта)'),
    unit_price: moneyString.optional().describe('Цена единицы, руб.; для контракта из реестра берётся из его позиции'),
    contract_position_id: BodyId.nullable().optional().describe('Позиция контракта из реестра (kind = contract)'),
    excluded: z.boolean().default(false),
    exclude_reason: optionalString(1000).describe('Почему цена не учитывается'),
  })
  .superRefine((v, c) => {
    if (v.kind === 'contract' && v.contract_position_id == null)
      c.addIssue({ code: 'custom', path: ['contract_position_id'], message: 'Выберите позицию контракта из реестра' });
    // a quote or a manual price names no contract: a position given with it would be stored nowhere and mislead
    if (v.kind !== 'contract' && v.contract_position_id != null)
      c.addIssue({
        code: 'custom',
        path: ['contract_position_id'],
        message: 'Позиция контракта указывается только для источника из реестра контрактов',
      });
    if (v.kind !== 'contract' && v.unit_price == null)
      c.addIssue({ code: 'custom', path: ['unit_price'], message: 'Укажите цену единицы' });
    if (v.kind !== 'contract' && !v.supplier)
      c.addIssue({ code: 'custom', path: ['supplier'], message: 'Укажите поставщика или источник цены' });
    if (v.kind === 'quote' && !v.price_date)
      c.addIssue({ code: 'custom', path: ['price_date'], message: 'Укажите дату коммерческого предложения' });
    if (v.excluded && !v.exclude_reason)
      c.addIssue({ code: 'custom', path: ['exclude_reason'], message: 'Укажите причину исключения цены' });
  });
export type NmckSourceRequest = z.input<typeof NmckSourceRequest>;

export const NmckSourceResponse = z.object({
  id: z.number(),
  ordinal: z.number(),
  kind: NmckSourceKind,
  supplier: z.string().nullable(),
  requisites: z.string().nullable(),
  price_date: z.string().nullable(),
  unit_price: z.string(),
  contract_id: z.number().nullable(),
  contract_position_id: z.number().nullable(),
  excluded: z.boolean(),
  exclude_reason: z.string().nullable(),
});
export type NmckSourceResponse = z.infer<typeof NmckSourceResponse>;

/** The figures of the calculation, every one a decimal string (kopecks for money, hundredths of a per cent). */
export const NmckResult = z.object({
  /** prices taken into account */
  count: z.number(),
  mean: z.string().nullable(),
  std_dev: z.string().nullable(),
  /** coefficient of variation, per cent */
  cv: z.string().nullable(),
  uniform: z.boolean().nullable(),
  enough: z.boolean(),
  unit_price: z.string().nullable(),
  nmck: z.string().nullable(),
  /** why the result cannot be applied yet (Russian) */
  problems: z.array(z.string()),
});
export type NmckResult = z.infer<typeof NmckResult>;

export const NmckResponse = z.object({
  procurement_id: z.number(),
  method: NmckMethod,
  subject: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string(),
  unit_price: z.string().nullable(),
  basis: z.string().nullable(),
  sources: z.array(NmckSourceResponse),
  result: NmckResult,
  /** the НМЦК last made the procurement's НМЦД, and when */
  applied_nmck: z.string().nullable(),
  applied_at: z.string().nullable(),
  procurement_nmcd: z.string(),
  editable: z.boolean(),
  updated_at: z.string().nullable(),
});
export type NmckResponse = z.infer<typeof NmckResponse>;

export const NmckContractPosition = z.object({
  id: z.number(),
  contract_id: z.number(),
  contract_number: z.string().nullable(),
  registry_number: z.string().nullable(),
  contract_date: z.string().nullable(),
  supplier_name: z.string().nullable(),
  supplier_inn: z.string().nullable(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  unit: z.string().nullable(),
  unit_price: z.string(),
});
export type NmckContractPosition = z.infer<typeof NmckContractPosition>;
export const NmckContractPositionsQuery = z.object({ q: z.string().max(200).optional() });
export const NmckContractPositionsResponse = z.object({ items: z.array(NmckContractPosition) });
