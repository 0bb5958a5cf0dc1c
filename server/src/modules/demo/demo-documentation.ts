import type { DocumentField } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { moscowToday } from '../../platform/clock';
import { listDocuments, saveValues } from '../documentation';

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

/** Types the documents' own required fields of a demo purchase that the system could not fill, as a specialist would. */
export async function fillDemoDocumentation(ctx: Ctx, procurementId: number): Promise<void> {
  const texts = demoTexts(moscowToday());
  const docs = await listDocuments(ctx, procurementId);
  await ctx.deps.db.transaction(async (tx) => {
    for (const d of docs) {
      const values = Object.fromEntries(
        d.fields
          .filter((f) => f.required && !f.fact && f.type !== 'list' && empty(f) && f.name in texts)
          .map((f) => [f.name, texts[f.name]]),
      );
      if (Object.keys(values).length) await saveValues(tx, ctx, procurementId, d.template, values);
    }
  });
}
