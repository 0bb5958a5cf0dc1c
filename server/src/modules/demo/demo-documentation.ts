import { Decimal } from 'decimal.js';
import type { DocumentField } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { moscowToday } from '../../platform/clock';
import { inLawWords } from '@proc/contract';
import { listDocuments, saveValues } from '../documentation';
import { loadProcurement } from '../procurements';

/**
 * What a specialist types into the documentation form of a demo purchase: the documents' own fields (signers, terms
 * of payment and acceptance, the ЭТП…). The purchase's facts (НМЦД, dates, place) are the card's and are not here.
 */
function demoTexts(today: string): Record<string, string> {
  const year = Number(today.slice(0, 4));
  return {
    platformName: 'АО «Сбербанк-АСТ»',
    platformUrl: 'https://www.sberbank-ast.ru',
    customerEmail: 'zakupki@demo.example',
    customerPhone: '+7 877 252-00-01',
    contactPerson: 'Иванова Мария Петровна',
    customerBankDetails:
      'Отделение-НБ Республика Адыгея Банка России//УФК по Республике Адыгея г. Майкоп\nБИК 017908101\nк/с 40102810145370000066\nл/с 20766000010',
    signerPosition: 'Генеральный директор',
    signerName: 'Петров Пётр Петрович',
    signerInPreamble: 'Генерального директора Петрова Петра Петровича',
    signerBasis: 'Устава',
    approvalDate: today,
    approvedByPosition: 'Генеральный директор',
    approvedByName: 'Петров Пётр Петрович',
    preparedByPosition: 'Специалист по закупкам',
    preparedByName: 'Иванова Мария Петровна',
    nmcdVatNote: 'НМЦД включает НДС 20 %',
    contractVatNote: 'Цена договора включает НДС 20 %',
    nmcdMethod: 'Метод сопоставимых рыночных цен (анализа рынка)',
    nmcdMethodReason: 'Метод сопоставимых рыночных цен: на рынке есть идентичные товары, цены на них общедоступны',
    applicationContentRequirements: 'Заявка подаётся в электронной форме на электронной площадке по форме, приведённой в документации',
    goodsDescriptionRequirements: 'Участник описывает товар по показателям технического задания с указанием конкретных значений',
    paymentTerms: 'Безналичный расчёт в течение 7 рабочих дней с даты подписания документа о приёмке',
    evaluationProcedure: 'Заявки оцениваются по критериям и в порядке, установленным документацией',
    contractConclusionTerms: 'Договор заключается не ранее 10 и не позднее 20 дней после размещения итогового протокола',
    participantRequirements: 'Соответствие требованиям положения о закупке; отсутствие в реестре недобросовестных поставщиков',
    fundingSource: 'Собственные средства',
    contractCity: 'г. Майкоп',
    acceptanceTerms: 'Приёмка в течение 5 рабочих дней с даты поставки по документу о приёмке (УПД)',
    warrantyTerms: 'Гарантия производителя, не менее 12 месяцев с даты приёмки',
    contractEndDate: `${year + 1}-12-31`,
    purpose: 'Обеспечение деятельности заказчика',
    qualityRequirements: 'Товар новый, соответствует действующим ГОСТ и техническим регламентам',
  };
}

const empty = (f: DocumentField) => f.value === null || f.value === undefined || f.value === '';
const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A table's rows with the columns the specialist types: each row one unit of its share of the НМЦД (the last row takes
 * what the division leaves), the three quotes at that price.
 */
function completedRows(f: DocumentField, nmcd: string): Record<string, unknown>[] | null {
  const rows = Array.isArray(f.value) ? (f.value as Record<string, unknown>[]) : [];
  const columns = (f.columns ?? []).filter((c) => c.required);
  if (!rows.some((r) => columns.some((c) => blank(r[c.name])))) return null;
  const total = new Decimal(nmcd);
  const share = total.div(rows.length).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return rows.map((r, i) => {
    const sum = i === rows.length - 1 ? total.minus(share.times(rows.length - 1)) : share;
    const fill: Record<string, string> = {
      unit: 'Условная единица',
      quantity: '1',
      price: sum.toFixed(2),
      price1: sum.toFixed(2),
      price2: sum.toFixed(2),
      price3: sum.toFixed(2),
      averagePrice: sum.toFixed(2),
      variation: '0',
      amount: sum.toFixed(2),
      characteristics: 'В соответствии с техническим заданием',
      name: 'Позиция закупки',
    };
    return { ...r, ...Object.fromEntries(columns.filter((c) => blank(r[c.name]) && c.name in fill).map((c) => [c.name, fill[c.name]])) };
  });
}

/** Types the documents' own required fields of a demo purchase that the system could not fill, as a specialist would. */
export async function fillDemoDocumentation(ctx: Ctx, procurementId: number, nmcd: string): Promise<void> {
  // a 44-ФЗ purchase's texts speak of the контракт and its НМЦК
  const { law } = await loadProcurement(ctx, procurementId);
  const texts = Object.fromEntries(Object.entries(demoTexts(moscowToday())).map(([k, v]) => [k, inLawWords(v, law)]));
  const docs = await listDocuments(ctx, procurementId);
  await ctx.deps.db.transaction(async (tx) => {
    for (const d of docs) {
      const values: Record<string, unknown> = Object.fromEntries(
        d.fields
          .filter((f) => f.required && !f.fact && f.type !== 'list' && empty(f) && f.name in texts)
          .map((f) => [f.name, texts[f.name]]),
      );
      for (const f of d.fields.filter((x) => x.type === 'list')) {
        const rows = completedRows(f, nmcd);
        if (rows) values[f.name] = rows;
      }
      if (Object.keys(values).length) await saveValues(tx, ctx, procurementId, d.template, values);
    }
  });
}
