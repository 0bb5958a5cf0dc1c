import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { DashboardResponse } from '@proc/contract';
import { companies, contracts, planItems, plans, procurements } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { CalendarNotLoadedError, DEFAULT_PRODUCTION_CALENDAR, monthlyReportDeadline } from '../deadlines';
import { procurementsByStatus } from '../procurements';
import { preparedStatements } from '../../db/prepared';
import type { Tx } from '../../db/client';
import { contractDeadlines, reportedOn } from './execution-totals';
import { contractFigures, share } from '../figures';
import { moscowToday } from '../../platform/clock';
import { acceptanceDeadlineItems } from '../acceptance';

const WINDOW_WORKING_DAYS = 10;
const safely = <T>(f: () => T): T | null => {
  try {
    return f();
  } catch (e) {
    if (e instanceof CalendarNotLoadedError) return null;
    throw e;
  }
};

// the dashboard is opened often and its statements have a fixed shape: built once and prepared (db/prepared.ts)
const contractsWithSme = preparedStatements('dashboard_contracts', (db: Tx, name) =>
  db
    .select({ c: contracts, sme: procurements.smeOnly })
    .from(contracts)
    .leftJoin(procurements, eq(procurements.id, contracts.procurementId))
    .where(eq(contracts.companyId, sql.placeholder('companyId')))
    .prepare(name),
);
const planOfYear = preparedStatements('dashboard_plan', (db: Tx, name) =>
  db
    .select()
    .from(plans)
    .where(and(eq(plans.companyId, sql.placeholder('companyId')), eq(plans.year, sql.placeholder('year'))))
    .orderBy(desc(plans.version))
    .limit(1)
    .prepare(name),
);

/** The selected company at a glance: plan, procurements, contracts, delivery vs payment, SME share, near deadlines. */
export async function dashboard(ctx: Ctx): Promise<DashboardResponse> {
  const db = ctx.deps.db;
  const today = moscowToday();
  const year = Number(today.slice(0, 4));
  const [procByStatus, contractRows, [plan], [company]] = await Promise.all([
    procurementsByStatus(db, ctx.companyId),
    contractsWithSme(db, '').execute({ companyId: ctx.companyId }),
    planOfYear(db, '').execute({ companyId: ctx.companyId, year }),
    db.select({ law: companies.law }).from(companies).where(eq(companies.id, ctx.companyId)),
  ]);

  let planPart: DashboardResponse['plan'];
  if (plan) {
    const [[items], [started]] = await Promise.all([
      db
        .select({ n: count(), sum: sql<string>`COALESCE(SUM(${planItems.nmcd}), 0)::text` })
        .from(planItems)
        .where(eq(planItems.planId, plan.id)),
      db
        .select({ n: sql<number>`COUNT(DISTINCT ${procurements.planItemId})::int` })
        .from(procurements)
        .innerJoin(planItems, eq(planItems.id, procurements.planItemId))
        .where(and(eq(procurements.companyId, ctx.companyId), eq(planItems.planId, plan.id), isNotNull(procurements.planItemId))),
    ]);
    planPart = {
      source: 'plan',
      year,
      planned_count: items.n,
      planned_amount: new Decimal(items.sum).toFixed(2),
      started_count: started.n,
      fulfilment_share: items.n ? new Decimal(started.n).div(items.n).times(100).toFixed(2) : '0.00',
      procurements_by_status: procByStatus,
    };
  } else {
    const total = Object.values(procByStatus).reduce((s, n) => s + n, 0);
    const done = procByStatus.contract_signed ?? 0;
    planPart = {
      source: 'procurements',
      year,
      planned_count: total,
      planned_amount: '0.00',
      started_count: done,
      fulfilment_share: total ? new Decimal(done).div(total).times(100).toFixed(2) : '0.00',
      procurements_by_status: procByStatus,
    };
  }

  const ids = contractRows.map((r) => r.c.id);
  const [totals, reported] = await Promise.all([contractFigures(db, ctx.companyId, ids), reportedOn(db, ctx.companyId, ids)]);
  // the terms of acceptance and payment of the suppliers' documents, from the same figures
  const acceptanceTerms = await acceptanceDeadlineItems(
    db,
    ctx.companyId,
    contractRows.map((r) => ({ id: r.c.id, law: r.c.law, sme: !!r.sme })),
    today,
    totals,
  );
  const byStatus: Record<string, number> = {};
  let contractsTotal = new Decimal(0);
  let sme = new Decimal(0);
  let delivered = new Decimal(0);
  let paid = new Decimal(0);
  const horizon = safely(() => DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(today, WINDOW_WORKING_DAYS)) ?? today;
  const deadlines: DashboardResponse['deadlines'] = [];
  for (const { c, sme: isSme } of contractRows) {
    byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
    contractsTotal = contractsTotal.plus(c.price ?? 0);
    if (isSme) sme = sme.plus(c.price ?? 0);
    const t = totals.get(c.id)!;
    delivered = delivered.plus(t.delivered);
    paid = paid.plus(t.paid);
    for (const d of [...contractDeadlines(c, t.paymentDates, reported.get(c.id), today), ...(acceptanceTerms.get(c.id) ?? [])]) {
      if (!d.done && d.due_on <= horizon && (d.due_on >= today || d.overdue)) {
        const { done: _done, ...rest } = d;
        deadlines.push({ ...rest, contract_id: c.id, contract_regnumber: c.registryNumber });
      }
    }
  }
  // the monthly report on last month's contracts
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const prev = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  // the monthly report is 223-ФЗ's (ч. 19 ст. 4): a 44-ФЗ customer owes it only for contracts of 223-ФЗ
  const reports223 = company?.law !== '44' || contractRows.some((r) => r.c.law === '223');
  const monthly = reports223 ? safely(() => monthlyReportDeadline(prev.y, prev.m)) : null;
  if (monthly && monthly >= today && monthly <= horizon)
    deadlines.push({
      kind: 'monthly',
      label: 'Ежемесячный отчёт о договорах',
      basis_date: `${prev.y}-${String(prev.m).padStart(2, '0')}-01`,
      due_on: monthly,
      overdue: false,
      contract_id: null,
      contract_regnumber: null,
    });
  deadlines.sort((a, b) => a.due_on.localeCompare(b.due_on));

  return {
    company_id: ctx.companyId,
    today,
    plan: planPart,
    contracts_by_status: byStatus,
    contracts_total: contractsTotal.toFixed(2),
    delivered_total: delivered.toFixed(2),
    paid_total: paid.toFixed(2),
    sme: { amount: sme.toFixed(2), share: share(sme.toString(), contractsTotal.toString()) },
    deadlines,
  };
}

/**
 * The open legal terms of some contracts of a company, as the dashboard reckons them (the same functions): the
 * information on execution (payments) to the register, and the acceptance and payment terms of the suppliers'
 * documents (acceptance module: ч. 13.1 ст. 34 44-ФЗ, ч. 7 ст. 94 44-ФЗ, п. 2 ч. 8 ст. 3 223-ФЗ). Without the
 * contract's own registration term: the approvals inbox keeps that apart. For «Мои задачи» and its reminders.
 */
export async function openContractTerms(
  db: Tx,
  companyId: number,
  contractIds: number[],
  today: string,
): Promise<Map<number, { kind: string; label: string; basis_date: string; due_on: string }[]>> {
  const out = new Map<number, { kind: string; label: string; basis_date: string; due_on: string }[]>();
  if (!contractIds.length) return out;
  const rows = await db
    .select({ c: contracts, sme: procurements.smeOnly })
    .from(contracts)
    .leftJoin(procurements, eq(procurements.id, contracts.procurementId))
    .where(and(eq(contracts.companyId, companyId), inArray(contracts.id, contractIds)));
  const ids = rows.map((r) => r.c.id);
  const [totals, reported] = await Promise.all([contractFigures(db, companyId, ids), reportedOn(db, companyId, ids)]);
  const acceptanceTerms = await acceptanceDeadlineItems(
    db,
    companyId,
    rows.map((r) => ({ id: r.c.id, law: r.c.law, sme: !!r.sme })),
    today,
    totals,
  );
  for (const { c } of rows) {
    const t = totals.get(c.id)!;
    const items = [...contractDeadlines(c, t.paymentDates, reported.get(c.id), today), ...(acceptanceTerms.get(c.id) ?? [])];
    out.set(
      c.id,
      items
        .filter((d) => !d.done && d.kind !== 'contract')
        .map((d) => ({ kind: d.kind, label: d.label, basis_date: d.basis_date, due_on: d.due_on })),
    );
  }
  return out;
}
