import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { planItems } from '../../db/schema';
import { CURRENCY_TITLES, type Ensuring, type ProcurementResponse } from '@proc/contract';
import { activeContact, getCompany, listBankRequisites } from '../companies';
import { baseMethod } from '../deadlines';
import { formatMoneyRu } from '../../formats/docx/format';
import { instrumentalCase } from '../../formats/docx/instrumental-case';
import type { Ctx } from '../../platform/context';
import { moscowToday } from '../../platform/clock';
import { catalogNames, lineSum, methodTitles, plainQuantity, readLines } from '../procurements';

type ObjectLine = Awaited<ReturnType<typeof readLines>>[number];

/**
 * A КТРУ position's characteristics as the описание объекта закупки states them: a customer using a position must use
 * its characteristics (ПП РФ от 08.02.2017 № 145, Правила использования каталога, п. 4; others only with a
 * justification, п. 5), and the description gives the object's functional, technical and quality characteristics in
 * the standard terms (п. 1–2 ч. 1 ст. 33 Закона № 44-ФЗ).
 */
export function characteristicsText(l: Pick<ObjectLine, 'characteristics'>): string | null {
  const list = l.characteristics as { name: string; values: string[]; unit: string | null; instruction: string | null }[];
  if (!list.length) return null;
  return list
    .map((c) => `${c.name}: ${c.values.join('; ')}${c.unit ? ` (${c.unit})` : ''}${c.instruction ? `. ${c.instruction}` : ''}`)
    .join('\n');
}

/** The specification's rows from the purchase's lines: one home for the object (issue 39). */
function lineRows(lines: ObjectLine[]): Record<string, unknown>[] {
  return lines.map((l) => ({
    index: l.position,
    name: l.name,
    okpd2: l.okpd2Code,
    ktru: l.ktruCode,
    unit: l.unitName,
    quantity: l.quantity == null ? null : plainQuantity(l.quantity),
    price: l.unitPrice,
    amount: lineSum(l.quantity, l.unitPrice),
    characteristics: characteristicsText(l),
  }));
}

function ensuringText(e: Ensuring | null, nmcd: string, law: string): string {
  if (!e) return 'Не требуется';
  if (e.kind === 'amount') return `${formatMoneyRu(e.value, ' ')} руб.`;
  const amount = new Decimal(nmcd).times(e.value).div(100);
  return `${e.value.replace('.', ',')} % от начальной (максимальной) цены ${law === '44' ? 'контракта' : 'договора'}, что составляет ${formatMoneyRu(amount, ' ')} руб.`;
}

/**
 * п. 1 ч. 1 ст. 30 Закона № 44-ФЗ: a purchase among small businesses and СОНКО only says so in its notice; the notice
 * states «не установлено» otherwise.
 */
const smpAdvantage = (smeOnly: boolean) =>
  smeOnly
    ? 'Установлено: участниками закупки могут быть только субъекты малого предпринимательства и социально ориентированные некоммерческие организации (п. 1 ч. 1 ст. 30 Закона № 44-ФЗ)'
    : 'Не установлено';

function criteriaFor(method: string) {
  const base = baseMethod(method);
  if (base === 'competition' || base === 'proposal') {
    return [
      { name: 'Цена договора', weight: '60', description: 'Оценивается предложенная участником цена договора' },
      { name: 'Квалификация участника закупки', weight: '40', description: 'Опыт исполнения аналогичных договоров за последние три года' },
    ];
  }
  return [{ name: 'Цена договора', weight: '100', description: 'Победителем признаётся участник, предложивший наименьшую цену договора' }];
}

async function planItemFacts(ctx: Ctx, id: number | null) {
  if (!id) return null;
  const [row] = await ctx.deps.db
    .select({
      okeiName: planItems.okeiName,
      quantity: planItems.quantity,
      nmcd: planItems.nmcd,
      okpd2Code: planItems.okpd2Code,
      okved2Code: planItems.okved2Code,
    })
    .from(planItems)
    .where(and(eq(planItems.id, id), eq(planItems.companyId, ctx.companyId)))
    .limit(1);
  return row ?? null;
}

type PlanItemFacts = NonNullable<Awaited<ReturnType<typeof planItemFacts>>>;

/** The specification row of a procurement from a plan item: the item's unit and quantity, its sum and the price per unit. */
function planItemRow(planned: PlanItemFacts, line: Record<string, unknown> | undefined, p: ProcurementResponse): Record<string, unknown> {
  const qty = planned.quantity && new Decimal(planned.quantity).gt(0) ? new Decimal(planned.quantity) : null;
  const sum = planned.nmcd ?? p.nmcd;
  return {
    name: line?.name ?? p.title,
    okpd2: line?.okpd2 ?? planned.okpd2Code,
    unit: planned.okeiName,
    quantity: qty?.toString() ?? null,
    price: qty && sum ? new Decimal(sum).div(qty).toDecimalPlaces(2).toFixed(2) : null,
    amount: sum,
  };
}

/**
 * Raw values (ISO dates, decimal strings) for every template field the system can fill: from the procurement, its
 * company (requisites, active contact, main bank account) and the catalogues. The user's saved values go on top.
 */
export async function prefillValues(ctx: Ctx, p: ProcurementResponse): Promise<Record<string, unknown>> {
  const lines: Record<string, unknown>[] = p.okpd2.map((o) => ({ name: o.name ?? p.title, okpd2: o.code }));
  const [company, contact, banks, titles, nmcdMethod, requirements, infoDocs, funding, terms, places, planned] = await Promise.all([
    getCompany(ctx),
    activeContact(ctx),
    listBankRequisites(ctx),
    methodTitles(ctx, [p.method]),
    catalogNames(ctx, 'nmcd_method', p.nmcd_method_id ? [p.nmcd_method_id] : []),
    catalogNames(ctx, 'requirement', p.requirement_ids),
    catalogNames(ctx, 'info_document', p.info_document_ids),
    catalogNames(ctx, 'funding_source', p.funding_source_ids),
    catalogNames(ctx, 'delivery_term', p.delivery_term_ids),
    catalogNames(ctx, 'delivery_place', p.delivery_place_ids),
    // a procurement from a plan item: its ОКВЭД2, and its one position has the item's unit, quantity and sum
    planItemFacts(ctx, p.plan_item_id),
  ]);
  const objectLines = await readLines(ctx.deps.db, ctx.companyId, p.id);
  const names = (map: Record<number, string>, ids: number[]) => ids.map((id) => map[id]).filter(Boolean);
  const bank = banks.find((b) => b.is_main) ?? banks[0];
  // the purchase's own lines first; a purchase without them keeps the plan item's row or its ОКПД2 codes
  const items = objectLines.length ? lineRows(objectLines) : planned && lines.length <= 1 ? [planItemRow(planned, lines[0], p)] : lines;
  return {
    customerName: company.fullTitle ?? company.title,
    customerInn: company.inn,
    customerKpp: company.kpp,
    customerOgrn: company.ogrn,
    customerAddress: company.address,
    customerPostalAddress: company.address,
    customerEmail: contact?.email ?? null,
    customerPhone: contact?.phone ?? null,
    contactPerson: contact?.name ?? null,
    customerBankDetails: bank ? `${bank.bank_name}\nБИК ${bank.bik}\nк/с ${bank.corr_account}\nр/с ${bank.account}` : null,
    procurementNumber: p.number,
    procurementTitle: p.title,
    procurementMethod: titles[p.method] ?? p.method,
    procurementRuleTitle: p.rule
      ? `${instrumentalCase(p.rule.title)}${p.rule_version ? ` (редакция № ${p.rule_version.number})` : ''}`
      : null,
    okpd2: p.okpd2.map((o) => o.code).join(', '),
    okved2: planned?.okved2Code ?? null,
    subjectDescription: p.subject_description ?? p.title,
    nmcd: p.nmcd,
    contractPrice: p.nmcd,
    currency: CURRENCY_TITLES[p.currency] ?? p.currency,
    nmcdMethod: names(nmcdMethod, p.nmcd_method_id ? [p.nmcd_method_id] : [])[0] ?? null,
    publicationDate: p.published_on,
    applicationStartDate: p.published_on,
    applicationDeadline: p.application_deadline,
    applicationDeadlineTime: '10:00',
    reviewDate: p.review_on,
    summingUpDate: p.summing_up_on,
    deliveryPlace: p.delivery_place || names(places, p.delivery_place_ids).join('; ') || null,
    deliveryTerms: p.delivery_terms || names(terms, p.delivery_term_ids).join('\n') || null,
    applicationSecurity: ensuringText(p.application_ensuring, p.nmcd, p.law),
    contractSecurity: ensuringText(p.contract_ensuring, p.nmcd, p.law),
    participantRequirements: names(requirements, p.requirement_ids).join('\n') || null,
    smeParticipation: p.sme_only
      ? 'Участниками закупки могут быть только субъекты малого и среднего предпринимательства'
      : 'Участниками закупки могут быть любые лица, в том числе субъекты малого и среднего предпринимательства',
    fundingSource: names(funding, p.funding_source_ids).join(', ') || null,
    otherInfo: names(infoDocs, p.info_document_ids).join('\n') || null,
    ikz: p.ikz ?? null,
    smpAdvantage: smpAdvantage(p.sme_only),
    // ст. 14 Закона № 44-ФЗ: the notice states the national regime; none until the specialist sets one
    nationalRegimeStatement: 'Не установлены',
    // the signature block of every document: the company's active contact signs unless the form names another
    signerPosition: contact?.position ?? null,
    signerName: contact?.name ?? null,
    calculationDate: moscowToday(),
    preparedByName: ctx.user.title,
    criteria: criteriaFor(p.method),
    items,
  };
}
