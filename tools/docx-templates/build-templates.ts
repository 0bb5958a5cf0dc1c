/**
 * Builds the Word templates of procurement documents into `server/templates/docx/`.
 *
 *   npx tsx tools/docx-templates/build-templates.ts
 *
 * The output is reproducible (fixed timestamps), so the committed .docx files change only when this script does.
 * Placeholders are docxtemplater tags: `{field}` and loops `{#items}…{/items}` (a loop spanning the cells of one table
 * row repeats that row). Every tag must be listed in `template-fields.ts`; a test checks both agree.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  b,
  buildDocxPackage,
  clause,
  empty,
  h1,
  LANDSCAPE_TEXT_WIDTH,
  p,
  para,
  PORTRAIT_TEXT_WIDTH,
  table,
  title,
  type Inline,
  type RowSpec,
} from '../../server/src/formats/docx/ooxml';
import { DOCX_TEMPLATES_DIR } from '../../server/src/formats/docx/render-docx';
import { TEMPLATE_CODES, TEMPLATE_DEFINITIONS, type TemplateCode } from '../../server/src/formats/docx/template-fields';

/** A placeholder tag. */
const v = (name: string): string => `{${name}}`;

/**
 * Text printed only when the field has a value: an empty optional field must not leave «площадке  ()» or «КПП ,»
 * behind. A docxtemplater section over the field itself; `getDocxTemplateTags` reads it as a condition, not a loop.
 */
const when = (name: string, text: string): string => `{#${name}}${text}{/${name}}`;

/**
 * A multi-line text field as its own paragraph. Left-aligned: in a justified paragraph Word and LibreOffice stretch
 * the lines that end with the manual line breaks the field's \n become.
 */
const textBlock = (name: string): string => p(v(name), { indentFirstLine: 709, align: 'left' });

const LAW_223_INSTRUMENTAL =
  'Федеральным законом от 18.07.2011 № 223-ФЗ «О закупках товаров, работ, услуг отдельными видами юридических лиц»';
const EIS = 'единой информационной системе в сфере закупок (www.zakupki.gov.ru, далее — ЕИС)';

// ---- shared blocks -------------------------------------------------------------------------------------------

/** Two-column table of the customer's requisites. */
function customerRequisitesTable(width: number): string {
  const rows: [string, string][] = [
    ['Полное наименование', v('customerName')],
    ['ИНН', v('customerInn')],
    ['КПП', v('customerKpp')],
    ['ОГРН', v('customerOgrn')],
    ['Место нахождения', v('customerAddress')],
    ['Почтовый адрес', v('customerPostalAddress')],
    ['Адрес электронной почты', v('customerEmail')],
    ['Номер контактного телефона', v('customerPhone')],
    ['Контактное лицо', v('contactPerson')],
  ];
  const first = Math.round(width * 0.35);
  return table(
    [first, width - first],
    rows.map(([label, value]) => ({ cells: [{ content: label, bold: true }, value] })),
  );
}

/** "УТВЕРЖДАЮ" block in the upper right corner. */
function approvalBlock(width: number): string {
  const left = Math.round(width * 0.5);
  const right = width - left;
  return table(
    [left, right],
    [
      {
        cells: [
          '',
          {
            content: [[b('УТВЕРЖДАЮ')], [v('approvedByPosition')], [`_________________ ${v('approvedByName')}`], [v('approvalDate')]],
          },
        ],
      },
    ],
    { borders: false, fontSize: 12 },
  );
}

/** A signature line: position, a line for the signature, name. */
function signatureLine(width: number, position: string, name: string): string {
  const a = Math.round(width * 0.45);
  const c = Math.round(width * 0.25);
  return table(
    [a, c, width - a - c],
    [{ cells: [position, { content: '_________________', align: 'center' }, { content: name, align: 'right' }] }],
    { borders: false, fontSize: 12 },
  );
}

// ---- Извещение о проведении закупки --------------------------------------------------------------------------

function noticeBody(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const widths = [680, 3300, w - 680 - 3300];
  const row = (num: string, label: string, value: Inline | Inline[] | Inline[][]): RowSpec => ({
    cells: [{ content: num, align: 'center' }, label, { content: value }],
  });
  const section = (num: string, label: string): RowSpec => ({
    cells: [
      { content: num, align: 'center', bold: true },
      { content: label, span: 2, bold: true },
    ],
    shade: 'F2F2F2',
  });
  const rows: RowSpec[] = [
    { cells: ['№ п/п', 'Наименование пункта', 'Содержание'], header: true },
    row('1', 'Способ осуществления закупки', v('procurementMethod')),
    row('2', 'Номер извещения', v('procurementNumber')),
    row('3', 'Дата размещения извещения в ЕИС', v('publicationDate')),
    section('4', 'Сведения о заказчике'),
    row('4.1', 'Наименование заказчика', v('customerName')),
    row('4.2', 'ИНН / КПП', `${v('customerInn')}${when('customerKpp', ` / ${v('customerKpp')}`)}`),
    row('4.3', 'ОГРН', v('customerOgrn')),
    row('4.4', 'Место нахождения', v('customerAddress')),
    row('4.5', 'Почтовый адрес', v('customerPostalAddress')),
    row('4.6', 'Адрес электронной почты', v('customerEmail')),
    row('4.7', 'Номер контактного телефона', v('customerPhone')),
    row('4.8', 'Контактное лицо', v('contactPerson')),
    section('5', 'Предмет договора'),
    row('5.1', 'Наименование предмета договора (закупки)', v('procurementTitle')),
    row('5.2', 'Количество поставляемого товара, объём выполняемых работ, оказываемых услуг, краткое описание предмета закупки', [
      [v('subjectDescription')],
      ['Подробное описание приведено в техническом задании (в составе документации о закупке).'],
    ]),
    row('5.3', 'Код(ы) по ОКПД2', v('okpd2')),
    row('5.4', 'Код(ы) по ОКВЭД2', v('okved2')),
    row('5.5', 'Место поставки товара, выполнения работ, оказания услуг', v('deliveryPlace')),
    row('5.6', 'Сроки (периоды) поставки товара, выполнения работ, оказания услуг', v('deliveryTerms')),
    section('6', 'Начальная (максимальная) цена договора'),
    row('6.1', 'Начальная (максимальная) цена договора', [[v('nmcd')], [v('nmcdInWords')]]),
    row('6.2', 'Валюта', v('currency')),
    row('6.3', 'Налог на добавленную стоимость', v('nmcdVatNote')),
    row('6.4', 'Метод определения и обоснования НМЦД', [[v('nmcdMethod')], ['Обоснование НМЦД приведено в документации о закупке.']]),
    section('7', 'Документация, подача заявок, подведение итогов'),
    row(
      '7.1',
      'Срок, место и порядок предоставления документации о закупке, плата за её предоставление',
      `Документация о закупке размещена в ${EIS} одновременно с настоящим извещением и доступна для ознакомления без ограничений. Плата за предоставление документации не взимается.`,
    ),
    row('7.2', 'Наименование и адрес электронной площадки в сети «Интернет»', [[v('platformName')], [v('platformUrl')]]),
    row(
      '7.3',
      'Порядок подачи заявок',
      'Заявки подаются в форме электронных документов посредством функционала электронной площадки в порядке, установленном документацией о закупке и регламентом электронной площадки.',
    ),
    row('7.4', 'Дата начала срока подачи заявок', v('applicationStartDate')),
    row(
      '7.5',
      'Дата и время окончания срока подачи заявок',
      `${v('applicationDeadline')} ${v('applicationDeadlineTime')} (время московское)`,
    ),
    row('7.6', 'Дата рассмотрения заявок', v('reviewDate')),
    row('7.7', 'Дата подведения итогов закупки', v('summingUpDate')),
    row('7.8', 'Порядок подведения итогов закупки', [
      [v('summingUpProcedure')],
      ['Итоги закупки оформляются протоколом, который размещается в ЕИС не позднее чем через три дня со дня его подписания.'],
    ]),
    section('8', 'Обеспечение, требования, иные сведения'),
    row('8.1', 'Обеспечение заявки на участие в закупке', v('applicationSecurity')),
    row('8.2', 'Обеспечение исполнения договора', v('contractSecurity')),
    row('8.3', 'Требования к участникам закупки', v('participantRequirements')),
    row('8.4', 'Участие субъектов малого и среднего предпринимательства', v('smeParticipation')),
    row('8.5', 'Национальный режим, приоритет товаров российского происхождения', v('nationalRegime')),
    row('8.6', 'Источник финансирования', v('fundingSource')),
    row('8.7', 'Иные сведения', v('otherInfo')),
  ];
  return [
    title('Извещение'),
    p(`о проведении закупки № ${v('procurementNumber')}`, { align: 'center', bold: true }),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 240 }),
    para(
      `Закупка осуществляется в соответствии с ${LAW_223_INSTRUMENTAL} (далее — Закон № 223-ФЗ) и ${v('procurementRuleTitle')} (далее — Положение о закупке).`,
      { spacingAfter: 120 },
    ),
    table(widths, rows),
    empty(),
    signatureLine(w, v('signerPosition'), v('signerName')),
  ].join('');
}

// ---- Документация о закупке ----------------------------------------------------------------------------------

function documentationBody(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const criteriaWidths = [680, 2800, 1400, w - 680 - 2800 - 1400];
  return [
    approvalBlock(w),
    empty(),
    title('Документация о закупке', { spacingBefore: 240 }),
    p(`№ ${v('procurementNumber')}`, { align: 'center', bold: true }),
    p(['Способ закупки: ', v('procurementMethod')], { align: 'center' }),
    p(['Предмет закупки: ', v('procurementTitle')], { align: 'center', spacingAfter: 240 }),

    h1('1. Общие положения'),
    clause(
      '1.1.',
      `Настоящая документация о закупке (далее — документация) разработана в соответствии с ${LAW_223_INSTRUMENTAL} (далее — Закон № 223-ФЗ) и ${v('procurementRuleTitle')} (далее — Положение о закупке).`,
    ),
    clause('1.2.', 'Сведения о заказчике:'),
    customerRequisitesTable(w),
    clause(
      '1.3.',
      `Извещение о закупке, документация, изменения и разъяснения к ним, протоколы, составляемые в ходе закупки, размещаются в ${EIS}.${when('platformName', ` Закупка проводится на электронной площадке ${v('platformName')}${when('platformUrl', ` (${v('platformUrl')})`)}.`)}`,
      { spacingBefore: 120 },
    ),
    clause('1.4.', 'Документация предоставляется без взимания платы.'),
    clause('1.5.', ['Участие субъектов малого и среднего предпринимательства: ', v('smeParticipation')]),

    h1('2. Предмет закупки'),
    clause('2.1.', ['Предмет договора: ', v('procurementTitle')]),
    clause('2.2.', ['Код(ы) по ОКПД2: ', v('okpd2'), when('okved2', `; по ОКВЭД2: ${v('okved2')}`)]),
    clause(
      '2.3.',
      'Требования к безопасности, качеству, техническим и функциональным характеристикам (потребительским свойствам) товара, работ, услуг, к размерам, упаковке, отгрузке товара, к результатам работ и иные требования, связанные с определением соответствия поставляемого товара, выполняемых работ, оказываемых услуг потребностям заказчика, установлены в техническом задании (приложение № 1 к документации). Описание предмета закупки составлено в соответствии с частью 6.1 статьи 3 Закона № 223-ФЗ.',
    ),
    clause('2.4.', 'Требования к описанию участниками закупки поставляемого товара, выполняемых работ, оказываемых услуг:'),
    textBlock('goodsDescriptionRequirements'),
    clause('2.5.', ['Место поставки товара, выполнения работ, оказания услуг: ', v('deliveryPlace')]),
    clause('2.6.', 'Сроки (периоды) поставки товара, выполнения работ, оказания услуг:'),
    textBlock('deliveryTerms'),
    clause('2.7.', 'Национальный режим, приоритет товаров российского происхождения:'),
    textBlock('nationalRegime'),

    h1('3. Начальная (максимальная) цена договора, порядок оплаты'),
    clause('3.1.', ['Начальная (максимальная) цена договора: ', v('nmcd'), ' (', v('nmcdInWords'), ').']),
    clause('3.2.', ['Валюта договора: ', v('currency')]),
    clause('3.3.', ['Налог на добавленную стоимость: ', v('nmcdVatNote')]),
    clause(
      '3.4.',
      'Цена договора включает все расходы поставщика, связанные с исполнением договора, в том числе стоимость товара, тары, упаковки, маркировки, доставки до места поставки, погрузочно-разгрузочных работ, страхования, уплаты таможенных пошлин, налогов, сборов и других обязательных платежей.',
    ),
    clause('3.5.', ['Метод определения и обоснования начальной (максимальной) цены договора: ', v('nmcdMethod')]),
    clause('3.6.', 'Обоснование начальной (максимальной) цены договора приведено в приложении № 3 к документации.'),
    clause('3.7.', 'Форма, сроки и порядок оплаты:'),
    textBlock('paymentTerms'),
    clause('3.8.', ['Источник финансирования: ', v('fundingSource')]),

    h1('4. Требования к участникам закупки'),
    clause(
      '4.1.',
      'Участником закупки может быть любое юридическое лицо или несколько юридических лиц, выступающих на стороне одного участника закупки, независимо от организационно-правовой формы, формы собственности, места нахождения и места происхождения капитала, любое физическое лицо или несколько физических лиц, выступающих на стороне одного участника закупки, в том числе индивидуальный предприниматель, если иное не установлено настоящей документацией.',
    ),
    clause(
      '4.2.',
      'Участник закупки не должен находиться в процессе ликвидации или банкротства, его деятельность не должна быть приостановлена, сведения о нём не должны содержаться в реестрах недобросовестных поставщиков, предусмотренных Законом № 223-ФЗ и Федеральным законом от 05.04.2013 № 44-ФЗ.',
    ),
    clause('4.3.', 'Требования к участникам закупки и перечень документов, подтверждающих соответствие этим требованиям:'),
    textBlock('participantRequirements'),

    h1('5. Порядок подачи заявок и предоставления разъяснений'),
    clause('5.1.', 'Требования к содержанию, форме, оформлению и составу заявки на участие в закупке:'),
    textBlock('applicationContentRequirements'),
    clause(
      '5.2.',
      'Заявки подаются в форме электронных документов посредством функционала электронной площадки. Формы документов, входящих в состав заявки, приведены в приложении № 4 к документации.',
    ),
    clause('5.3.', ['Извещение о закупке размещено в ЕИС: ', v('publicationDate'), '.']),
    clause('5.4.', ['Дата начала срока подачи заявок: ', v('applicationStartDate'), '.']),
    clause('5.5.', [
      'Дата и время окончания срока подачи заявок: ',
      v('applicationDeadline'),
      ', ',
      v('applicationDeadlineTime'),
      ' (время московское).',
    ]),
    clause(
      '5.6.',
      'Любой участник закупки вправе направить запрос о даче разъяснений положений извещения и (или) документации о закупке. В течение трёх рабочих дней с даты поступления запроса заказчик размещает в ЕИС разъяснения с указанием предмета запроса, но без указания участника закупки, от которого поступил запрос, при условии, что запрос поступил не позднее чем за три рабочих дня до даты окончания срока подачи заявок.',
    ),

    h1('6. Рассмотрение, оценка и сопоставление заявок'),
    clause('6.1.', ['Дата рассмотрения заявок: ', v('reviewDate'), '.']),
    clause('6.2.', ['Дата подведения итогов закупки: ', v('summingUpDate'), '.']),
    clause('6.3.', 'Критерии оценки заявок и их значимость:', { keepNext: true }),
    table(criteriaWidths, [
      { cells: ['№ п/п', 'Критерий оценки', 'Значимость критерия, %', 'Содержание и порядок оценки'], header: true },
      {
        cells: [
          { content: `{#criteria}${v('index')}`, align: 'center' },
          v('name'),
          { content: v('weight'), align: 'center' },
          `${v('description')}{/criteria}`,
        ],
      },
    ]),
    clause('6.4.', 'Порядок оценки и сопоставления заявок:', { spacingBefore: 120 }),
    textBlock('evaluationProcedure'),
    clause(
      '6.5.',
      'Протоколы, составляемые в ходе закупки, размещаются заказчиком в ЕИС не позднее чем через три дня со дня их подписания.',
    ),

    h1('7. Обеспечение заявки и обеспечение исполнения договора'),
    clause('7.1.', 'Размер, порядок и срок предоставления обеспечения заявки:'),
    textBlock('applicationSecurity'),
    clause('7.2.', 'Размер, порядок и срок предоставления обеспечения исполнения договора:'),
    textBlock('contractSecurity'),

    h1('8. Заключение договора'),
    clause(
      '8.1.',
      'Договор заключается на условиях, указанных в извещении о закупке, документации и заявке участника закупки, с которым заключается договор, по цене, предложенной таким участником.',
    ),
    clause('8.2.', 'Срок и порядок заключения договора:'),
    textBlock('contractConclusionTerms'),
    clause(
      '8.3.',
      'Сведения о заключённом договоре вносятся заказчиком в реестр договоров в ЕИС в течение трёх рабочих дней со дня его заключения (статья 4.1 Закона № 223-ФЗ).',
    ),

    h1('9. Иные сведения'),
    textBlock('otherInfo'),

    h1('Приложения'),
    p('1. Техническое задание.'),
    p('2. Проект договора.'),
    p('3. Обоснование начальной (максимальной) цены договора.'),
    p('4. Формы документов, входящих в состав заявки.'),
  ].join('');
}

// ---- Проект договора -----------------------------------------------------------------------------------------

function requisitesCell(party: 'customer' | 'supplier'): Inline[][] {
  if (party === 'customer') {
    return [
      [b('Заказчик')],
      [v('customerName')],
      [`ИНН ${v('customerInn')}${when('customerKpp', `, КПП ${v('customerKpp')}`)}`],
      [`ОГРН ${v('customerOgrn')}`],
      [`Место нахождения: ${v('customerAddress')}`],
      [`Почтовый адрес: ${v('customerPostalAddress')}`],
      [when('customerEmail', `Эл. почта: ${v('customerEmail')}`)],
      [when('customerPhone', `Тел.: ${v('customerPhone')}`)],
      [v('customerBankDetails')],
      [''],
      [v('signerPosition')],
      [`_________________ / ${v('signerName')}`],
      ['М. П. (при наличии)'],
    ];
  }
  return [
    [b('Поставщик')],
    [v('supplierName')],
    [`ИНН ${v('supplierInn')}, КПП ${v('supplierKpp')}`],
    [`ОГРН ${v('supplierOgrn')}`],
    [`Место нахождения: ${v('supplierAddress')}`],
    [`Эл. почта: ${v('supplierEmail')}, тел.: ${v('supplierPhone')}`],
    [v('supplierBankDetails')],
    [''],
    [v('supplierSignerPosition')],
    [`_________________ / ${v('supplierSignerName')}`],
    ['М. П. (при наличии)'],
  ];
}

function draftContractBody(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const half = Math.round(w / 2);
  const specWidths = [500, 2655, 1350, 800, 1100, 1400, w - 500 - 2655 - 1350 - 800 - 1100 - 1400];
  return [
    title(`Договор № ${v('contractNumber')}`),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 120 }),
    table([half, w - half], [{ cells: [`г. ${v('contractCity')}`, { content: v('contractDate'), align: 'right' }] }], {
      borders: false,
      fontSize: 12,
    }),
    para(
      `${v('customerName')}, именуемое в дальнейшем «Заказчик», в лице ${v('signerInPreamble')}, действующего на основании ${v('signerBasis')}, с одной стороны, и ${v('supplierName')}, именуемое в дальнейшем «Поставщик», в лице ${v('supplierSignerInPreamble')}, действующего на основании ${v('supplierSignerBasis')}, с другой стороны, совместно именуемые «Стороны», по результатам закупки № ${v('procurementNumber')} (способ закупки: ${v('procurementMethod')}), проведённой в соответствии с ${LAW_223_INSTRUMENTAL} (далее — Закон № 223-ФЗ), на основании ${v('protocolReference')} заключили настоящий договор (далее — Договор) о нижеследующем:`,
      { spacingBefore: 120 },
    ),

    h1('1. Предмет Договора'),
    clause('1.1.', [
      'Поставщик обязуется поставить товар (далее — Товар) в количестве, ассортименте и по ценам, указанным в Спецификации (приложение № 1 к Договору), а Заказчик обязуется принять и оплатить Товар в порядке и на условиях Договора. Предмет Договора: ',
      v('procurementTitle'),
    ]),
    clause(
      '1.2.',
      'Требования к Товару, его количеству, качеству и характеристикам установлены в Техническом задании (приложение № 2 к Договору).',
    ),

    h1('2. Цена Договора и порядок расчётов'),
    clause('2.1.', ['Цена Договора составляет ', v('contractPrice'), ' (', v('contractPriceInWords'), '), ', v('contractVatNote')]),
    clause('2.2.', ['Валюта Договора: ', v('currency')]),
    clause(
      '2.3.',
      'Цена Договора является твёрдой, определяется на весь срок исполнения Договора и может быть изменена только в случаях, предусмотренных Договором и положением о закупке Заказчика. Цена Договора включает все расходы Поставщика, связанные с исполнением Договора, в том числе стоимость Товара, тары, упаковки, маркировки, доставки, погрузочно-разгрузочных работ, страхования, налогов, сборов и других обязательных платежей.',
    ),
    clause('2.4.', 'Форма, сроки и порядок оплаты:'),
    textBlock('paymentTerms'),
    clause(
      '2.5.',
      'Оплата производится в безналичной форме путём перечисления денежных средств на расчётный счёт Поставщика, указанный в разделе 12 Договора. Обязательство Заказчика по оплате считается исполненным с момента списания денежных средств с его расчётного счёта.',
    ),
    clause('2.6.', ['Источник финансирования: ', v('fundingSource')]),

    h1('3. Сроки, место и условия поставки'),
    clause('3.1.', ['Место поставки Товара: ', v('deliveryPlace')]),
    clause('3.2.', 'Сроки (периоды) поставки Товара:'),
    textBlock('deliveryTerms'),
    clause(
      '3.3.',
      'Одновременно с Товаром Поставщик передаёт Заказчику универсальный передаточный документ (УПД) либо товарную накладную и счёт-фактуру, а также документы, подтверждающие качество Товара (сертификаты или декларации о соответствии, паспорта, гарантийные талоны, инструкции по эксплуатации на русском языке).',
    ),
    clause(
      '3.4.',
      'Право собственности на Товар и риск его случайной гибели или повреждения переходят к Заказчику с момента подписания Сторонами документа о приёмке.',
    ),

    h1('4. Порядок приёмки Товара'),
    clause('4.1.', 'Порядок и срок приёмки:'),
    textBlock('acceptanceTerms'),
    clause(
      '4.2.',
      'При выявлении несоответствия Товара условиям Договора Заказчик составляет акт о выявленных недостатках и направляет его Поставщику. Поставщик обязан за свой счёт устранить недостатки или заменить Товар в срок, указанный в акте.',
    ),

    h1('5. Качество Товара и гарантии'),
    clause(
      '5.1.',
      'Качество Товара должно соответствовать требованиям Технического задания, обязательным требованиям технических регламентов и стандартов, действующих на территории Российской Федерации.',
    ),
    clause('5.2.', 'Гарантийные обязательства:'),
    textBlock('warrantyTerms'),

    h1('6. Обеспечение исполнения Договора'),
    clause('6.1.', v('contractSecurity'), { align: 'left' }),

    h1('7. Ответственность Сторон'),
    clause(
      '7.1.',
      'За неисполнение или ненадлежащее исполнение обязательств по Договору Стороны несут ответственность в соответствии с законодательством Российской Федерации и Договором.',
    ),
    clause(
      '7.2.',
      'В случае просрочки исполнения Поставщиком обязательств, предусмотренных Договором, Заказчик вправе потребовать уплаты пени в размере 0,1 % от цены неисполненного в срок обязательства за каждый день просрочки, начиная со дня, следующего после дня истечения установленного срока.',
    ),
    clause(
      '7.3.',
      'В случае просрочки исполнения Заказчиком обязательства по оплате Поставщик вправе потребовать уплаты пени в размере одной трёхсотой действующей на дату уплаты пени ключевой ставки Центрального банка Российской Федерации от не уплаченной в срок суммы за каждый день просрочки.',
    ),
    clause('7.4.', 'Уплата неустойки не освобождает Стороны от исполнения обязательств по Договору.'),

    h1('8. Обстоятельства непреодолимой силы'),
    clause(
      '8.1.',
      'Стороны освобождаются от ответственности за неисполнение или ненадлежащее исполнение обязательств, если оно явилось следствием обстоятельств непреодолимой силы, возникших после заключения Договора. Сторона, для которой создалась невозможность исполнения обязательств, обязана в течение пяти рабочих дней письменно известить другую Сторону о наступлении и прекращении таких обстоятельств.',
    ),

    h1('9. Порядок разрешения споров'),
    clause(
      '9.1.',
      'Споры разрешаются путём переговоров. Соблюдение претензионного порядка обязательно; срок ответа на претензию — десять рабочих дней со дня её получения.',
    ),
    clause('9.2.', 'При недостижении согласия спор передаётся на рассмотрение в арбитражный суд по месту нахождения Заказчика.'),

    h1('10. Срок действия, изменение и расторжение Договора'),
    clause('10.1.', [
      'Договор вступает в силу с даты его подписания Сторонами и действует до ',
      v('contractEndDate'),
      ', а в части расчётов — до полного исполнения Сторонами своих обязательств.',
    ]),
    clause(
      '10.2.',
      'Изменение существенных условий Договора допускается в случаях и порядке, предусмотренных положением о закупке Заказчика, и оформляется дополнительным соглашением Сторон.',
    ),
    clause(
      '10.3.',
      'Договор может быть расторгнут по соглашению Сторон, по решению суда или в связи с односторонним отказом Стороны от исполнения Договора по основаниям, предусмотренным Гражданским кодексом Российской Федерации.',
    ),

    h1('11. Прочие условия'),
    clause(
      '11.1.',
      'Информация о Договоре, его изменении и исполнении размещается Заказчиком в реестре договоров в единой информационной системе в сфере закупок в соответствии со статьёй 4.1 Закона № 223-ФЗ.',
    ),
    clause(
      '11.2.',
      'Договор составлен в форме электронного документа, подписанного усиленными квалифицированными электронными подписями Сторон, либо в двух экземплярах равной юридической силы, по одному для каждой из Сторон.',
    ),
    clause('11.3.', 'Неотъемлемой частью Договора являются: приложение № 1 «Спецификация», приложение № 2 «Техническое задание».'),

    h1('12. Адреса, реквизиты и подписи Сторон'),
    table([half, w - half], [{ cells: [{ content: requisitesCell('customer') }, { content: requisitesCell('supplier') }] }], {
      borders: false,
      fontSize: 11,
    }),

    p(`Приложение № 1 к Договору № ${v('contractNumber')} от ${v('contractDate')}`, {
      align: 'right',
      pageBreakBefore: true,
      spacingAfter: 240,
    }),
    title('Спецификация'),
    p('', { spacingAfter: 120 }),
    table(specWidths, [
      {
        cells: ['№ п/п', 'Наименование товара', 'Код ОКПД2', 'Ед. изм.', 'Количество', 'Цена за единицу', 'Стоимость'],
        header: true,
      },
      {
        cells: [
          { content: `{#items}${v('index')}`, align: 'center' },
          v('name'),
          { content: v('okpd2'), align: 'center' },
          { content: v('unit'), align: 'center' },
          { content: v('quantity'), align: 'right' },
          { content: v('price'), align: 'right' },
          { content: `${v('amount')}{/items}`, align: 'right' },
        ],
      },
      {
        cells: [
          { content: 'Итого:', span: 6, align: 'right', bold: true },
          { content: v('contractPrice'), align: 'right', bold: true },
        ],
      },
    ]),
    p(['Цена Договора: ', v('contractPrice'), ' (', v('contractPriceInWords'), '), ', v('contractVatNote')], {
      spacingBefore: 120,
      spacingAfter: 240,
    }),
    table(
      [half, w - half],
      [
        {
          cells: [
            { content: [[b('Заказчик')], [`_________________ / ${v('signerName')}`]] },
            { content: [[b('Поставщик')], [`_________________ / ${v('supplierSignerName')}`]] },
          ],
        },
      ],
      { borders: false, fontSize: 12 },
    ),
  ].join('');
}

// ---- Техническое задание -------------------------------------------------------------------------------------

function techSpecBody(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const widths = [500, 2300, 1350, w - 500 - 2300 - 1350 - 900 - 1150, 900, 1150];
  return [
    approvalBlock(w),
    empty(),
    title('Техническое задание', { spacingBefore: 240 }),
    p(v('procurementTitle'), { align: 'center', bold: true, spacingAfter: 240 }),

    h1('1. Общие сведения'),
    clause('1.1.', ['Наименование объекта закупки: ', v('procurementTitle')]),
    clause('1.2.', ['Заказчик: ', v('customerName')]),
    clause('1.3.', ['Код(ы) по ОКПД2: ', v('okpd2'), '; по ОКВЭД2: ', v('okved2')]),
    clause('1.4.', 'Цель закупки и назначение товара, работ, услуг:'),
    textBlock('purpose'),

    h1('2. Количество и характеристики товара'),
    clause('2.1.', 'Наименование, количество и требования к функциональным, техническим и качественным характеристикам:', {
      keepNext: true,
    }),
    table(widths, [
      {
        cells: ['№ п/п', 'Наименование товара, работы, услуги', 'Код ОКПД2', 'Характеристики', 'Ед. изм.', 'Количество'],
        header: true,
      },
      {
        cells: [
          { content: `{#items}${v('index')}`, align: 'center' },
          v('name'),
          { content: v('okpd2'), align: 'center' },
          v('characteristics'),
          { content: v('unit'), align: 'center' },
          { content: `${v('quantity')}{/items}`, align: 'right' },
        ],
      },
    ]),
    clause(
      '2.2.',
      'Если в описании предмета закупки указан товарный знак, такое указание сопровождается словами «или эквивалент», за исключением случаев, предусмотренных пунктом 3 части 6.1 статьи 3 Федерального закона № 223-ФЗ. Показатели эквивалентности определяются характеристиками, указанными в таблице.',
      { spacingBefore: 120 },
    ),

    h1('3. Требования к качеству и безопасности'),
    textBlock('qualityRequirements'),
    h1('4. Требования к упаковке, маркировке и отгрузке'),
    textBlock('packagingRequirements'),
    h1('5. Место, сроки и условия поставки'),
    clause('5.1.', ['Место поставки: ', v('deliveryPlace')]),
    clause('5.2.', 'Сроки (периоды) поставки:'),
    textBlock('deliveryTerms'),
    h1('6. Требования к гарантийному сроку'),
    textBlock('warrantyTerms'),
    h1('7. Порядок приёмки'),
    textBlock('acceptanceTerms'),
    h1('8. Документы, передаваемые вместе с товаром'),
    textBlock('documentsWithGoods'),
    empty(),
    p('Составил:', { bold: true }),
    signatureLine(w, v('preparedByPosition'), v('preparedByName')),
  ].join('');
}

// ---- Обоснование НМЦД ----------------------------------------------------------------------------------------

function nmcdJustificationBody(): string {
  const w = LANDSCAPE_TEXT_WIDTH;
  const sourceWidths = [900, 6000, w - 900 - 6000 - 2200, 2200];
  const itemWidths = [500, 3670, 1000, 1300, 1350, 1350, 1350, 1450, 1200, 1400];
  return [
    title('Обоснование начальной (максимальной) цены договора'),
    p(v('procurementTitle'), { align: 'center', bold: true }),
    p(['Закупка № ', v('procurementNumber')], { align: 'center', spacingAfter: 240 }),

    clause('1.', ['Заказчик: ', v('customerName')]),
    clause('2.', ['Предмет закупки: ', v('procurementTitle')]),
    clause('3.', ['Код(ы) по ОКПД2: ', v('okpd2'), '; по ОКВЭД2: ', v('okved2')]),
    clause('4.', ['Метод определения и обоснования начальной (максимальной) цены договора: ', v('nmcdMethod')]),
    clause('5.', 'Обоснование выбора метода:'),
    textBlock('nmcdMethodReason'),
    clause('6.', 'Источники ценовой информации:', { keepNext: true }),
    table(sourceWidths, [
      { cells: ['№ источника', 'Источник (поставщик, реестр контрактов, каталог)', 'Реквизиты', 'Дата предоставления'], header: true },
      {
        cells: [
          { content: `{#sources}${v('index')}`, align: 'center' },
          v('name'),
          v('reference'),
          { content: `${v('date')}{/sources}`, align: 'center' },
        ],
      },
    ]),
    clause('7.', 'Расчёт начальной (максимальной) цены договора:', { keepNext: true, spacingBefore: 120 }),
    table(
      itemWidths,
      [
        {
          cells: [
            '№ п/п',
            'Наименование товара, работы, услуги',
            'Ед. изм.',
            'Количество',
            'Цена за ед., источник № 1',
            'Цена за ед., источник № 2',
            'Цена за ед., источник № 3',
            'Средняя цена за ед.',
            'Коэффициент вариации, %',
            'НМЦД по позиции',
          ],
          header: true,
        },
        {
          cells: [
            { content: `{#items}${v('index')}`, align: 'center' },
            v('name'),
            { content: v('unit'), align: 'center' },
            { content: v('quantity'), align: 'right' },
            { content: v('price1'), align: 'right' },
            { content: v('price2'), align: 'right' },
            { content: v('price3'), align: 'right' },
            { content: v('averagePrice'), align: 'right' },
            { content: v('variation'), align: 'right' },
            { content: `${v('amount')}{/items}`, align: 'right' },
          ],
        },
        {
          cells: [
            { content: 'Итого начальная (максимальная) цена договора:', span: 9, align: 'right', bold: true },
            { content: v('nmcd'), align: 'right', bold: true },
          ],
        },
      ],
      { fontSize: 9 },
    ),
    clause(
      '8.',
      'Средняя цена единицы определена как среднее арифметическое цен единицы, полученных из источников ценовой информации. Совокупность цен считается однородной, если коэффициент вариации не превышает 33 %. НМЦД по позиции равна произведению средней цены единицы на количество.',
      { spacingBefore: 120 },
    ),
    clause('9.', ['Начальная (максимальная) цена договора составляет ', v('nmcd'), ' (', v('nmcdInWords'), ')']),
    clause('10.', ['Валюта: ', v('currency')]),
    clause('11.', ['Налог на добавленную стоимость: ', v('nmcdVatNote')]),
    clause('12.', ['Дата подготовки обоснования: ', v('calculationDate')]),
    empty(),
    signatureLine(w, v('preparedByPosition'), v('preparedByName')),
  ].join('');
}

// ---- build -------------------------------------------------------------------------------------------------------

const BODIES: Record<TemplateCode, { body: () => string; landscape?: boolean }> = {
  notice: { body: noticeBody },
  documentation: { body: documentationBody },
  'draft-contract': { body: draftContractBody },
  'tech-spec': { body: techSpecBody },
  'nmcd-justification': { body: nmcdJustificationBody, landscape: true },
};

/** Builds one template as a .docx buffer (reproducible: fixed timestamps). */
export function buildTemplate(code: TemplateCode): Buffer {
  const def = TEMPLATE_DEFINITIONS[code];
  const spec = BODIES[code];
  return buildDocxPackage({ title: def.title, body: spec.body(), page: { landscape: spec.landscape } });
}

/** Builds every template into a folder (by default the committed `server/templates/docx/`). */
export async function writeTemplates(dir: string = DOCX_TEMPLATES_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const code of TEMPLATE_CODES) {
    const file = path.join(dir, TEMPLATE_DEFINITIONS[code].fileName);
    await writeFile(file, buildTemplate(code));
    written.push(file);
  }
  return written;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const files = await writeTemplates(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const file of files) console.log(`written ${path.relative(process.cwd(), file)}`);
}
