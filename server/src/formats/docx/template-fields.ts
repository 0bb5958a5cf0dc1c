/**
 * Placeholders of the Word templates in `server/templates/docx/`, as data.
 *
 * Every `{field}` and every `{#loop}…{/loop}` used by a template is listed here; a test checks that the
 * templates built by `build-templates.ts` contain exactly these tags. Field types tell how a value is
 * formatted before rendering (see `prepareTemplateData` in `format.ts`):
 * - `string` — one line of text, as is;
 * - `text` — several lines, `\n` becomes a line break;
 * - `date` — ISO date `YYYY-MM-DD` → `ДД.ММ.ГГГГ`;
 * - `money` — decimal string `1234567.8` → `1 234 567,80`;
 * - `number` — decimal string or number → `1 234,5`.
 */

export type TemplateFieldType = 'string' | 'date' | 'money' | 'number' | 'text';

export interface TemplateField {
  name: string;
  label: string;
  type: TemplateFieldType;
  required: boolean;
}

export interface TemplateLoop {
  name: string;
  label: string;
  fields: TemplateField[];
}

export const TEMPLATE_CODES = ['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'] as const;
export type TemplateCode = (typeof TEMPLATE_CODES)[number];

export interface TemplateDefinition {
  code: TemplateCode;
  title: string;
  fileName: string;
  fields: TemplateField[];
  loops: TemplateLoop[];
}

const f = (name: string, label: string, type: TemplateFieldType = 'string', required = true): TemplateField => ({
  name,
  label,
  type,
  required,
});
const opt = (name: string, label: string, type: TemplateFieldType = 'string'): TemplateField => f(name, label, type, false);

// ---- shared field groups -------------------------------------------------------------------------------------

const customerRequisites: TemplateField[] = [
  f('customerName', 'Полное наименование заказчика'),
  f('customerInn', 'ИНН заказчика'),
  f('customerKpp', 'КПП заказчика'),
  opt('customerOgrn', 'ОГРН заказчика'),
  f('customerAddress', 'Место нахождения заказчика'),
  f('customerPostalAddress', 'Почтовый адрес заказчика'),
  f('customerEmail', 'Адрес электронной почты заказчика'),
  f('customerPhone', 'Номер контактного телефона заказчика'),
  f('contactPerson', 'Контактное лицо заказчика'),
];

const procurementIdentity: TemplateField[] = [
  f('procurementNumber', 'Номер закупки (извещения)'),
  f('procurementTitle', 'Наименование (предмет) закупки'),
  f('procurementMethod', 'Способ закупки'),
  f('procurementRuleTitle', 'Положение о закупке: наименование и редакция в творительном падеже («Положением о закупке …»)'),
];

const classifiers: TemplateField[] = [f('okpd2', 'Код(ы) ОКПД2'), opt('okved2', 'Код(ы) ОКВЭД2')];

const price: TemplateField[] = [
  f('nmcd', 'Начальная (максимальная) цена договора', 'money'),
  opt('nmcdInWords', 'НМЦД прописью'),
  f('currency', 'Валюта'),
  f('nmcdVatNote', 'Сведения о НДС в составе НМЦД'),
  f('nmcdMethod', 'Метод определения и обоснования НМЦД'),
];

const schedule: TemplateField[] = [
  f('publicationDate', 'Дата размещения извещения', 'date'),
  f('applicationStartDate', 'Дата начала срока подачи заявок', 'date'),
  f('applicationDeadline', 'Дата окончания срока подачи заявок', 'date'),
  f('applicationDeadlineTime', 'Время окончания срока подачи заявок (московское)'),
  f('reviewDate', 'Дата рассмотрения заявок', 'date'),
  f('summingUpDate', 'Дата подведения итогов', 'date'),
];

const platform: TemplateField[] = [opt('platformName', 'Электронная площадка'), opt('platformUrl', 'Адрес электронной площадки')];

const delivery: TemplateField[] = [
  f('deliveryPlace', 'Место поставки товара, выполнения работ, оказания услуг'),
  f('deliveryTerms', 'Сроки (периоды) поставки товара, выполнения работ, оказания услуг', 'text'),
];

const ensuring: TemplateField[] = [
  f('applicationSecurity', 'Размер, порядок и срок предоставления обеспечения заявки', 'text'),
  f('contractSecurity', 'Размер, порядок и срок предоставления обеспечения исполнения договора', 'text'),
];

// ---- templates -----------------------------------------------------------------------------------------------

const notice: TemplateDefinition = {
  code: 'notice',
  title: 'Извещение о проведении закупки',
  fileName: 'notice.docx',
  fields: [
    ...procurementIdentity,
    ...customerRequisites,
    f('subjectDescription', 'Предмет договора: количество товара, объём работ, услуг, краткое описание', 'text'),
    ...classifiers,
    ...delivery,
    ...price,
    ...schedule,
    opt('summingUpProcedure', 'Порядок подведения итогов закупки', 'text'),
    ...platform,
    ...ensuring,
    f('participantRequirements', 'Требования к участникам закупки', 'text'),
    f('smeParticipation', 'Участие субъектов малого и среднего предпринимательства'),
    opt('nationalRegime', 'Национальный режим, приоритет товаров российского происхождения', 'text'),
    f('fundingSource', 'Источник финансирования'),
    opt('otherInfo', 'Иные сведения, предусмотренные положением о закупке', 'text'),
    f('signerPosition', 'Должность подписанта'),
    f('signerName', 'Ф. И. О. подписанта'),
  ],
  loops: [],
};

const documentation: TemplateDefinition = {
  code: 'documentation',
  title: 'Документация о закупке',
  fileName: 'documentation.docx',
  fields: [
    ...procurementIdentity,
    ...customerRequisites,
    ...classifiers,
    f('approvalDate', 'Дата утверждения документации', 'date'),
    f('approvedByPosition', 'Должность утвердившего документацию'),
    f('approvedByName', 'Ф. И. О. утвердившего документацию'),
    f('applicationContentRequirements', 'Требования к содержанию, форме, оформлению и составу заявки', 'text'),
    f('goodsDescriptionRequirements', 'Требования к описанию участниками поставляемого товара, работ, услуг', 'text'),
    ...delivery,
    ...price,
    f('paymentTerms', 'Форма, сроки и порядок оплаты', 'text'),
    ...schedule,
    ...platform,
    f('participantRequirements', 'Требования к участникам закупки и перечень документов', 'text'),
    f('smeParticipation', 'Участие субъектов малого и среднего предпринимательства'),
    opt('nationalRegime', 'Национальный режим, приоритет товаров российского происхождения', 'text'),
    f('evaluationProcedure', 'Порядок оценки и сопоставления заявок', 'text'),
    ...ensuring,
    f('contractConclusionTerms', 'Срок и порядок заключения договора', 'text'),
    f('fundingSource', 'Источник финансирования'),
    opt('otherInfo', 'Иные сведения, предусмотренные положением о закупке', 'text'),
  ],
  loops: [
    {
      name: 'criteria',
      label: 'Критерии оценки заявок',
      fields: [
        opt('index', '№ п/п', 'number'),
        f('name', 'Критерий оценки'),
        f('weight', 'Значимость, %', 'number'),
        opt('description', 'Содержание и порядок оценки по критерию', 'text'),
      ],
    },
  ],
};

const draftContract: TemplateDefinition = {
  code: 'draft-contract',
  title: 'Проект договора',
  fileName: 'draft-contract.docx',
  fields: [
    opt('contractNumber', 'Номер договора'),
    f('contractCity', 'Место заключения договора (город)'),
    opt('contractDate', 'Дата договора', 'date'),
    f('procurementNumber', 'Номер закупки (извещения)'),
    f('procurementTitle', 'Наименование (предмет) закупки'),
    f('procurementMethod', 'Способ закупки'),
    opt('protocolReference', 'Реквизиты итогового протокола'),
    f('customerName', 'Полное наименование заказчика'),
    f('customerInn', 'ИНН заказчика'),
    f('customerKpp', 'КПП заказчика'),
    opt('customerOgrn', 'ОГРН заказчика'),
    f('customerAddress', 'Место нахождения заказчика'),
    f('customerPostalAddress', 'Почтовый адрес заказчика'),
    f('customerEmail', 'Адрес электронной почты заказчика'),
    f('customerPhone', 'Номер контактного телефона заказчика'),
    f('customerBankDetails', 'Банковские реквизиты заказчика', 'text'),
    f('signerPosition', 'Должность подписанта заказчика'),
    f('signerName', 'Ф. И. О. подписанта заказчика'),
    f('signerInPreamble', 'В лице кого действует заказчик (должность и Ф. И. О. в родительном падеже)'),
    f('signerBasis', 'Основание полномочий подписанта заказчика (в родительном падеже: «Устава»)'),
    opt('supplierName', 'Наименование поставщика'),
    opt('supplierInn', 'ИНН поставщика'),
    opt('supplierKpp', 'КПП поставщика'),
    opt('supplierOgrn', 'ОГРН поставщика'),
    opt('supplierAddress', 'Место нахождения поставщика'),
    opt('supplierEmail', 'Адрес электронной почты поставщика'),
    opt('supplierPhone', 'Телефон поставщика'),
    opt('supplierBankDetails', 'Банковские реквизиты поставщика', 'text'),
    opt('supplierSignerPosition', 'Должность подписанта поставщика'),
    opt('supplierSignerName', 'Ф. И. О. подписанта поставщика'),
    opt('supplierSignerInPreamble', 'В лице кого действует поставщик (должность и Ф. И. О. в родительном падеже)'),
    opt('supplierSignerBasis', 'Основание полномочий подписанта поставщика (в родительном падеже)'),
    f('contractPrice', 'Цена договора', 'money'),
    opt('contractPriceInWords', 'Цена договора прописью'),
    f('currency', 'Валюта'),
    f('contractVatNote', 'Сведения о НДС в цене договора'),
    f('paymentTerms', 'Форма, сроки и порядок оплаты', 'text'),
    ...delivery,
    f('acceptanceTerms', 'Порядок и срок приёмки', 'text'),
    f('warrantyTerms', 'Гарантийные обязательства', 'text'),
    f('contractSecurity', 'Обеспечение исполнения договора', 'text'),
    f('contractEndDate', 'Срок действия договора (до)', 'date'),
    f('fundingSource', 'Источник финансирования'),
  ],
  loops: [
    {
      name: 'items',
      label: 'Спецификация (позиции договора)',
      fields: [
        opt('index', '№ п/п', 'number'),
        f('name', 'Наименование товара, работы, услуги'),
        opt('okpd2', 'Код ОКПД2'),
        f('unit', 'Единица измерения (ОКЕИ)'),
        f('quantity', 'Количество', 'number'),
        f('price', 'Цена за единицу', 'money'),
        f('amount', 'Стоимость', 'money'),
      ],
    },
  ],
};

const techSpec: TemplateDefinition = {
  code: 'tech-spec',
  title: 'Техническое задание',
  fileName: 'tech-spec.docx',
  fields: [
    f('procurementTitle', 'Наименование (предмет) закупки'),
    f('customerName', 'Полное наименование заказчика'),
    ...classifiers,
    f('purpose', 'Цель закупки и назначение товара, работ, услуг', 'text'),
    f('qualityRequirements', 'Требования к качеству, безопасности, техническим характеристикам', 'text'),
    opt('packagingRequirements', 'Требования к упаковке, маркировке, отгрузке', 'text'),
    ...delivery,
    f('warrantyTerms', 'Требования к гарантийному сроку и объёму гарантий', 'text'),
    f('acceptanceTerms', 'Порядок приёмки', 'text'),
    opt('documentsWithGoods', 'Документы, передаваемые вместе с товаром', 'text'),
    opt('approvalDate', 'Дата утверждения', 'date'),
    f('approvedByPosition', 'Должность утверждающего'),
    f('approvedByName', 'Ф. И. О. утверждающего'),
    f('preparedByPosition', 'Должность составителя'),
    f('preparedByName', 'Ф. И. О. составителя'),
  ],
  loops: [
    {
      name: 'items',
      label: 'Позиции закупки',
      fields: [
        opt('index', '№ п/п', 'number'),
        f('name', 'Наименование товара, работы, услуги'),
        opt('okpd2', 'Код ОКПД2'),
        opt('ktru', 'Код позиции КТРУ'),
        f('characteristics', 'Функциональные, технические и качественные характеристики', 'text'),
        f('unit', 'Единица измерения (ОКЕИ)'),
        f('quantity', 'Количество', 'number'),
      ],
    },
  ],
};

const nmcdJustification: TemplateDefinition = {
  code: 'nmcd-justification',
  title: 'Обоснование начальной (максимальной) цены договора',
  fileName: 'nmcd-justification.docx',
  fields: [
    opt('procurementNumber', 'Номер закупки (извещения)'),
    f('procurementTitle', 'Наименование (предмет) закупки'),
    f('customerName', 'Полное наименование заказчика'),
    ...classifiers,
    f('nmcdMethod', 'Метод определения и обоснования НМЦД'),
    f('nmcdMethodReason', 'Обоснование выбора метода', 'text'),
    f('nmcd', 'Начальная (максимальная) цена договора', 'money'),
    opt('nmcdInWords', 'НМЦД прописью'),
    f('currency', 'Валюта'),
    f('nmcdVatNote', 'Сведения о НДС в составе НМЦД'),
    f('calculationDate', 'Дата расчёта', 'date'),
    f('preparedByPosition', 'Должность составителя'),
    f('preparedByName', 'Ф. И. О. составителя'),
  ],
  loops: [
    {
      name: 'sources',
      label: 'Источники ценовой информации',
      fields: [
        opt('index', '№ источника', 'number'),
        f('name', 'Источник (поставщик, реестр контрактов, каталог)'),
        opt('reference', 'Реквизиты (номер, адрес в сети «Интернет»)'),
        f('date', 'Дата предоставления', 'date'),
      ],
    },
    {
      name: 'items',
      label: 'Расчёт цены по позициям',
      fields: [
        opt('index', '№ п/п', 'number'),
        f('name', 'Наименование товара, работы, услуги'),
        f('unit', 'Единица измерения'),
        f('quantity', 'Количество', 'number'),
        f('price1', 'Цена за единицу, источник № 1', 'money'),
        f('price2', 'Цена за единицу, источник № 2', 'money'),
        f('price3', 'Цена за единицу, источник № 3', 'money'),
        f('averagePrice', 'Средняя цена за единицу', 'money'),
        f('variation', 'Коэффициент вариации, %', 'number'),
        f('amount', 'НМЦД по позиции', 'money'),
      ],
    },
  ],
};

export const TEMPLATE_DEFINITIONS: Record<TemplateCode, TemplateDefinition> = {
  notice,
  documentation,
  'draft-contract': draftContract,
  'tech-spec': techSpec,
  'nmcd-justification': nmcdJustification,
};

export const TEMPLATE_LIST: TemplateDefinition[] = TEMPLATE_CODES.map((code) => TEMPLATE_DEFINITIONS[code]);

export function isTemplateCode(value: string): value is TemplateCode {
  return (TEMPLATE_CODES as readonly string[]).includes(value);
}

export function getTemplateDefinition(code: TemplateCode): TemplateDefinition {
  return TEMPLATE_DEFINITIONS[code];
}
