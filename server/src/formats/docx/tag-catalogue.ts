/**
 * The catalogue of tags a document template may use — the built-in templates and a customer's own alike. A template's
 * fields are the tags it contains, each described here once: its label (the form's and the message's words), its type
 * (how the value is formatted, see `format.ts`) and whether the document cannot go out without it.
 *
 * Optional tags stand in a condition in the built-in templates (`{#okved2}…{okved2}…{/okved2}`): a block without data
 * is left out, never printed as a blank line.
 */
import { TEMPLATE_LIST, type TemplateField, type TemplateFieldType } from './template-fields';

export interface CatalogueField extends TemplateField {
  /** what the tag prints, for the catalogue screen */
  description: string;
}

export interface CatalogueLoop {
  name: string;
  label: string;
  description: string;
  columns: CatalogueField[];
}

const field = (name: string, label: string, type: TemplateFieldType, required: boolean, description = label): CatalogueField => ({
  name,
  label,
  type,
  required,
  description,
});

/** Tags that no older template had: the signature's basis on every document, the ИКЗ of 44-ФЗ, the rounding note. */
const EXTRA_FIELDS: CatalogueField[] = [
  field('signerPosition', 'Должность подписанта', 'string', true, 'Должность лица, подписывающего документ (активный контакт организации)'),
  field(
    'signerName',
    'Ф. И. О. подписанта',
    'string',
    true,
    'Фамилия и инициалы лица, подписывающего документ (активный контакт организации)',
  ),
  field(
    'signerBasis',
    'Основание полномочий подписанта (в родительном падеже: «Устава»)',
    'string',
    true,
    'На основании чего действует подписант: «Устава», «доверенности от … № …»',
  ),
  field('ikz', 'Идентификационный код закупки (ИКЗ)', 'string', true, 'ИКЗ закупки по 44-ФЗ (ст. 23 Закона № 44-ФЗ), 36 знаков'),
  field(
    'roundingNote',
    'Пояснение к округлению цены за единицу',
    'text',
    false,
    'Заполняется системой, когда цена за единицу, округлённая до копеек, не умножается на количество ровно в стоимость позиции',
  ),
  field(
    'smpAdvantage',
    'Преимущества СМП и СОНКО (44-ФЗ)',
    'text',
    true,
    'Ограничение участия субъектами малого предпринимательства и СОНКО по п. 1 ч. 1 ст. 30 Закона № 44-ФЗ или «не установлено»',
  ),
  field(
    'nationalRegimeStatement',
    'Национальный режим (44-ФЗ)',
    'text',
    true,
    'Запреты, ограничения, преимущества по ст. 14 Закона № 44-ФЗ или «не установлены» — закон требует указать их в извещении',
  ),
];

const EXTRA_LOOPS: CatalogueLoop[] = [
  {
    name: 'stages',
    label: 'Этапы выполнения работ, оказания услуг',
    description: 'Этапы исполнения договора (контракта): наименование, срок, результат. Без этапов — одним этапом',
    columns: [
      field('index', '№ этапа', 'number', false),
      field('name', 'Наименование этапа', 'string', true),
      field('term', 'Срок выполнения этапа', 'string', true),
      field('result', 'Результат этапа и документ о приёмке', 'text', false),
    ],
  },
];

function buildCatalogue(): { fields: Map<string, CatalogueField>; loops: Map<string, CatalogueLoop> } {
  const fields = new Map<string, CatalogueField>();
  const loops = new Map<string, CatalogueLoop>();
  for (const f of EXTRA_FIELDS) fields.set(f.name, f);
  for (const l of EXTRA_LOOPS) loops.set(l.name, l);
  for (const t of TEMPLATE_LIST) {
    for (const f of t.fields) {
      const seen = fields.get(f.name);
      // a tag some template needs is needed wherever it is used: the first label, required if any template requires it
      if (!seen) fields.set(f.name, { ...f, description: f.label });
      else if (f.required && !seen.required && !EXTRA_FIELDS.includes(seen)) fields.set(f.name, { ...seen, required: true });
    }
    for (const l of t.loops) {
      const seen = loops.get(l.name) ?? { name: l.name, label: l.label, description: l.label, columns: [] };
      for (const c of l.fields) if (!seen.columns.some((x) => x.name === c.name)) seen.columns.push({ ...c, description: c.label });
      loops.set(l.name, seen);
    }
  }
  // ч. 4 ст. 33 Закона № 44-ФЗ: warranty requirements are set «в случае необходимости»; a template says «не установлены»
  const warranty = fields.get('warrantyTerms')!;
  fields.set('warrantyTerms', { ...warranty, required: false, description: 'Гарантийные обязательства, если они установлены' });
  // the loops' own labels, not the first template's
  loops.get('items')!.label = 'Позиции закупки (спецификация)';
  loops.get('items')!.description = 'Строки объекта закупки: наименование, ОКПД2, единица, количество, цены и стоимость';
  return { fields, loops };
}

const CATALOGUE = buildCatalogue();

export const CATALOGUE_FIELDS: ReadonlyMap<string, CatalogueField> = CATALOGUE.fields;
export const CATALOGUE_LOOPS: ReadonlyMap<string, CatalogueLoop> = CATALOGUE.loops;

/** The catalogue as a list, fields then loops, in a stable order (the screen's and the API's). */
export function tagCatalogue(): { fields: CatalogueField[]; loops: CatalogueLoop[] } {
  return {
    fields: [...CATALOGUE_FIELDS.values()].sort((a, b) => a.name.localeCompare(b.name)),
    loops: [...CATALOGUE_LOOPS.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
