import { and, eq, isNull } from 'drizzle-orm';
import type { ProcurementInput, ProcurementStatus } from '@proc/contract';
import { ProcurementRequest } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { actingCtx } from '../users';
import { companies, procurementRules, procurements, users } from '../../db/schema';
import { DEFAULT_PRODUCTION_CALENDAR as cal, addDays, earliestApplicationDeadline } from '../deadlines';
import { moscowToday } from '../../platform/clock';
import { copyRuleInto } from '../rules';
import { TEMPLATE_RULE_TITLE } from '../rules';
import { generateDocuments } from '../documentation';
import { fillDemoDocumentation } from './demo-documentation';
import { findCatalogElementByCode } from '../catalogs';
import { createProcurement } from '../procurements';
import { transitionProcurement } from '../procurements';

const DEMO_COMPANY = 'АО «Демо-Заказчик»';
const PLACE = 'Республика Адыгея, г. Майкоп, ул. Победы, д. 1';

interface Demo {
  status: ProcurementStatus;
  /** Publication relative to today, in calendar days. */
  publish: number;
  /** A deliberately too short application period, to show the violation mark in the register. */
  tooEarly?: boolean;
  card: Omit<ProcurementInput, 'published_on' | 'application_deadline' | 'review_on' | 'summing_up_on'>;
}

const goods = (extra: Omit<Demo['card'], 'subject'>): Demo['card'] => ({
  subject: 'goods' as const,
  delivery_place: PLACE,
  delivery_terms: 'В течение 10 рабочих дней с даты заключения договора',
  ...extra,
});

const DEMOS: Demo[] = [
  {
    status: 'accepting',
    publish: -4,
    card: goods({
      title: 'Поставка офисной бумаги формата А4',
      method: 'quotation_e',
      nmcd: '1250000.00',
      subject_description: 'Бумага офисная А4, 80 г/м², 500 листов в пачке, 3 000 пачек',
      okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
      application_ensuring: { kind: 'percent', value: '1' },
      sme_only: true,
    }),
  },
  {
    status: 'draft',
    publish: 10,
    card: goods({
      title: 'Поставка канцелярских товаров для нужд АО «Демо-Заказчик»',
      method: 'quotation_e',
      nmcd: '480000.00',
      okpd2: [
        { code: '32.99.12.120', name: 'Ручки и маркеры с наконечником из фетра и прочих пористых материалов' },
        { code: '22.29.25.000', name: 'Принадлежности канцелярские или школьные пластмассовые' },
      ],
    }),
  },
  {
    status: 'published',
    publish: 0,
    card: {
      title: 'Оказание услуг по уборке административного здания',
      method: 'competition_e',
      subject: 'services',
      nmcd: '3600000.00',
      subject_description: 'Ежедневная влажная уборка помещений площадью 4 200 м² в течение 12 месяцев',
      okpd2: [{ code: '81.21.10.000', name: 'Услуги по общей уборке зданий' }],
      delivery_place: PLACE,
      delivery_terms: 'С 01 числа месяца, следующего за месяцем заключения договора, в течение 12 месяцев',
      application_ensuring: { kind: 'percent', value: '2' },
      contract_ensuring: { kind: 'percent', value: '5' },
    },
  },
  {
    status: 'summing_up',
    publish: -30,
    card: goods({
      title: 'Поставка серверного оборудования',
      method: 'auction_e',
      nmcd: '12800000.00',
      subject_description: 'Серверы двухпроцессорные — 4 шт., система хранения данных — 1 шт.',
      okpd2: [
        { code: '26.20.14.120', name: 'Серверы (однопроцессорные, двухпроцессорные)' },
        { code: '26.20.14.150', name: 'Серверы хранения данных' },
      ],
      application_ensuring: { kind: 'percent', value: '1' },
      contract_ensuring: { kind: 'percent', value: '10' },
    }),
  },
  {
    status: 'contract_signed',
    publish: -75,
    card: {
      title: 'Капитальный ремонт кровли производственного корпуса № 2',
      method: 'competition_e',
      subject: 'works',
      nmcd: '18500000.00',
      okpd2: [{ code: '43.91.19.110', name: 'Работы строительные по устройству любых видов кровельных покрытий зданий и сооружений' }],
      delivery_place: PLACE,
      delivery_terms: 'В течение 90 календарных дней с даты заключения договора',
      contract_ensuring: { kind: 'amount', value: '925000.00' },
    },
  },
  {
    status: 'accepting',
    publish: -2,
    card: goods({
      title: 'Поставка бензина автомобильного АИ-95',
      method: 'auction_e',
      nmcd: '2300000.00',
      sme_only: true,
      okpd2: [
        {
          code: '19.20.21.125',
          name: 'Бензин автомобильный с октановым числом более 92, но не более 95 по исследовательскому методу экологического класса К5',
        },
      ],
    }),
  },
  {
    status: 'docs_ready',
    publish: 6,
    card: {
      title: 'Оказание услуг по техническому обслуживанию лифтов',
      method: 'proposal_e',
      subject: 'services',
      nmcd: '960000.00',
      okpd2: [{ code: '33.12.15.000', name: 'Услуги по ремонту и техническому обслуживанию подъемно-транспортного оборудования' }],
      delivery_place: PLACE,
      delivery_terms: 'Ежемесячно в течение 12 месяцев с даты заключения договора',
    },
  },
  {
    status: 'failed',
    publish: -50,
    card: goods({
      title: 'Поставка ноутбуков для отдела проектирования',
      method: 'auction_e',
      nmcd: '4750000.00',
      okpd2: [
        {
          code: '26.20.11.110',
          name: 'Ноутбуки, в том числе портативные в защищённом исполнении, предназначенные для работы в сложной среде эксплуатации',
        },
      ],
    }),
  },
  {
    status: 'draft',
    publish: 14,
    card: {
      title: 'Разработка программного обеспечения для учёта договоров',
      method: 'competition_e',
      subject: 'services',
      nmcd: '7200000.00',
      okpd2: [
        {
          code: '62.01.11.000',
          name: 'Услуги по проектированию и разработке информационных технологий для прикладных задач и тестированию программного обеспечения',
        },
      ],
    },
  },
  {
    status: 'contract_signed',
    publish: -20,
    card: goods({
      title: 'Поставка питьевой воды в бутылях 19 л',
      method: 'single',
      nmcd: '150000.00',
      okpd2: [
        {
          code: '11.07.11.120',
          name: 'Воды природные питьевые упакованные, в том числе газированные, не содержащие сахара, подсластителей, ароматизаторов и других веществ',
        },
      ],
    }),
  },
  {
    status: 'cancelled',
    publish: -40,
    card: {
      title: 'Оказание услуг по охране объектов',
      method: 'competition_e',
      subject: 'services',
      nmcd: '9400000.00',
      okpd2: [{ code: '80.10.12.200', name: 'Услуги частных охранных организаций' }],
      delivery_place: PLACE,
      delivery_terms: 'С 01 числа месяца, следующего за месяцем заключения договора, в течение 12 месяцев',
    },
  },
  {
    status: 'summing_up',
    publish: -18,
    card: goods({
      title: 'Поставка спецодежды для работников склада',
      method: 'quotation_e',
      nmcd: '690000.00',
      sme_only: true,
      okpd2: [{ code: '14.12.11.110', name: 'Комплекты мужские производственные и профессиональные' }],
    }),
  },
  {
    status: 'published',
    publish: -1,
    card: {
      title: 'Ремонт подъездной автомобильной дороги к складу',
      method: 'auction_e',
      subject: 'works',
      nmcd: '5100000.00',
      okpd2: [{ code: '42.11.20.190', name: 'Работы строительные по строительству прочих автомобильных дорог' }],
      delivery_place: PLACE,
      delivery_terms: 'В течение 60 календарных дней с даты заключения договора',
    },
  },
  {
    status: 'docs_ready',
    publish: 4,
    card: goods({
      title: 'Поставка лицензий на антивирусное программное обеспечение',
      method: 'single',
      nmcd: '580000.00',
      okpd2: [
        { code: '58.29.50.000', name: 'Услуги по предоставлению лицензий на право использовать компьютерное программное обеспечение' },
      ],
    }),
  },
  {
    status: 'draft',
    publish: 8,
    tooEarly: true,
    card: {
      title: 'Оказание услуг по проведению периодического медицинского осмотра работников',
      method: 'proposal_e',
      subject: 'services',
      nmcd: '1100000.00',
      okpd2: [
        {
          code: '86.21.10.120',
          name: 'Услуги, предоставляемые врачами общей врачебной практики, по проведению диагностических процедур и постановке диагноза',
        },
      ],
    },
  },
];

const PATHS: Record<ProcurementStatus, ProcurementStatus[]> = {
  draft: [],
  docs_ready: ['docs_ready'],
  published: ['docs_ready', 'published'],
  accepting: ['docs_ready', 'published', 'accepting'],
  summing_up: ['docs_ready', 'published', 'accepting', 'summing_up'],
  contract_signed: ['docs_ready', 'published', 'accepting', 'summing_up', 'contract_signed'],
  failed: ['docs_ready', 'published', 'accepting', 'failed'],
  cancelled: ['docs_ready', 'published', 'cancelled'],
};

function schedule(d: Demo, today: string) {
  const publishedOn = cal.workingDayOnOrAfter(addDays(today, d.publish));
  if (d.tooEarly)
    return { published_on: publishedOn, application_deadline: cal.addWorkingDays(publishedOn, 2), review_on: null, summing_up_on: null };
  const { date } = earliestApplicationDeadline({
    method: d.card.method,
    smeOnly: d.card.sme_only ?? false,
    nmcd: String(d.card.nmcd),
    publishedOn,
  });
  const deadline = cal.workingDayOnOrAfter(cal.addWorkingDays(date, 1));
  const review = cal.addWorkingDays(deadline, 1);
  return { published_on: publishedOn, application_deadline: deadline, review_on: review, summing_up_on: cal.addWorkingDays(review, 2) };
}

/** Demo customer: a rule copied from the template and ~15 procurements in every status (only once, only with DEMO_DATA). */
export async function seedDemoProcurements(deps: Deps): Promise<void> {
  if (!deps.config.DEMO_DATA) return;
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(eq(companies.title, DEMO_COMPANY), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) return;
  const [existing] = await deps.db
    .select({ id: procurements.id })
    .from(procurements)
    .where(eq(procurements.companyId, company.id))
    .limit(1);
  if (existing) return;
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, company.id)).orderBy(users.id).limit(1);
  const ctx = u ? await actingCtx(deps, company.id, u.id) : null;
  if (!ctx) return;

  const [ownRule] = await deps.db
    .select({ id: procurementRules.id })
    .from(procurementRules)
    .where(eq(procurementRules.companyId, company.id))
    .limit(1);
  if (!ownRule) {
    const [template] = await deps.db
      .select()
      .from(procurementRules)
      .where(and(isNull(procurementRules.companyId), eq(procurementRules.title, TEMPLATE_RULE_TITLE)));
    if (template)
      await deps.db.transaction((tx) =>
        copyRuleInto(tx, template, company.id, u.id, `Положение о закупке товаров, работ, услуг ${DEMO_COMPANY}`),
      );
  }

  // the typical choices of the catalogue, when it has them
  const market = await findCatalogElementByCode<{ id: number }>(ctx, 'elements', 'market', 1);
  const own = await findCatalogElementByCode<{ id: number }>(ctx, 'elements', 'own', 8);
  const refs = { nmcd_method_id: market?.id ?? null, funding_source_ids: own ? [own.id] : [] };

  const today = moscowToday();
  for (const d of DEMOS) {
    let dates;
    try {
      dates = schedule(d, today);
    } catch {
      dates = {}; // beyond the loaded production calendar: a dateless draft is still a useful demo
    }
    const card = await createProcurement(ctx, ProcurementRequest.parse({ ...refs, ...d.card, ...dates }));
    if (!('published_on' in dates)) continue;
    for (const step of PATHS[d.status]) {
      if (step === 'docs_ready') {
        // the documents' own fields typed as a specialist would (generation refuses a form with required fields empty)
        await fillDemoDocumentation(ctx, card.id, card.nmcd);
        await generateDocuments(ctx, card.id);
      }
      // the demo's history is written today for dates in the past: the terms would see a contract a minute after the
      // summing up, so the seed says why it moves on
      else
        await transitionProcurement(
          ctx,
          card.id,
          step,
          step === 'cancelled' ? 'Изменилась потребность заказчика' : step === 'failed' ? 'Не подано ни одной заявки' : null,
          'демонстрационные данные, история задним числом',
        );
    }
  }
}
