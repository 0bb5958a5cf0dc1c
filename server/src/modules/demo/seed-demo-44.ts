import { and, asc, eq, isNull } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import { generateIkz, NmckRequest, NmckSourceRequest, ProcurementRequest } from '@proc/contract';
import type { TenderPlan, TenderPlanPosition } from '../../formats';
import type { Ctx, Deps } from '../../platform/context';
import { DEFAULT_PRODUCTION_CALENDAR as cal, defaultLeadTimes, earliestApplicationDeadline } from '../deadlines';
import { generateDocuments } from '../documentation';
import { fillDemoDocumentation } from './demo-documentation';
import { transitionProcurement, updateProcurement } from '../procurements';
import { companies, tenderPlanPositions, tenderPlans, users } from '../../db/schema';
import { addDays, moscowToday } from '../../platform/clock';
import { actingCtx } from '../users';
import { procurementFromTenderPosition, storeTenderPlan } from '../plans';
import { addSource, applyNmck, saveNmck } from '../nmck';
import { DEMO_BUDGET } from './seed-demo';
import { demoTenderPlanPositions, DEMO_TENDER_PLAN_V2_POSITION } from './demo-tender-plan';

/**
 * The budget institution's план-график: the positions the fake ЕИС publishes for it (tools/fake-eis/tender-plan-samples.ts
 * demoTenderPlanPositions, version 2), under the same plan number and version, so a later import from ЕИС finds it
 * stored and stores nothing twice (storeTenderPlan). The ИКЗ of each is made from the institution's ИКУ.
 */
const POSITIONS = [...demoTenderPlanPositions().filter((p) => !p.special), DEMO_TENDER_PLAN_V2_POSITION];

function planOf(year: number): TenderPlan {
  const planNumber = `${year}${DEMO_BUDGET.regNum}001`;
  const positions: TenderPlanPosition[] = POSITIONS.map((p) => {
    const made = generateIkz({ year, iku: DEMO_BUDGET.iku, positionNumber: p.n, purchaseNumber: 1, okpd2: p.okpd2?.[0], kvr: p.kvr[0] });
    const [currentYear, firstYear, secondYear, subsecYears] = p.years;
    const total = p.years.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);
    return {
      positionNumber: `${planNumber}${String(p.n).padStart(6, '0')}`,
      extNumber: String(4235900 + p.n),
      // a position's ИКЗ carries 000 in digits 27–29, as ЕИС fills it (Порядок 55н, п. 5); its purchases 001, 002…
      ikz: made.ikz ? `${made.ikz.slice(0, 26)}000${made.ikz.slice(29)}` : null,
      iku: DEMO_BUDGET.iku,
      publishYear: year,
      purchaseNumber: String(p.n).padStart(4, '0'),
      okpd2: p.okpd2 ? [{ code: p.okpd2[0], name: p.okpd2[1] }] : [],
      kvr: [{ code: p.kvr[0], name: p.kvr[1] }],
      purchaseObject: p.subject,
      canceled: false,
      special: null,
      finance: { total, currentYear, firstYear, secondYear, subsecYears },
    };
  });
  return {
    id: null,
    planNumber,
    versionNumber: 2,
    planYear: year,
    firstYear: year + 1,
    secondYear: year + 2,
    createDate: null,
    confirmDate: null,
    publishDate: `${year}-02-10T11:30:00+03:00`,
    customer: { regNum: DEMO_BUDGET.regNum, fullName: DEMO_BUDGET.fullTitle, inn: DEMO_BUDGET.inn, kpp: DEMO_BUDGET.kpp },
    positions,
    totals: null,
  };
}

/** Three suppliers' quotes for a pack of paper (приказ Минэкономразвития № 567: at least three prices). */
const QUOTES = [
  { supplier: 'ООО «Канцсервис»', requisites: 'Коммерческое предложение № 14, ИНН 0105012345', price_date: -20, unit_price: '342.00' },
  { supplier: 'ООО «Бумага-Юг»', requisites: 'Коммерческое предложение № 208, ИНН 2310123456', price_date: -18, unit_price: '350.00' },
  { supplier: 'ИП Ковалёв А. С.', requisites: 'Ответ на запрос цен от ЕИС, ИНН 010500123456', price_date: -15, unit_price: '355.50' },
];

/**
 * The budget institution's year on first start: its план-график, and a purchase made from the paper position the way
 * a user makes it («Создать закупку»), its НМЦК justified by three market prices and applied.
 */
export async function seedDemo44(deps: Deps): Promise<void> {
  if (!deps.config.DEMO_DATA) return;
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(eq(companies.title, DEMO_BUDGET.title), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) return;
  const [seen] = await deps.db.select({ id: tenderPlans.id }).from(tenderPlans).where(eq(tenderPlans.companyId, company.id)).limit(1);
  if (seen) return;
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, company.id)).orderBy(users.id).limit(1);
  const ctx = u ? await actingCtx(deps, company.id, u.id) : null;
  if (!ctx) return;
  const today = moscowToday();
  const { id: planId } = await deps.db.transaction((tx) =>
    storeTenderPlan(tx, company.id, planOf(Number(today.slice(0, 4))), 'demo', { id: u.id }),
  );
  const [paper] = await deps.db
    .select({ id: tenderPlanPositions.id })
    .from(tenderPlanPositions)
    .where(eq(tenderPlanPositions.planId, planId))
    .orderBy(asc(tenderPlanPositions.id))
    .limit(1);
  const card = await procurementFromTenderPosition(ctx, paper.id);
  await saveNmck(
    ctx,
    card.id,
    NmckRequest.parse({ method: 'market', subject: 'Бумага для офисной техники А4, 500 листов', unit: 'пачка', quantity: '1000' }),
  );
  for (const q of QUOTES)
    await addSource(ctx, card.id, NmckSourceRequest.parse({ kind: 'quote', ...q, price_date: addDays(today, q.price_date) }));
  await applyNmck(ctx, card.id);
  await roofInSummingUp(ctx, planId);
}

/**
 * The roof's electronic auction, placed in ЕИС three weeks ago with 44-ФЗ's terms (ст. 49: seven days up to 300 млн ₽)
 * and brought to «Подведение итогов определения поставщика» today: the contract waits the ten days of ст. 51, which
 * the card's «Контракт заключён» then checks.
 */
async function roofInSummingUp(ctx: Ctx, planId: number): Promise<void> {
  const [roof] = await ctx.deps.db
    .select({ id: tenderPlanPositions.id })
    .from(tenderPlanPositions)
    .where(and(eq(tenderPlanPositions.planId, planId), eq(tenderPlanPositions.kvrCode, '243')))
    .limit(1);
  if (!roof) return;
  const card = await procurementFromTenderPosition(ctx, roof.id);
  let dates;
  try {
    const publishedOn = cal.workingDayOnOrAfter(addDays(moscowToday(), -21));
    const { date } = earliestApplicationDeadline({ method: card.method, nmcd: card.nmcd, publishedOn, rules: defaultLeadTimes('44') });
    const deadline = cal.workingDayOnOrAfter(date);
    // an electronic auction's applications are reviewed and its results summed up in one protocol (ст. 49 44-ФЗ)
    const summingUp = cal.addWorkingDays(deadline, 2);
    dates = { published_on: publishedOn, application_deadline: deadline, review_on: summingUp, summing_up_on: summingUp };
  } catch {
    return; // beyond the loaded production calendar: the draft stays a draft
  }
  await updateProcurement(
    ctx,
    card.id,
    ProcurementRequest.parse({
      title: card.title,
      method: card.method,
      subject: card.subject,
      subject_description: card.subject_description,
      nmcd: card.nmcd,
      okpd2: card.okpd2,
      delivery_place: 'Республика Адыгея, г. Майкоп, ул. Жуковского, д. 12',
      delivery_terms: 'Выполнение работ в течение 45 календарных дней с даты заключения контракта',
      ...dates,
    }),
  );
  await fillDemoDocumentation(ctx, card.id, card.nmcd);
  await generateDocuments(ctx, card.id);
  for (const step of ['published', 'accepting', 'summing_up'] as const)
    await transitionProcurement(ctx, card.id, step, null, 'демонстрационные данные, история задним числом');
}
