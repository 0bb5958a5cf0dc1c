/**
 * Writes the built-in Word templates into `server/templates/docx/<law>/`, once, as a starting point:
 *
 *   npx tsx tools/docx-templates/build-templates.ts [folder]
 *
 * The committed .docx files are the templates — ordinary Word documents with docxtemplater tags (`{field}`, loops
 * `{#items}…{/items}`, conditions `{#okved2}…{/okved2}` and `{^okved2}…{/okved2}`), read by the server the same way as a
 * customer's own template and checked against the tag catalogue (server/src/formats/docx/tag-catalogue.ts). They may be
 * edited in Word afterwards; this script only saves typing the first version, and it is not run by the server.
 *
 * A document kind has one template per law; the contract draft and the technical specification have one per subject
 * kind too (`draft-contract.works.docx`): a works contract speaks of a Подрядчик, stages and acts, not of goods.
 *
 * The law's published texts the clauses follow (each clause cites its article):
 * - Федеральный закон от 05.04.2013 № 44-ФЗ — https://www.consultant.ru/document/cons_doc_LAW_144624/
 * - Федеральный закон от 18.07.2011 № 223-ФЗ — https://www.consultant.ru/document/cons_doc_LAW_116964/
 * - ПП РФ от 30.08.2017 № 1042 (штрафы, пени по контракту) — https://www.consultant.ru/document/cons_doc_LAW_275329/
 * - Минстрой России, письмо от 16.05.2022 № 21357-ВК/08 on ч. 13.1 ст. 34 44-ФЗ (срок оплаты) —
 *   http://consultant.ru/document/cons_doc_LAW_420699
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
import { BUILTIN_TEMPLATE_FILES, DOCX_TEMPLATES_DIR, type BuiltinTemplateFile } from '../../server/src/formats/docx/builtin-templates';

type Law = '223' | '44';
type Subject = 'goods' | 'works' | 'services';

/** A placeholder tag. */
const v = (name: string): string => `{${name}}`;

/** Text printed only when the field has a value: an optional block without data is left out. */
const when = (name: string, text: string): string => `{#${name}}${text}{/${name}}`;
/** Text printed only when the field has no value: the statement the law wants when nothing is set. */
const unless = (name: string, text: string): string => `{^${name}}${text}{/${name}}`;

/** A multi-line text field as its own paragraph (left-aligned: justified lines ending in breaks stretch). */
const textBlock = (name: string): string => p(v(name), { indentFirstLine: 709, align: 'left' });
/** An optional multi-line field: its paragraph, or the statement when it is empty. */
const textOr = (name: string, statement: string): string =>
  p(`${when(name, v(name))}${unless(name, statement)}`, { indentFirstLine: 709, align: 'left' });

const LAW_223 = 'Федеральным законом от 18.07.2011 № 223-ФЗ «О закупках товаров, работ, услуг отдельными видами юридических лиц»';
const LAW_44 =
  'Федеральным законом от 05.04.2013 № 44-ФЗ «О контрактной системе в сфере закупок товаров, работ, услуг для обеспечения государственных и муниципальных нужд»';
const EIS = 'единой информационной системе в сфере закупок (www.zakupki.gov.ru, далее — ЕИС)';

/** The words a contract and its specification use for what is bought: goods, works, services. */
interface Words {
  party: string;
  partyGen: string;
  partyDat: string;
  object: string;
  objectGen: string;
  obligation: string;
  place: string;
  terms: string;
  acceptanceDoc: string;
  nameColumn: string;
  specTitle: string;
  techSpecTitle: string;
}

const WORDS: Record<Subject, Words> = {
  goods: {
    party: 'Поставщик',
    partyGen: 'Поставщика',
    partyDat: 'Поставщику',
    object: 'Товар',
    objectGen: 'Товара',
    obligation:
      'поставить Товар в количестве, ассортименте и по ценам, указанным в Спецификации, а Заказчик обязуется принять и оплатить Товар',
    place: 'Место поставки Товара',
    terms: 'Сроки (периоды) поставки Товара',
    acceptanceDoc: 'документ о приёмке Товара',
    nameColumn: 'Наименование товара',
    specTitle: 'Спецификация',
    techSpecTitle: 'Техническое задание',
  },
  works: {
    party: 'Подрядчик',
    partyGen: 'Подрядчика',
    partyDat: 'Подрядчику',
    object: 'Работы',
    objectGen: 'Работ',
    obligation:
      'выполнить Работы в объёме, в сроки и в соответствии с требованиями Технического задания и сдать их результат Заказчику, а Заказчик обязуется принять результат Работ и оплатить его',
    place: 'Место выполнения Работ',
    terms: 'Сроки выполнения Работ',
    acceptanceDoc: 'акт о приёмке выполненных Работ',
    nameColumn: 'Наименование работ',
    specTitle: 'Ведомость объёмов и стоимости работ',
    techSpecTitle: 'Техническое задание на выполнение работ',
  },
  services: {
    party: 'Исполнитель',
    partyGen: 'Исполнителя',
    partyDat: 'Исполнителю',
    object: 'Услуги',
    objectGen: 'Услуг',
    obligation:
      'оказать Услуги в объёме, в сроки и в соответствии с требованиями Технического задания, а Заказчик обязуется принять оказанные Услуги и оплатить их',
    place: 'Место оказания Услуг',
    terms: 'Сроки (периоды) оказания Услуг',
    acceptanceDoc: 'акт об оказании Услуг',
    nameColumn: 'Наименование услуг',
    specTitle: 'Перечень и стоимость услуг',
    techSpecTitle: 'Техническое задание на оказание услуг',
  },
};

// ---- shared blocks -------------------------------------------------------------------------------------------

/** Two-column table of the customer's requisites; the ОГРН row only when there is one. */
function customerRequisitesTable(width: number): string {
  const first = Math.round(width * 0.35);
  const rows: RowSpec[] = [
    { cells: [{ content: 'Полное наименование', bold: true }, v('customerName')] },
    { cells: [{ content: 'ИНН / КПП', bold: true }, `${v('customerInn')}${when('customerKpp', ` / ${v('customerKpp')}`)}`] },
    { cells: [{ content: `${'{#customerOgrn}'}ОГРН`, bold: true }, `${v('customerOgrn')}{/customerOgrn}`] },
    { cells: [{ content: 'Место нахождения', bold: true }, v('customerAddress')] },
    { cells: [{ content: 'Почтовый адрес', bold: true }, v('customerPostalAddress')] },
    { cells: [{ content: 'Адрес электронной почты', bold: true }, v('customerEmail')] },
    { cells: [{ content: 'Номер контактного телефона', bold: true }, v('customerPhone')] },
    { cells: [{ content: 'Ответственное должностное лицо', bold: true }, v('contactPerson')] },
  ];
  return table([first, width - first], rows);
}

/**
 * The signature block every document ends with: the signer's position, the place of the signature, the name, and the
 * basis of the signer's authority. The signer is the company's active contact unless the form names another.
 */
function signatureBlock(width: number, caption = 'Подписал:'): string {
  const a = Math.round(width * 0.45);
  const c = Math.round(width * 0.25);
  return [
    empty(),
    p(caption, { bold: true, keepNext: true }),
    table(
      [a, c, width - a - c],
      [{ cells: [v('signerPosition'), { content: '(подпись)', align: 'center' }, { content: v('signerName'), align: 'right' }] }],
      { borders: false, fontSize: 12 },
    ),
    p(['Действует на основании ', v('signerBasis')], { size: 11 }),
  ].join('');
}

/** "УТВЕРЖДАЮ" block in the upper right corner (223-ФЗ: the documentation is approved by the customer). */
function approvalBlock(width: number): string {
  const left = Math.round(width * 0.5);
  return table(
    [left, width - left],
    [
      {
        cells: ['', { content: [[b('УТВЕРЖДАЮ')], [v('approvedByPosition')], [`(подпись) ${v('approvedByName')}`], [v('approvalDate')]] }],
      },
    ],
    { borders: false, fontSize: 12 },
  );
}

/** A numbered table row for the notices; `opt` names the field whose absence removes the row. */
function rowMaker() {
  const row = (num: string, label: string, value: Inline | Inline[] | Inline[][], opt?: string): RowSpec => ({
    cells: opt
      ? [{ content: `{#${opt}}${num}`, align: 'center' }, label, { content: [[...(value as Inline[]), `{/${opt}}`]] }]
      : [{ content: num, align: 'center' }, label, { content: value }],
  });
  const section = (num: string, label: string): RowSpec => ({
    cells: [
      { content: num, align: 'center', bold: true },
      { content: label, span: 2, bold: true },
    ],
    shade: 'F2F2F2',
  });
  return { row, section };
}

// ---- Извещение ---------------------------------------------------------------------------------------------------

function notice223(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const { row, section } = rowMaker();
  // ч. 9 ст. 4 Закона № 223-ФЗ: what the notice of a competitive purchase states, in its order
  const rows: RowSpec[] = [
    { cells: ['№ п/п', 'Наименование пункта', 'Содержание'], header: true },
    row('1', 'Способ осуществления закупки (п. 1 ч. 9 ст. 4)', v('procurementMethod')),
    row('2', 'Номер извещения', v('procurementNumber')),
    row('3', 'Дата размещения извещения в ЕИС', v('publicationDate')),
    section('4', 'Сведения о заказчике (п. 2 ч. 9 ст. 4)'),
    row('4.1', 'Наименование заказчика', v('customerName')),
    row('4.2', 'ИНН / КПП', `${v('customerInn')}${when('customerKpp', ` / ${v('customerKpp')}`)}`),
    row('4.3', 'ОГРН', [v('customerOgrn')], 'customerOgrn'),
    row('4.4', 'Место нахождения', v('customerAddress')),
    row('4.5', 'Почтовый адрес', v('customerPostalAddress')),
    row('4.6', 'Адрес электронной почты', v('customerEmail')),
    row('4.7', 'Номер контактного телефона', v('customerPhone')),
    row('4.8', 'Контактное лицо', v('contactPerson')),
    section('5', 'Предмет договора (п. 3 ч. 9 ст. 4)'),
    row('5.1', 'Наименование предмета договора (закупки)', v('procurementTitle')),
    row('5.2', 'Количество поставляемого товара, объём выполняемых работ, оказываемых услуг, краткое описание предмета закупки', [
      [v('subjectDescription')],
      ['Подробное описание приведено в техническом задании (в составе документации о закупке).'],
    ]),
    row('5.3', 'Код(ы) по ОКПД2', v('okpd2')),
    row('5.4', 'Код(ы) по ОКВЭД2', [v('okved2')], 'okved2'),
    row('5.5', 'Место поставки товара, выполнения работ, оказания услуг (п. 4 ч. 9 ст. 4)', v('deliveryPlace')),
    row('5.6', 'Сроки (периоды) поставки товара, выполнения работ, оказания услуг', v('deliveryTerms')),
    section('6', 'Начальная (максимальная) цена договора (п. 5 ч. 9 ст. 4)'),
    row('6.1', 'Начальная (максимальная) цена договора', [[v('nmcd')], [when('nmcdInWords', `(${v('nmcdInWords')})`)]]),
    row('6.2', 'Валюта', v('currency')),
    row('6.3', 'Налог на добавленную стоимость', v('nmcdVatNote')),
    row('6.4', 'Метод определения и обоснования НМЦД', [[v('nmcdMethod')], ['Обоснование НМЦД приведено в документации о закупке.']]),
    section('7', 'Документация, подача заявок, подведение итогов'),
    row(
      '7.1',
      'Срок, место и порядок предоставления документации о закупке, плата за её предоставление (п. 6 ч. 9 ст. 4)',
      `Документация о закупке размещена в ${EIS} одновременно с настоящим извещением и доступна для ознакомления без ограничений. Плата за предоставление документации не взимается.`,
    ),
    row(
      '7.2',
      'Наименование и адрес электронной площадки в сети «Интернет»',
      [v('platformName'), when('platformUrl', ` (${v('platformUrl')})`)],
      'platformName',
    ),
    row('7.3', 'Дата начала срока подачи заявок (п. 7 ч. 9 ст. 4)', v('applicationStartDate')),
    row(
      '7.4',
      'Дата и время окончания срока подачи заявок',
      `${v('applicationDeadline')} ${v('applicationDeadlineTime')} (время московское)`,
    ),
    row('7.5', 'Дата рассмотрения заявок', v('reviewDate')),
    row('7.6', 'Дата подведения итогов закупки', v('summingUpDate')),
    row('7.7', 'Порядок подведения итогов закупки (п. 7 ч. 9 ст. 4)', [v('summingUpProcedure')], 'summingUpProcedure'),
    section('8', 'Обеспечение, требования, иные сведения'),
    // п. 8–10 ч. 9 ст. 4 (ред. с 2018 г.): обеспечение заявки и исполнения договора, если они требуются
    row('8.1', 'Обеспечение заявки на участие в закупке', v('applicationSecurity')),
    row('8.2', 'Обеспечение исполнения договора', v('contractSecurity')),
    row('8.3', 'Требования к участникам закупки', v('participantRequirements')),
    // ч. 8 ст. 3 Закона № 223-ФЗ и ПП РФ от 11.12.2014 № 1352: участие субъектов МСП
    row('8.4', 'Участие субъектов малого и среднего предпринимательства', v('smeParticipation')),
    // ч. 8 ст. 3 Закона № 223-ФЗ (национальный режим): the notice says whether it applies
    row(
      '8.5',
      'Национальный режим, приоритет товаров российского происхождения',
      `${when('nationalRegime', v('nationalRegime'))}${unless('nationalRegime', 'Не установлены')}`,
    ),
    row('8.6', 'Источник финансирования', v('fundingSource')),
    row('8.7', 'Иные сведения, предусмотренные Положением о закупке', [v('otherInfo')], 'otherInfo'),
  ];
  return [
    title('Извещение'),
    p(`о проведении закупки № ${v('procurementNumber')}`, { align: 'center', bold: true }),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 240 }),
    para(
      `Закупка осуществляется в соответствии с ${LAW_223} (далее — Закон № 223-ФЗ) и ${v('procurementRuleTitle')} (далее — Положение о закупке).`,
      {
        spacingAfter: 120,
      },
    ),
    table([680, 3300, w - 680 - 3300], rows),
    signatureBlock(w),
  ].join('');
}

function notice44(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const { row, section } = rowMaker();
  // ч. 1 ст. 42 Закона № 44-ФЗ: what the notice of an electronic procedure states
  const rows: RowSpec[] = [
    { cells: ['№ п/п', 'Наименование пункта', 'Содержание'], header: true },
    section('1', 'Сведения о заказчике (ч. 1 ст. 42)'),
    row('1.1', 'Наименование заказчика', v('customerName')),
    row('1.2', 'ИНН / КПП', `${v('customerInn')}${when('customerKpp', ` / ${v('customerKpp')}`)}`),
    row('1.3', 'Место нахождения', v('customerAddress')),
    row('1.4', 'Почтовый адрес', v('customerPostalAddress')),
    row('1.5', 'Адрес электронной почты', v('customerEmail')),
    row('1.6', 'Номер контактного телефона', v('customerPhone')),
    row('1.7', 'Ответственное должностное лицо заказчика', v('contactPerson')),
    section('2', 'Сведения о закупке'),
    row('2.1', 'Способ определения поставщика (подрядчика, исполнителя) (ст. 24)', v('procurementMethod')),
    row('2.2', 'Номер извещения', v('procurementNumber')),
    // ст. 23 Закона № 44-ФЗ: ИКЗ указывается в извещении и в контракте
    row('2.3', 'Идентификационный код закупки (ст. 23)', v('ikz')),
    row('2.4', 'Наименование объекта закупки', v('procurementTitle')),
    row('2.5', 'Краткое описание объекта закупки (полное — в описании объекта закупки, ст. 33)', v('subjectDescription')),
    row('2.6', 'Код(ы) по ОКПД2', v('okpd2')),
    row('2.7', 'Место поставки товара, выполнения работы, оказания услуги', v('deliveryPlace')),
    row('2.8', 'Сроки поставки товара, выполнения работы, оказания услуги', v('deliveryTerms')),
    section('3', 'Начальная (максимальная) цена контракта'),
    // ст. 22 Закона № 44-ФЗ: НМЦК и её обоснование — приложение к извещению
    row('3.1', 'Начальная (максимальная) цена контракта', [[v('nmcd')], [when('nmcdInWords', `(${v('nmcdInWords')})`)]]),
    row('3.2', 'Валюта', v('currency')),
    row('3.3', 'Налог на добавленную стоимость', v('nmcdVatNote')),
    row('3.4', 'Источник финансирования', v('fundingSource')),
    section('4', 'Подача заявок и подведение итогов'),
    row('4.1', 'Электронная площадка', [v('platformName'), when('platformUrl', ` (${v('platformUrl')})`)], 'platformName'),
    row('4.2', 'Дата размещения извещения в ЕИС', v('publicationDate')),
    row(
      '4.3',
      'Дата и время окончания срока подачи заявок',
      `${v('applicationDeadline')} ${v('applicationDeadlineTime')} (время московское)`,
    ),
    row('4.4', 'Дата подведения итогов определения поставщика (подрядчика, исполнителя)', v('summingUpDate')),
    section('5', 'Требования, преимущества, обеспечение'),
    // ч. 1 ст. 31 Закона № 44-ФЗ: единые требования к участникам
    row('5.1', 'Требования к участникам закупки (ч. 1 ст. 31)', v('participantRequirements')),
    // п. 1 ч. 1 ст. 30 Закона № 44-ФЗ: закупка у СМП и СОНКО — или «не установлено»
    row('5.2', 'Ограничение участия: субъекты малого предпринимательства, СОНКО (ст. 30)', v('smpAdvantage')),
    // ст. 14 Закона № 44-ФЗ: национальный режим — запреты, ограничения, преимущества
    row('5.3', 'Национальный режим (ст. 14)', v('nationalRegimeStatement')),
    // ст. 44 Закона № 44-ФЗ: обеспечение заявки
    row('5.4', 'Размер и порядок внесения обеспечения заявки (ст. 44)', v('applicationSecurity')),
    // ст. 96 Закона № 44-ФЗ: обеспечение исполнения контракта
    row('5.5', 'Размер и порядок предоставления обеспечения исполнения контракта (ст. 96)', v('contractSecurity')),
    row('5.6', 'Иные сведения', [v('otherInfo')], 'otherInfo'),
  ];
  return [
    title('Извещение'),
    p(`об осуществлении закупки № ${v('procurementNumber')}`, { align: 'center', bold: true }),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 240 }),
    para(`Закупка осуществляется в соответствии с ${LAW_44} (далее — Закон № 44-ФЗ).`, { spacingAfter: 120 }),
    table([680, 3300, w - 680 - 3300], rows),
    // ч. 2 ст. 42 Закона № 44-ФЗ: the notice's attachments
    p('Приложения к извещению (ч. 2 ст. 42 Закона № 44-ФЗ):', { bold: true, spacingBefore: 120 }),
    p('1. Описание объекта закупки (ст. 33 Закона № 44-ФЗ).'),
    p('2. Обоснование начальной (максимальной) цены контракта (ст. 22 Закона № 44-ФЗ).'),
    p('3. Требования к содержанию, составу заявки на участие в закупке и инструкция по её заполнению (ст. 43 Закона № 44-ФЗ).'),
    p('4. Проект контракта (ст. 34 Закона № 44-ФЗ).'),
    signatureBlock(w),
  ].join('');
}

// ---- Документация (223) / Требования к заявке (44) -------------------------------------------------------------

function documentation223(): string {
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
      `Настоящая документация о закупке разработана в соответствии с ${LAW_223} (далее — Закон № 223-ФЗ) и ${v('procurementRuleTitle')} (далее — Положение о закупке).`,
    ),
    clause('1.2.', 'Сведения о заказчике:'),
    customerRequisitesTable(w),
    clause(
      '1.3.',
      `Извещение о закупке, документация, изменения и разъяснения к ним, протоколы размещаются в ${EIS} (ч. 5 ст. 4 Закона № 223-ФЗ).${when('platformName', ` Закупка проводится на электронной площадке ${v('platformName')}${when('platformUrl', ` (${v('platformUrl')})`)}.`)}`,
      { spacingBefore: 120 },
    ),
    clause('1.4.', 'Документация предоставляется без взимания платы.'),
    clause('1.5.', ['Участие субъектов малого и среднего предпринимательства: ', v('smeParticipation')]),

    // ч. 10 ст. 4 Закона № 223-ФЗ: what the documentation states
    h1('2. Предмет закупки'),
    clause('2.1.', ['Предмет договора: ', v('procurementTitle')]),
    clause('2.2.', ['Код(ы) по ОКПД2: ', v('okpd2'), when('okved2', `; по ОКВЭД2: ${v('okved2')}`)]),
    clause(
      '2.3.',
      'Требования к безопасности, качеству, техническим и функциональным характеристикам товара, работ, услуг, к результатам работ и иные требования, связанные с определением соответствия поставляемого товара, выполняемых работ, оказываемых услуг потребностям заказчика, установлены в техническом задании (приложение № 1). Описание предмета закупки составлено в соответствии с ч. 6.1 ст. 3 Закона № 223-ФЗ (п. 1 ч. 10 ст. 4).',
    ),
    clause(
      '2.4.',
      'Требования к описанию участниками закупки поставляемого товара, выполняемых работ, оказываемых услуг (п. 3 ч. 10 ст. 4):',
    ),
    textBlock('goodsDescriptionRequirements'),
    clause('2.5.', ['Место поставки товара, выполнения работ, оказания услуг: ', v('deliveryPlace')]),
    clause('2.6.', 'Сроки (периоды) поставки товара, выполнения работ, оказания услуг:'),
    textBlock('deliveryTerms'),
    clause('2.7.', 'Национальный режим, приоритет товаров российского происхождения:'),
    textOr('nationalRegime', 'Не установлены.'),

    h1('3. Начальная (максимальная) цена договора, порядок оплаты'),
    clause('3.1.', [
      'Начальная (максимальная) цена договора (п. 5 ч. 10 ст. 4): ',
      v('nmcd'),
      when('nmcdInWords', ` (${v('nmcdInWords')})`),
      '.',
    ]),
    clause('3.2.', ['Валюта договора: ', v('currency')]),
    clause('3.3.', ['Налог на добавленную стоимость: ', v('nmcdVatNote')]),
    clause('3.4.', ['Метод определения и обоснования начальной (максимальной) цены договора: ', v('nmcdMethod')]),
    clause('3.5.', 'Обоснование начальной (максимальной) цены договора приведено в приложении № 3.'),
    clause('3.6.', 'Форма, сроки и порядок оплаты (п. 6 ч. 10 ст. 4):'),
    textBlock('paymentTerms'),
    clause('3.7.', ['Источник финансирования: ', v('fundingSource')]),

    h1('4. Требования к участникам закупки'),
    clause(
      '4.1.',
      'Участником закупки может быть любое юридическое лицо или несколько юридических лиц, выступающих на стороне одного участника закупки, любое физическое лицо или несколько физических лиц, выступающих на стороне одного участника закупки, в том числе индивидуальный предприниматель (ч. 5 ст. 3 Закона № 223-ФЗ).',
    ),
    clause(
      '4.2.',
      'Сведения об участнике закупки не должны содержаться в реестре недобросовестных поставщиков, предусмотренном статьёй 5 Закона № 223-ФЗ, и в реестре недобросовестных поставщиков (подрядчиков, исполнителей), предусмотренном законодательством о контрактной системе.',
    ),
    clause(
      '4.3.',
      'Требования к участникам закупки и перечень документов, подтверждающих соответствие этим требованиям (п. 9 ч. 10 ст. 4):',
    ),
    textBlock('participantRequirements'),

    h1('5. Подача заявок'),
    clause('5.1.', 'Требования к содержанию, форме, оформлению и составу заявки на участие в закупке (п. 2 ч. 10 ст. 4):'),
    textBlock('applicationContentRequirements'),
    clause('5.2.', ['Извещение о закупке размещено в ЕИС: ', v('publicationDate'), '.']),
    clause('5.3.', ['Дата начала срока подачи заявок: ', v('applicationStartDate'), '.']),
    clause('5.4.', [
      'Дата и время окончания срока подачи заявок: ',
      v('applicationDeadline'),
      ', ',
      v('applicationDeadlineTime'),
      ' (время московское).',
    ]),
    clause(
      '5.5.',
      'Участник закупки вправе направить запрос о даче разъяснений положений извещения и (или) документации. Разъяснения размещаются в ЕИС в течение трёх рабочих дней с даты поступления запроса (ч. 3 ст. 3.2 Закона № 223-ФЗ).',
    ),

    h1('6. Рассмотрение, оценка и сопоставление заявок'),
    clause('6.1.', ['Дата рассмотрения заявок: ', v('reviewDate'), '.']),
    clause('6.2.', ['Дата подведения итогов закупки: ', v('summingUpDate'), '.']),
    clause('6.3.', 'Критерии оценки заявок и их значимость (п. 13 ч. 10 ст. 4):', { keepNext: true }),
    table(criteriaWidths, [
      { cells: ['№ п/п', 'Критерий оценки', 'Значимость критерия, %', 'Содержание и порядок оценки'], header: true },
      {
        cells: [
          { content: `{#criteria}${v('index')}`, align: 'center' },
          v('name'),
          { content: v('weight'), align: 'center' },
          `${when('description', v('description'))}{/criteria}`,
        ],
      },
    ]),
    clause('6.4.', 'Порядок оценки и сопоставления заявок (п. 14 ч. 10 ст. 4):', { spacingBefore: 120 }),
    textBlock('evaluationProcedure'),
    clause(
      '6.5.',
      'Протоколы, составляемые в ходе закупки, размещаются в ЕИС не позднее чем через три дня со дня их подписания (ч. 12 ст. 4 Закона № 223-ФЗ).',
    ),

    h1('7. Обеспечение заявки и обеспечение исполнения договора'),
    clause('7.1.', 'Размер, порядок и срок предоставления обеспечения заявки (п. 15 ч. 10 ст. 4):'),
    textBlock('applicationSecurity'),
    clause('7.2.', 'Размер, порядок и срок предоставления обеспечения исполнения договора:'),
    textBlock('contractSecurity'),

    h1('8. Заключение договора'),
    clause(
      '8.1.',
      'Договор заключается на условиях извещения, документации и заявки участника, с которым заключается договор, по цене, предложенной таким участником.',
    ),
    clause('8.2.', 'Срок и порядок заключения договора:'),
    textBlock('contractConclusionTerms'),
    clause(
      '8.3.',
      'Сведения о заключённом договоре вносятся в реестр договоров в ЕИС в течение пяти рабочих дней со дня его заключения (ч. 2 ст. 4.1 Закона № 223-ФЗ).',
    ),
    when('otherInfo', `${h1('9. Иные сведения')}${textBlock('otherInfo')}`),

    h1('Приложения'),
    p('1. Техническое задание.'),
    p('2. Проект договора.'),
    p('3. Обоснование начальной (максимальной) цены договора.'),
    signatureBlock(w),
  ].join('');
}

function documentation44(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  return [
    title('Требования к содержанию, составу заявки на участие в закупке и инструкция по её заполнению'),
    p(`Приложение к извещению об осуществлении закупки № ${v('procurementNumber')}`, { align: 'center', bold: true }),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 240 }),
    para(
      `Настоящие требования составлены в соответствии со статьёй 43 ${LAW_44.replace('Федеральным законом', 'Федерального закона')} (далее — Закон № 44-ФЗ).`,
    ),
    p(['Заказчик: ', v('customerName'), '. Способ определения поставщика (подрядчика, исполнителя): ', v('procurementMethod'), '.']),
    h1('1. Состав заявки (ч. 1 ст. 43 Закона № 44-ФЗ)'),
    clause('1.1.', 'Заявка на участие в закупке содержит:'),
    clause('', 'а) информацию и документы об участнике закупки (п. 1 ч. 1 ст. 43);'),
    clause(
      '',
      'б) предложение участника закупки в отношении объекта закупки, в том числе характеристики и страну происхождения товара (п. 2 ч. 1 ст. 43);',
    ),
    clause(
      '',
      'в) документы, подтверждающие соответствие участника единым требованиям (ч. 1 ст. 31) и, при их установлении, дополнительным требованиям (ч. 2 ст. 31);',
    ),
    clause('', 'г) ценовое предложение, подаваемое в порядке, установленном Законом № 44-ФЗ для способа закупки.'),
    clause('1.2.', 'Требования к содержанию и составу заявки, установленные заказчиком:'),
    textBlock('applicationContentRequirements'),
    h1('2. Требования к участникам закупки'),
    textBlock('participantRequirements'),
    // п. 1 ч. 1 ст. 30 Закона № 44-ФЗ: whether only СМП and СОНКО take part
    clause('2.1.', ['Ограничение участия субъектами малого предпринимательства и СОНКО (ст. 30): ', v('smpAdvantage')]),
    // ст. 14 Закона № 44-ФЗ: the national regime and the documents that confirm the country of origin
    clause('2.2.', ['Национальный режим (ст. 14): ', v('nationalRegimeStatement')]),
    h1('3. Инструкция по заполнению заявки'),
    clause(
      '3.1.',
      'Заявка подаётся в форме электронного документа на электронной площадке и подписывается усиленной квалифицированной электронной подписью лица, имеющего право действовать от имени участника закупки (ч. 1 ст. 43).',
    ),
    clause(
      '3.2.',
      'Характеристики предлагаемого товара указываются по каждому показателю описания объекта закупки в конкретных значениях, если описание не допускает диапазона.',
    ),
    clause('3.3.', 'Требования к описанию участником предлагаемого товара, работы, услуги:'),
    textBlock('goodsDescriptionRequirements'),
    h1('4. Сроки'),
    clause('4.1.', [
      'Дата и время окончания срока подачи заявок: ',
      v('applicationDeadline'),
      ', ',
      v('applicationDeadlineTime'),
      ' (время московское).',
    ]),
    clause('4.2.', ['Дата подведения итогов определения поставщика (подрядчика, исполнителя): ', v('summingUpDate'), '.']),
    when('otherInfo', `${h1('5. Иные сведения')}${textBlock('otherInfo')}`),
    signatureBlock(w),
  ].join('');
}

// ---- Проект договора (223) / контракта (44) --------------------------------------------------------------------

function requisitesCell(party: 'customer' | 'supplier', word: Words, doc: string): Inline[][] {
  if (party === 'customer')
    return [
      [b('Заказчик')],
      [v('customerName')],
      [`ИНН ${v('customerInn')}${when('customerKpp', `, КПП ${v('customerKpp')}`)}`],
      [when('customerOgrn', `ОГРН ${v('customerOgrn')}`)],
      [`Место нахождения: ${v('customerAddress')}`],
      [`Почтовый адрес: ${v('customerPostalAddress')}`],
      [when('customerEmail', `Эл. почта: ${v('customerEmail')}`)],
      [when('customerPhone', `Тел.: ${v('customerPhone')}`)],
      [v('customerBankDetails')],
      [''],
      [v('signerPosition')],
      [`(подпись) / ${v('signerName')}`],
    ];
  return [
    [b(word.party)],
    // the counterparty is not known before the purchase ends: its requisites are those of the winner's application
    [
      `${when('supplierName', v('supplierName'))}${unless('supplierName', `Реквизиты ${word.partyGen} указываются по заявке участника, с которым заключается ${doc.toLowerCase()}`)}`,
    ],
    [when('supplierInn', `ИНН ${v('supplierInn')}${when('supplierKpp', `, КПП ${v('supplierKpp')}`)}`)],
    [when('supplierAddress', `Место нахождения: ${v('supplierAddress')}`)],
    [when('supplierBankDetails', v('supplierBankDetails'))],
    [''],
    [when('supplierSignerPosition', v('supplierSignerPosition'))],
    [`(подпись) ${when('supplierSignerName', `/ ${v('supplierSignerName')}`)}`],
  ];
}

function specificationTable(word: Words): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const widths = [500, 2655, 1350, 800, 1100, 1400, w - 500 - 2655 - 1350 - 800 - 1100 - 1400];
  return [
    table(widths, [
      { cells: ['№ п/п', word.nameColumn, 'Код ОКПД2', 'Ед. изм.', 'Количество', 'Цена за единицу', 'Стоимость'], header: true },
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
    // the unit price is rounded to kopecks; the row's sum is the card's and may not be that price times the quantity
    when('roundingNote', p(v('roundingNote'), { size: 10, spacingBefore: 60 })),
  ].join('');
}

/** The stages of works or services: the loop, or the statement that there is one stage. */
function stagesBlock(num: string, word: Words): string {
  const left = { indentFirstLine: 709, align: 'left' as const };
  // the section tags stand in paragraphs of their own, so the paragraphs go away with the section (paragraphLoop)
  return [
    clause(num, `Этапы исполнения ${word.object === 'Работы' ? 'Работ' : 'Услуг'}:`),
    p('{#stages}'),
    p(`Этап ${v('index')}. ${v('name')}: срок — ${v('term')}${when('result', `; результат — ${v('result')}`)}.`, left),
    p('{/stages}'),
    p('{^stages}'),
    p(`${word.object} выполняются (оказываются) в один этап; результат принимается по ${word.acceptanceDoc.replace('акт', 'акту')}.`, left),
    p('{/stages}'),
  ].join('');
}

function draftContract(law: Law, subject: Subject): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const half = Math.round(w / 2);
  const word = WORDS[subject];
  const is44 = law === '44';
  const doc = is44 ? 'Контракт' : 'Договор';
  const docGen = is44 ? 'Контракта' : 'Договора';
  const lawRef = is44 ? 'Закона № 44-ФЗ' : 'Закона № 223-ФЗ';
  const goods = subject === 'goods';
  const out: string[] = [
    title(`${doc} № ${when('contractNumber', v('contractNumber'))}${unless('contractNumber', '(присваивается при заключении)')}`),
    p(v('procurementTitle'), { align: 'center', spacingAfter: 60 }),
    is44 ? p(['Идентификационный код закупки: ', v('ikz')], { align: 'center', spacingAfter: 120 }) : '',
    table(
      [half, w - half],
      [
        {
          cells: [
            v('contractCity'),
            { content: `${when('contractDate', v('contractDate'))}${unless('contractDate', 'Дата — по подписании')}`, align: 'right' },
          ],
        },
      ],
      {
        borders: false,
        fontSize: 12,
      },
    ),
    para(
      `${v('customerName')}, именуемое в дальнейшем «Заказчик», в лице ${v('signerInPreamble')}, действующего на основании ${v('signerBasis')}, с одной стороны, и ${when('supplierName', v('supplierName'))}${unless('supplierName', 'участник закупки, с которым заключается ' + doc.toLowerCase())}, именуемый в дальнейшем «${word.party}»${when('supplierSignerInPreamble', `, в лице ${v('supplierSignerInPreamble')}, действующего на основании ${v('supplierSignerBasis')}`)}, с другой стороны, совместно именуемые «Стороны», по результатам закупки № ${v('procurementNumber')} (способ: ${v('procurementMethod')}), проведённой в соответствии с ${is44 ? LAW_44 : LAW_223} (далее — ${lawRef.replace('Закона', 'Закон')})${when('protocolReference', `, на основании ${v('protocolReference')}`)}, заключили настоящий ${doc.toLowerCase()} (далее — ${doc}) о нижеследующем:`,
      { spacingBefore: 120 },
    ),
    h1(`1. Предмет ${docGen}`),
    clause(
      '1.1.',
      `${word.party} обязуется ${word.obligation} в порядке и на условиях ${docGen}. Предмет ${docGen}: ${v('procurementTitle')}.`,
    ),
    clause(
      '1.2.',
      `Наименование, количество${goods ? ', ассортимент' : ', объём'} и цена ${word.objectGen} указаны в приложении № 1 «${word.specTitle}», требования к ${goods ? 'Товару' : word.object === 'Работы' ? 'Работам и их результату' : 'Услугам'} — в приложении № 2 «${word.techSpecTitle}».`,
    ),
    h1(`2. Цена ${docGen} и порядок расчётов`),
    clause('2.1.', [
      `Цена ${docGen}: `,
      v('contractPrice'),
      when('contractPriceInWords', ` (${v('contractPriceInWords')})`),
      ', ',
      v('contractVatNote'),
      '.',
    ]),
    is44
      ? // ч. 2 ст. 34 Закона № 44-ФЗ: the price is firm for the whole term
        clause(
          '2.2.',
          'Цена Контракта является твёрдой и определяется на весь срок исполнения Контракта, за исключением случаев, установленных Законом № 44-ФЗ (ч. 2 ст. 34).',
        )
      : clause(
          '2.2.',
          `Цена Договора включает все расходы ${word.partyGen}, связанные с исполнением Договора, в том числе налоги, сборы и другие обязательные платежи.`,
        ),
    clause('2.3.', 'Форма, сроки и порядок оплаты:'),
    textBlock('paymentTerms'),
    is44
      ? // ч. 13.1 ст. 34 Закона № 44-ФЗ: оплата не позднее семи рабочих дней с даты подписания документа о приёмке
        clause(
          '2.4.',
          `Срок оплаты Заказчиком ${goods ? 'поставленного Товара' : subject === 'works' ? 'выполненных Работ (их результатов)' : 'оказанных Услуг'}, отдельных этапов исполнения Контракта составляет не более семи рабочих дней с даты подписания Заказчиком документа о приёмке (ч. 13.1 ст. 34 Закона № 44-ФЗ).`,
        )
      : '',
    clause(is44 ? '2.5.' : '2.4.', ['Источник финансирования: ', v('fundingSource')]),
    h1(
      `3. ${goods ? 'Сроки, место и условия поставки' : subject === 'works' ? 'Сроки и место выполнения Работ' : 'Сроки и место оказания Услуг'}`,
    ),
    clause('3.1.', [`${word.place}: `, v('deliveryPlace')]),
    clause('3.2.', `${word.terms}:`),
    textBlock('deliveryTerms'),
    goods ? '' : stagesBlock('3.3.', word),
    h1(`4. Порядок приёмки`),
    clause('4.1.', 'Порядок и срок приёмки:'),
    textBlock('acceptanceTerms'),
    is44
      ? // ст. 94 Закона № 44-ФЗ: приёмка, экспертиза, электронный документ о приёмке в ЕИС
        [
          clause(
            '4.2.',
            `Для проверки предоставленных ${word.party === 'Поставщик' ? 'Поставщиком' : word.party === 'Подрядчик' ? 'Подрядчиком' : 'Исполнителем'} результатов, предусмотренных Контрактом, Заказчик проводит экспертизу своими силами или с привлечением экспертов, экспертных организаций (ч. 3 ст. 94 Закона № 44-ФЗ).`,
          ),
          clause(
            '4.3.',
            'Приёмка оформляется электронным документом о приёмке, который формируется с использованием ЕИС и подписывается усиленными электронными подписями лиц, имеющих право действовать от имени Сторон (ч. 13 ст. 94 Закона № 44-ФЗ).',
          ),
        ].join('')
      : clause(
          '4.2.',
          `Приёмка оформляется: ${word.acceptanceDoc}, подписанным Сторонами. При выявлении недостатков Заказчик направляет ${word.partyDat} мотивированный отказ с перечнем недостатков.`,
        ),
    h1('5. Качество и гарантии'),
    clause(
      '5.1.',
      `Качество ${word.objectGen}${subject === 'works' ? ' и их результата' : ''} должно соответствовать требованиям приложения № 2 и обязательным требованиям, установленным законодательством Российской Федерации.`,
    ),
    // ч. 4 ст. 33 Закона № 44-ФЗ; гарантия — where the customer requires it, else the contract says there is none
    clause('5.2.', 'Гарантийные обязательства:'),
    textOr('warrantyTerms', 'Не установлены.'),
    h1(`6. Обеспечение исполнения ${docGen}`),
    is44
      ? // ст. 96 Закона № 44-ФЗ: размер, способ (независимая гарантия или денежные средства), срок
        [
          clause('6.1.', v('contractSecurity'), { align: 'left' }),
          clause(
            '6.2.',
            `Исполнение Контракта обеспечивается предоставлением независимой гарантии, соответствующей ст. 45 Закона № 44-ФЗ, или внесением денежных средств на указанный Заказчиком счёт; способ выбирает участник закупки, с которым заключается Контракт (ч. 3 ст. 96 Закона № 44-ФЗ).`,
          ),
        ].join('')
      : clause('6.1.', v('contractSecurity'), { align: 'left' }),
    h1('7. Ответственность Сторон'),
    ...(is44
      ? // ч. 4–8 ст. 34 Закона № 44-ФЗ; размеры штрафов — Правила, утверждённые ПП РФ от 30.08.2017 № 1042
        [
          clause(
            '7.1.',
            'За неисполнение или ненадлежащее исполнение обязательств, предусмотренных Контрактом, Стороны несут ответственность в соответствии с законодательством Российской Федерации и Контрактом (ч. 4 ст. 34 Закона № 44-ФЗ).',
          ),
          clause(
            '7.2.',
            `В случае просрочки исполнения Заказчиком обязательств ${word.party} вправе потребовать уплаты пени в размере одной трёхсотой действующей на дату уплаты пени ключевой ставки Центрального банка Российской Федерации от не уплаченной в срок суммы за каждый день просрочки (ч. 5 ст. 34 Закона № 44-ФЗ).`,
          ),
          clause(
            '7.3.',
            `В случае просрочки исполнения ${word.partyGen === 'Поставщика' ? 'Поставщиком' : word.partyGen === 'Подрядчика' ? 'Подрядчиком' : 'Исполнителем'} обязательств пеня начисляется за каждый день просрочки в размере одной трёхсотой действующей на дату уплаты пени ключевой ставки Центрального банка Российской Федерации от цены Контракта, уменьшенной на сумму, пропорциональную объёму исполненных обязательств (ч. 7 ст. 34 Закона № 44-ФЗ).`,
          ),
          clause(
            '7.4.',
            'Штрафы за неисполнение или ненадлежащее исполнение обязательств, не связанное с просрочкой, начисляются в размерах, определённых Правилами, утверждёнными постановлением Правительства Российской Федерации от 30.08.2017 № 1042, исходя из цены Контракта (ч. 5, 8 ст. 34 Закона № 44-ФЗ).',
          ),
          clause('7.5.', 'Общая сумма начисленных штрафов не может превышать цену Контракта (ПП РФ от 30.08.2017 № 1042).'),
        ]
      : [
          clause(
            '7.1.',
            'За неисполнение или ненадлежащее исполнение обязательств по Договору Стороны несут ответственность в соответствии с законодательством Российской Федерации и Договором.',
          ),
          clause(
            '7.2.',
            `В случае просрочки исполнения ${word.partyGen === 'Поставщика' ? 'Поставщиком' : word.partyGen === 'Подрядчика' ? 'Подрядчиком' : 'Исполнителем'} обязательств Заказчик вправе потребовать уплаты пени в размере 0,1 % от цены неисполненного в срок обязательства за каждый день просрочки.`,
          ),
          clause(
            '7.3.',
            `В случае просрочки оплаты ${word.party} вправе потребовать уплаты пени в размере одной трёхсотой действующей ключевой ставки Центрального банка Российской Федерации от не уплаченной в срок суммы за каждый день просрочки.`,
          ),
        ]),
    h1(`8. Срок действия, изменение и расторжение ${docGen}`),
    clause('8.1.', [`${doc} вступает в силу с даты его подписания Сторонами и действует до `, v('contractEndDate'), '.']),
    is44
      ? // ст. 95 Закона № 44-ФЗ: изменение существенных условий и односторонний отказ
        clause(
          '8.2.',
          'Изменение существенных условий Контракта допускается только в случаях, предусмотренных ст. 95 Закона № 44-ФЗ. Расторжение Контракта допускается по соглашению Сторон, по решению суда или в связи с односторонним отказом Стороны от исполнения Контракта в порядке ч. 8–26 ст. 95 Закона № 44-ФЗ.',
        )
      : clause(
          '8.2.',
          'Изменение существенных условий Договора допускается в случаях и порядке, предусмотренных Положением о закупке Заказчика, и оформляется дополнительным соглашением Сторон.',
        ),
    // ст. 103 Закона № 44-ФЗ — реестр контрактов; ст. 4.1 Закона № 223-ФЗ — реестр договоров
    clause(
      '8.3.',
      is44
        ? 'Информация о Контракте, его изменении и исполнении включается в реестр контрактов в соответствии со ст. 103 Закона № 44-ФЗ.'
        : 'Информация о Договоре, его изменении и исполнении размещается в реестре договоров в ЕИС в соответствии со ст. 4.1 Закона № 223-ФЗ.',
    ),
    h1('9. Споры'),
    clause('9.1.', 'Споры разрешаются путём переговоров, а при недостижении согласия — в арбитражном суде по месту нахождения Заказчика.'),
    h1('10. Адреса, реквизиты и подписи Сторон'),
    table(
      [half, w - half],
      [{ cells: [{ content: requisitesCell('customer', word, doc) }, { content: requisitesCell('supplier', word, doc) }] }],
      {
        borders: false,
        fontSize: 11,
      },
    ),
    p(`Приложение № 1 к ${doc === 'Контракт' ? 'Контракту' : 'Договору'}`, { align: 'right', pageBreakBefore: true, spacingAfter: 240 }),
    title(word.specTitle),
    specificationTable(word),
    p(
      [
        `Цена ${docGen}: `,
        v('contractPrice'),
        when('contractPriceInWords', ` (${v('contractPriceInWords')})`),
        ', ',
        v('contractVatNote'),
        '.',
      ],
      {
        spacingBefore: 120,
      },
    ),
    signatureBlock(w, 'От Заказчика:'),
  ];
  return out.join('');
}

// ---- Техническое задание (223) / Описание объекта закупки (44) ------------------------------------------------

function techSpec(law: Law, subject: Subject): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const word = WORDS[subject];
  const is44 = law === '44';
  const goods = subject === 'goods';
  const widths = [500, 2300, 1350, w - 500 - 2300 - 1350 - 900 - 1150, 900, 1150];
  const heading = is44 ? 'Описание объекта закупки' : word.techSpecTitle;
  return [
    is44 ? '' : approvalBlock(w),
    empty(),
    title(heading, { spacingBefore: 240 }),
    p(v('procurementTitle'), { align: 'center', bold: true, spacingAfter: 240 }),
    is44
      ? // ст. 33 Закона № 44-ФЗ: правила описания объекта закупки
        para(
          `Описание объекта закупки составлено в соответствии со ст. 33 ${LAW_44.replace('Федеральным законом', 'Федерального закона')} (далее — Закон № 44-ФЗ).`,
        )
      : para('Описание предмета закупки составлено в соответствии с ч. 6.1 ст. 3 Закона № 223-ФЗ.'),
    h1('1. Общие сведения'),
    clause('1.1.', [`Наименование объекта закупки: `, v('procurementTitle')]),
    clause('1.2.', ['Заказчик: ', v('customerName')]),
    clause('1.3.', ['Код(ы) по ОКПД2: ', v('okpd2'), when('okved2', `; по ОКВЭД2: ${v('okved2')}`)]),
    clause('1.4.', `Цель закупки и назначение ${goods ? 'товара' : subject === 'works' ? 'работ' : 'услуг'}:`),
    textBlock('purpose'),
    h1(goods ? '2. Количество и характеристики товара' : subject === 'works' ? '2. Состав и объём работ' : '2. Перечень и объём услуг'),
    clause(
      '2.1.',
      `${word.nameColumn}, количество (объём) и требования к функциональным, техническим и качественным характеристикам${is44 ? ' (п. 1 ч. 1 ст. 33 Закона № 44-ФЗ)' : ''}:`,
      { keepNext: true },
    ),
    table(widths, [
      { cells: ['№ п/п', word.nameColumn, 'Код ОКПД2', 'Характеристики', 'Ед. изм.', 'Количество'], header: true },
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
      is44
        ? 'Указание на товарные знаки сопровождается словами «или эквивалент», за исключением случаев, предусмотренных п. 1 ч. 1 ст. 33 Закона № 44-ФЗ. Показатели, позволяющие определить соответствие закупаемых товара, работы, услуги потребностям заказчика, указаны в таблице (ч. 2 ст. 33 Закона № 44-ФЗ).'
        : 'Если в описании предмета закупки указан товарный знак, такое указание сопровождается словами «или эквивалент», за исключением случаев, предусмотренных п. 3 ч. 6.1 ст. 3 Закона № 223-ФЗ.',
      { spacingBefore: 120 },
    ),
    goods ? '' : stagesBlock('2.3.', word),
    h1(
      goods
        ? '3. Требования к качеству и безопасности'
        : subject === 'works'
          ? '3. Требования к качеству работ и их результату'
          : '3. Требования к качеству услуг',
    ),
    textBlock('qualityRequirements'),
    goods
      ? `${h1('4. Требования к упаковке, маркировке и отгрузке')}${textOr('packagingRequirements', 'Упаковка и маркировка — заводские, обеспечивающие сохранность товара при перевозке и хранении.')}`
      : '',
    h1(`5. ${word.place}, сроки`),
    clause('5.1.', [`${word.place}: `, v('deliveryPlace')]),
    clause('5.2.', `${word.terms}:`),
    textBlock('deliveryTerms'),
    // ч. 4 ст. 33 Закона № 44-ФЗ: требования к гарантийному сроку — в случае необходимости
    h1('6. Требования к гарантийному сроку и объёму гарантий'),
    textOr('warrantyTerms', 'Не установлены.'),
    h1('7. Порядок приёмки'),
    textBlock('acceptanceTerms'),
    goods
      ? `${h1('8. Документы, передаваемые вместе с товаром')}${textOr('documentsWithGoods', 'Универсальный передаточный документ (или товарная накладная и счёт-фактура).')}`
      : '',
    signatureBlock(w, 'Составил:'),
  ].join('');
}

// ---- Обоснование НМЦД (223) / НМЦК (44) ------------------------------------------------------------------------

function nmcdJustification(law: Law): string {
  const w = LANDSCAPE_TEXT_WIDTH;
  const is44 = law === '44';
  const price = is44 ? 'контракта' : 'договора';
  const short = is44 ? 'НМЦК' : 'НМЦД';
  const sourceWidths = [900, 6000, w - 900 - 6000 - 2200, 2200];
  const itemWidths = [500, 3670, 1000, 1300, 1350, 1350, 1350, 1450, 1200, 1400];
  return [
    title(`Обоснование начальной (максимальной) цены ${price}`),
    p(v('procurementTitle'), { align: 'center', bold: true }),
    p(['Закупка № ', v('procurementNumber')], { align: 'center', spacingAfter: 240 }),
    is44
      ? // ст. 22 Закона № 44-ФЗ: методы определения и обоснования НМЦК
        para(
          `Обоснование составлено в соответствии со ст. 22 ${LAW_44.replace('Федеральным законом', 'Федерального закона')} (далее — Закон № 44-ФЗ).`,
        )
      : // ч. 10 ст. 4 Закона № 223-ФЗ: обоснование НМЦД — в составе документации
        para(
          `Обоснование составлено в соответствии с ч. 10 ст. 4 ${LAW_223.replace('Федеральным законом', 'Федерального закона')} (далее — Закон № 223-ФЗ) и ${v('procurementRuleTitle')}.`,
        ),
    clause('1.', ['Заказчик: ', v('customerName')]),
    clause('2.', ['Предмет закупки: ', v('procurementTitle')]),
    clause('3.', ['Код(ы) по ОКПД2: ', v('okpd2'), when('okved2', `; по ОКВЭД2: ${v('okved2')}`)]),
    clause('4.', [`Метод определения и обоснования ${short}${is44 ? ' (ч. 1 ст. 22 Закона № 44-ФЗ)' : ''}: `, v('nmcdMethod')]),
    clause('5.', 'Обоснование выбора метода:'),
    textBlock('nmcdMethodReason'),
    clause('6.', 'Источники ценовой информации:', { keepNext: true }),
    table(sourceWidths, [
      { cells: ['№ источника', 'Источник (поставщик, реестр контрактов, каталог)', 'Реквизиты', 'Дата предоставления'], header: true },
      {
        cells: [
          { content: `{#sources}${v('index')}`, align: 'center' },
          v('name'),
          when('reference', v('reference')),
          { content: `${v('date')}{/sources}`, align: 'center' },
        ],
      },
    ]),
    clause('7.', `Расчёт начальной (максимальной) цены ${price}:`, { keepNext: true, spacingBefore: 120 }),
    table(
      itemWidths,
      [
        {
          cells: [
            '№ п/п',
            'Наименование',
            'Ед. изм.',
            'Количество',
            'Цена за ед., источник № 1',
            'Цена за ед., источник № 2',
            'Цена за ед., источник № 3',
            'Средняя цена за ед.',
            'Коэффициент вариации, %',
            `${short} по позиции`,
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
            { content: `Итого начальная (максимальная) цена ${price}:`, span: 9, align: 'right', bold: true },
            { content: v('nmcd'), align: 'right', bold: true },
          ],
        },
      ],
      { fontSize: 9 },
    ),
    clause(
      '8.',
      is44
        ? 'Средняя цена единицы — среднее арифметическое цен единицы из источников ценовой информации (ч. 2 ст. 22 Закона № 44-ФЗ). Совокупность цен однородна, если коэффициент вариации не превышает 33 % (Методические рекомендации, утверждённые приказом Минэкономразвития России от 02.10.2013 № 567). Средняя цена приведена с округлением до копеек по правилам арифметики; НМЦК по позиции — произведение количества на среднюю цену.'
        : 'Средняя цена единицы — среднее арифметическое цен единицы из источников ценовой информации. Совокупность цен однородна, если коэффициент вариации не превышает 33 %. Средняя цена приведена с округлением до копеек по правилам арифметики; НМЦД по позиции — произведение количества на среднюю цену.',
      { spacingBefore: 120 },
    ),
    when('roundingNote', p(v('roundingNote'), { indentFirstLine: 709, align: 'left' })),
    clause('9.', [`Начальная (максимальная) цена ${price} составляет `, v('nmcd'), when('nmcdInWords', ` (${v('nmcdInWords')})`), '.']),
    clause('10.', ['Валюта: ', v('currency'), '. Налог на добавленную стоимость: ', v('nmcdVatNote'), '.']),
    clause('11.', ['Дата подготовки обоснования: ', v('calculationDate')]),
    signatureBlock(w, 'Составил:'),
  ].join('');
}

// ---- Протоколы закупки (223-ФЗ) -------------------------------------------------------------------------------

/** The procedure's protocols, beside the document kinds: filled by modules/procedure from a signed protocol's record. */
export const PROTOCOL_TEMPLATE_FILES = [
  { kind: 'review', file: '223/protocol-review.docx' },
  { kind: 'summary', file: '223/protocol-summary.docx' },
] as const;

/** The heading both protocols share: the customer, the purchase, the date of signing (п. 1 ч. 13, 14 ст. 3.2 223-ФЗ). */
function protocolHeading(name: string): string {
  return [
    title(name),
    p(['по закупке № ', v('procurementNumber'), ' «', v('procurementTitle'), '»'], { align: 'center' }),
    p(['Способ закупки: ', v('methodTitle')], { align: 'center' }),
    empty(),
    para(['Заказчик: ', v('customerName'), '.']),
    para(['Дата подписания протокола: ', v('signedOn'), '.']),
    para([`Закупка осуществляется в соответствии с ${LAW_223} и Положением о закупке заказчика.`]),
    para(['Начальная (максимальная) цена договора: ', v('nmcd'), '.']),
  ].join('');
}

/** The commission present and its quorum: the Положение sets the quorum (ч. 2 ст. 2 223-ФЗ). */
function protocolCommission(w: number): string {
  return [
    h1('Состав комиссии по осуществлению закупок'),
    table(
      [Math.round(w * 0.5), Math.round(w * 0.3), w - Math.round(w * 0.5) - Math.round(w * 0.3)],
      [
        { header: true, cells: ['Фамилия, имя, отчество', 'Роль', 'Присутствие'] },
        { cells: ['{#members}' + v('memberName'), v('memberRole'), v('memberPresent') + '{/members}'] },
      ],
    ),
    para(['Присутствуют ', v('presentCount'), ' из ', v('membersCount'), ' членов комиссии. ', v('quorumText')]),
  ].join('');
}

/** The applications received, each with the date and time of its registration (п. 2 ч. 13, 14 ст. 3.2 223-ФЗ). */
function protocolApplications(w: number): string {
  const c = [0.08, 0.32, 0.18, 0.22, 0.2].map((x) => Math.round(w * x));
  return [
    h1('Поданные заявки'),
    para(['Количество поданных заявок на участие в закупке: ', v('applicationsCount'), '.']),
    table(c, [
      { header: true, cells: ['№', 'Участник закупки', 'ИНН / КПП', 'Дата и время регистрации заявки', 'Ценовое предложение'] },
      {
        cells: [
          { content: '{#applications}' + v('number'), align: 'center' },
          [v('participant'), when('smsp', ' (субъект МСП)')],
          [v('inn'), when('kpp', ` / ${v('kpp')}`)],
          v('receivedAt'),
          { content: v('price') + '{/applications}', align: 'right' },
        ],
      },
    ]),
  ].join('');
}

/**
 * The results of the review: the number refused and each refusal's grounds with the documentation's clause the
 * application fails (п. 3 ч. 13 ст. 3.2 223-ФЗ; п. 4 ч. 14 for the final protocol).
 */
function protocolReview(w: number): string {
  const c = [0.08, 0.32, 0.2, 0.4].map((x) => Math.round(w * x));
  return [
    h1('Результаты рассмотрения заявок'),
    table(c, [
      { header: true, cells: ['№', 'Участник закупки', 'Решение комиссии', 'Основание отклонения и положение документации о закупке'] },
      {
        cells: [
          { content: '{#applications}' + v('number'), align: 'center' },
          v('participant'),
          v('decision'),
          [when('reason', `${v('reason')} (${v('clause')})`), unless('reason', '—'), '{/applications}'],
        ],
      },
    ]),
    para(['Количество отклонённых заявок: ', v('refusedCount'), '.']),
  ].join('');
}

/** The commission's signatures: every member present signs the protocol. */
function protocolSignatures(w: number): string {
  const a = Math.round(w * 0.4);
  const c = Math.round(w * 0.3);
  return [
    empty(),
    p('Подписи членов комиссии:', { bold: true, keepNext: true }),
    table(
      [a, c, w - a - c],
      [
        {
          cells: [
            '{#signers}' + v('memberRole'),
            { content: '(подпись)', align: 'center' },
            { content: v('memberName') + '{/signers}', align: 'right' },
          ],
        },
      ],
      { borders: false, fontSize: 12 },
    ),
  ].join('');
}

/** Протокол рассмотрения заявок: what ч. 13 ст. 3.2 223-ФЗ says a protocol of a stage holds. */
function protocolReview223(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  return [
    protocolHeading('Протокол рассмотрения заявок'),
    protocolCommission(w),
    protocolApplications(w),
    protocolReview(w),
    protocolSignatures(w),
  ].join('');
}

/**
 * Протокол подведения итогов (итоговый протокол, ч. 14 ст. 3.2 223-ФЗ): the applications ranked from the best terms
 * down with the price offers, the first number to the best and equal terms to the earlier one (п. 3), the review's
 * results (п. 4), the scores by each criterion (п. 5), the winner and the price of the contract.
 */
function protocolSummary223(): string {
  const w = PORTRAIT_TEXT_WIDTH;
  const c = [0.14, 0.36, 0.2, 0.3].map((x) => Math.round(w * x));
  return [
    protocolHeading('Протокол подведения итогов'),
    protocolCommission(w),
    protocolApplications(w),
    protocolReview(w),
    h1('Результаты оценки заявок'),
    p([
      when('criteriaText', `Критерии оценки и их значимость: ${v('criteriaText')}.`),
      unless('criteriaText', 'Победителем признаётся участник, предложивший наиболее низкую цену договора.'),
    ]),
    table(c, [
      {
        header: true,
        cells: ['Порядковый номер', 'Участник закупки (№ заявки)', 'Ценовое предложение', 'Значения по критериям оценки, итоговый рейтинг'],
      },
      {
        cells: [
          { content: '{#ranking}' + v('rank'), align: 'center' },
          [v('participant'), ' (№ ', v('number'), ')'],
          { content: v('price'), align: 'right' },
          [when('scoresText', v('scoresText')), unless('scoresText', '—'), '{/ranking}'],
        ],
      },
    ]),
    para(
      'Заявке, в которой содержатся лучшие условия исполнения договора, присвоен первый номер; при одинаковых условиях меньший номер присвоен заявке, поступившей ранее.',
    ),
    h1('Решение комиссии'),
    para(['Победителем закупки признан участник ', v('winnerName'), ' (ИНН ', v('winnerInn'), '), заявке которого присвоен первый номер.']),
    para(['Цена договора: ', v('winnerPrice'), '.']),
    protocolSignatures(w),
  ].join('');
}

/** Builds a protocol template (reproducible: fixed timestamps). */
export function buildProtocolTemplate(kind: 'review' | 'summary'): Buffer {
  return kind === 'review'
    ? buildDocxPackage({ title: 'Протокол рассмотрения заявок', body: protocolReview223() })
    : buildDocxPackage({ title: 'Протокол подведения итогов', body: protocolSummary223() });
}

// ---- build -------------------------------------------------------------------------------------------------------

function body(t: BuiltinTemplateFile): { body: string; landscape?: boolean; title: string } {
  const law = t.law;
  const subject = (t.subject ?? 'goods') as Subject;
  switch (t.kind) {
    case 'notice':
      return { body: law === '44' ? notice44() : notice223(), title: 'Извещение' };
    case 'documentation':
      return law === '44'
        ? { body: documentation44(), title: 'Требования к содержанию, составу заявки' }
        : { body: documentation223(), title: 'Документация о закупке' };
    case 'draft-contract':
      return { body: draftContract(law, subject), title: law === '44' ? 'Проект контракта' : 'Проект договора' };
    case 'tech-spec':
      return { body: techSpec(law, subject), title: law === '44' ? 'Описание объекта закупки' : 'Техническое задание' };
    case 'nmcd-justification':
      return { body: nmcdJustification(law), landscape: true, title: law === '44' ? 'Обоснование НМЦК' : 'Обоснование НМЦД' };
  }
}

/** Builds one built-in template as a .docx buffer (reproducible: fixed timestamps). */
export function buildTemplate(t: BuiltinTemplateFile): Buffer {
  const spec = body(t);
  return buildDocxPackage({ title: spec.title, body: spec.body, page: { landscape: spec.landscape } });
}

/** Writes every built-in template into a folder (by default the committed `server/templates/docx/`). */
export async function writeTemplates(dir: string = DOCX_TEMPLATES_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const t of BUILTIN_TEMPLATE_FILES) {
    const file = path.join(dir, t.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, buildTemplate(t));
    written.push(file);
  }
  for (const t of PROTOCOL_TEMPLATE_FILES) {
    const file = path.join(dir, t.file);
    await writeFile(file, buildProtocolTemplate(t.kind));
    written.push(file);
  }
  return written;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const files = await writeTemplates(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const file of files) console.log(`written ${path.relative(process.cwd(), file)}`);
}
