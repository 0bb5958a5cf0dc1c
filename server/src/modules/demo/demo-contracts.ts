import { and, asc, count, eq, isNull } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { z } from 'zod';
import {
  acceptanceDocuments,
  acceptanceLines,
  bankRequisites,
  companies,
  contractPositions,
  contracts,
  executionRecords,
  paymentImports,
  reports,
  users,
} from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import { actingCtx } from '../users';
import { saveEisSettings } from '../eis';
import { defaultPlansPeriod } from '../eis';
import { importPeriodNow } from '../eis';
import { requestExecutionSend } from '../contracts';
import { uploadUpd, PROCESS_UPD_JOB } from '../contracts';
import { importPayments, IMPORT_PAYMENTS_JOB } from '../contracts';
import { createContractReport } from '../contracts';
import { decide, startReview } from '../acceptance';
import { bank1cStatement, updXml, type Party, type PaymentSpec, type UpdLineSpec } from './demo-documents';
import { DEMO_CUSTOMER_TITLE } from './seed-demo';
import { addDays, moscowToday } from '../../platform/clock';

/**
 * The demo customer's contracts and their execution, made on first start the way a customer makes them: the plan and
 * the contracts imported from ЕИС (the fake ЕИС of `npm start`) through the integration service, the suppliers' УПД
 * and the bank statement uploaded, one execution record sent to ЕИС, one report built. A job, so it waits with
 * retries for the integration service that starts beside the server.
 */
export const DEMO_CONTRACTS_JOB = 'demo.contracts';
/** The token `npm start` gives the embedded integration service (EIS_TOKEN); the fake ЕИС takes any. */
const DEMO_EIS_TOKEN = 'demo-individual-token';

type ContractRow = typeof contracts.$inferSelect;
type PositionRow = typeof contractPositions.$inferSelect;

const isoAfter = addDays;
const today = () => moscowToday();
const notAfterToday = (iso: string) => (iso > today() ? today() : iso);

async function demoCtx(deps: Deps): Promise<Ctx | null> {
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(eq(companies.title, DEMO_CUSTOMER_TITLE), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) return null;
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, company.id)).orderBy(users.id).limit(1);
  return u ? actingCtx(deps, company.id, u.id) : null;
}

const rowsOf = async (
  deps: Deps,
  table: typeof contracts | typeof acceptanceDocuments | typeof paymentImports | typeof executionRecords | typeof reports,
  companyId: number,
) => (await deps.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0].n;

/** Lines of an УПД delivering `share` of each position (the whole rest for share 1). */
const deliver = (positions: PositionRow[], share: string): UpdLineSpec[] =>
  positions
    .filter((p) => p.quantity && p.unitPrice)
    .map((p) => ({
      name: p.name,
      okei: p.okeiCode,
      unit: p.okeiName,
      quantity: new Decimal(p.quantity!).times(share).toDecimalPlaces(3).toString(),
      unitPriceWithVat: p.unitPrice!,
    }));
const linesTotal = (lines: UpdLineSpec[]) =>
  lines.reduce((s, l) => s.plus(new Decimal(l.quantity).times(l.unitPriceWithVat).toDecimalPlaces(2)), new Decimal(0)).toFixed(2);

/** Supplier accounts of the demo: a settlement account in a real bank of the supplier's region. */
const SUPPLIER_BANK = { bank: 'ЮГО-ЗАПАДНЫЙ БАНК ПАО СБЕРБАНК', bik: '046015602', corr: '30101810600000000602' };
const supplierAccount = (inn: string) => `40702810${inn.slice(0, 9)}000`.slice(0, 20);

export async function fillDemoContracts(deps: Deps): Promise<void> {
  const ctx = await demoCtx(deps);
  if (!ctx) return;
  const { companyId, user } = ctx;
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  const buyer: Party = { name: company.fullTitle ?? company.title ?? '', inn: company.inn!, kpp: company.kpp };

  if ((await rowsOf(deps, contracts, companyId)) === 0) {
    // the demo user has entered the token the fake ЕИС of `npm start` takes, so the nightly sync runs for the company
    await saveEisSettings(ctx, { inn: company.inn!, kpp: company.kpp, token: DEMO_EIS_TOKEN });
    const plans = defaultPlansPeriod();
    await importPeriodNow(deps, {
      companyId,
      userId: user.id,
      origin: 'manual',
      types: ['purchasePlan'],
      dateFrom: plans.date_from,
      dateTo: plans.date_to,
    });
    // the customer buys under 44-ФЗ too (a company may have both laws): its план-график of the year, both versions
    await importPeriodNow(deps, {
      companyId,
      userId: user.id,
      origin: 'manual',
      types: ['tenderPlan2020'],
      dateFrom: plans.date_from,
      dateTo: plans.date_to,
    });
    await importPeriodNow(deps, {
      companyId,
      userId: user.id,
      origin: 'manual',
      types: ['contract'],
      dateFrom: isoAfter(today(), -366),
      dateTo: today(),
    });
  }
  const all = await deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), eq(contracts.status, 'registered')))
    .orderBy(asc(contracts.contractDate));
  const live = all.filter((c) => c.supplierInn && c.contractDate && c.registryNumber);
  const positionsOf = async (c: ContractRow) =>
    deps.db.select().from(contractPositions).where(eq(contractPositions.contractId, c.id)).orderBy(asc(contractPositions.ordinal));
  const supplier = (c: ContractRow): Party => ({ name: c.supplierName ?? '', inn: c.supplierInn!, kpp: c.supplierKpp });

  // the first contract delivered in two parts: the first accepted and paid within its term, the second accepted in
  // part (one line refused) and its accepted part paid; the second contract's half accepted and not paid, its payment
  // term overdue; the third contract delivered in full and under review (an in-house expertise)
  type Acceptance = 'accepted' | 'partial' | 'unpaid' | 'review';
  const deliveries: Array<{ c: ContractRow; parts: Array<{ share: string; after: number; acceptance: Acceptance }> }> = [
    {
      c: live[0],
      parts: [
        { share: '0.6', after: 20, acceptance: 'accepted' },
        { share: '0.4', after: 60, acceptance: 'partial' },
      ],
    },
    { c: live[1], parts: [{ share: '0.5', after: 90, acceptance: 'unpaid' }] },
    { c: live[2], parts: [{ share: '1', after: 25, acceptance: 'review' }] },
  ].filter((d) => d.c) as typeof deliveries;
  const payments: PaymentSpec[] = [];
  const [account] = await deps.db
    .select()
    .from(bankRequisites)
    .where(and(eq(bankRequisites.companyId, companyId), eq(bankRequisites.isMain, true)))
    .limit(1);
  const payerAccount = account?.account ?? '40702810938000000001';
  let docNo = 100;
  const uploads: Array<{
    c: ContractRow;
    name: string;
    data: Buffer;
    number: string;
    date: string;
    acceptance: Acceptance;
    lines: number;
  }> = [];
  for (const { c, parts } of deliveries) {
    const positions = await positionsOf(c);
    for (const [i, part] of parts.entries()) {
      // the overdue one was delivered and accepted a month ago: its seven working days of payment are long past
      const monthAgo = isoAfter(today(), -30);
      const date =
        part.acceptance === 'unpaid'
          ? monthAgo < c.contractDate!
            ? c.contractDate!
            : monthAgo
          : notAfterToday(isoAfter(c.contractDate!, part.after));
      const lines = deliver(positions, part.share);
      if (!lines.length) continue;
      const number = `${c.supplierInn!.slice(-3)}-${i + 1}`;
      uploads.push({
        c,
        name: `ON_NSCHFDOPPR_${number}.xml`,
        data: updXml({ seller: supplier(c), buyer, number, date, contract: { number: c.number ?? '', date: c.contractDate! }, lines }),
        number,
        date,
        acceptance: part.acceptance,
        lines: lines.length,
      });
      if (part.acceptance === 'unpaid' || part.acceptance === 'review') continue;
      // what is paid is what was accepted: a refused line (the last) is not
      const paidLines = part.acceptance === 'partial' && lines.length > 1 ? lines.slice(0, -1) : lines;
      const amount = linesTotal(paidLines);
      payments.push({
        number: String(++docNo),
        date: notAfterToday(isoAfter(date, 5)),
        amount,
        payer: { ...buyer, account: payerAccount },
        payee: { ...supplier(c), account: supplierAccount(c.supplierInn!), ...SUPPLIER_BANK },
        purpose: `Оплата по договору № ${c.number} от ${c.contractDate!.split('-').reverse().join('.')} (реестровый номер ${c.registryNumber}) по УПД № ${number} от ${date.split('-').reverse().join('.')}. Сумма ${amount}, в т.ч. НДС (20%) ${new Decimal(amount).div(6).toFixed(2)}`,
      });
    }
  }
  // a payment of the same account that pays no contract: left for the user to look at
  payments.push({
    number: String(++docNo),
    date: notAfterToday(isoAfter(today(), -12)),
    amount: '18450.00',
    payer: { ...buyer, account: payerAccount },
    payee: { name: 'ПАО «Ростелеком»', inn: '7707049388', kpp: '010543001', account: '40702810130000001234', ...SUPPLIER_BANK },
    purpose: 'Оплата услуг связи и доступа в интернет по счёту № 0105/245 за октябрь. Сумма 18450.00, в т.ч. НДС (20%) 3075.00',
  });

  if ((await rowsOf(deps, acceptanceDocuments, companyId)) === 0) {
    for (const u of uploads) await uploadUpd(ctx, u.c.id, { name: u.name, data: u.data });
  }
  if ((await rowsOf(deps, paymentImports, companyId)) === 0 && payments.length) {
    const dates = payments.map((p) => p.date).sort();
    const name = `kl_to_1c_${dates.at(-1)!.replace(/-/g, '')}.txt`;
    await importPayments(ctx, {
      name,
      data: bank1cStatement({
        account: payerAccount,
        bank: account?.bankName ?? 'ПАО Сбербанк',
        bik: account?.bik ?? '044525225',
        corr: account?.corrAccount ?? '30101810400000000225',
        from: dates[0],
        to: dates.at(-1)!,
        opening: '12500000.00',
        payments,
      }),
    });
  }
  await deps.jobs.idle(PROCESS_UPD_JOB, 120_000);
  await deps.jobs.idle(IMPORT_PAYMENTS_JOB, 120_000);
  await acceptDemoDeliveries(ctx, uploads);

  // the execution record and the report of the contract delivered, accepted and paid
  const done = deliveries[0]?.c;
  if (done && (await rowsOf(deps, executionRecords, companyId)) === 0) await requestExecutionSend(ctx, done.id);
  if (done && (await rowsOf(deps, reports, companyId)) === 0) await createContractReport(ctx, done.id, 'xlsx');
}

/**
 * The customer's decisions on the demo's УПД, each on its day, through the same service a user's decision takes:
 * accepted the day after delivery; accepted in part with the last line refused and its reason; under review by an
 * in-house expertise (ч. 3 ст. 94 44-ФЗ). Done once: a document already decided or under review is left alone.
 */
async function acceptDemoDeliveries(
  ctx: Ctx,
  uploads: Array<{ c: ContractRow; number: string; date: string; acceptance: 'accepted' | 'partial' | 'unpaid' | 'review' }>,
) {
  for (const u of uploads) {
    const [doc] = await ctx.deps.db
      .select()
      .from(acceptanceDocuments)
      .where(
        and(
          eq(acceptanceDocuments.companyId, ctx.companyId),
          eq(acceptanceDocuments.contractId, u.c.id),
          eq(acceptanceDocuments.number, u.number),
          isNull(acceptanceDocuments.withdrawnAt),
        ),
      );
    if (!doc || doc.status !== 'processed' || doc.acceptance !== 'received') continue;
    if (u.acceptance === 'review') {
      await startReview(ctx, doc.id, { kind: 'in_house' });
      continue;
    }
    const on = notAfterToday(isoAfter(u.date, 1));
    if (u.acceptance !== 'partial') {
      await decide(ctx, doc.id, { lines: [] }, { on });
      continue;
    }
    const lines = await ctx.deps.db
      .select()
      .from(acceptanceLines)
      .where(eq(acceptanceLines.documentId, doc.id))
      .orderBy(asc(acceptanceLines.ordinal));
    const last = lines.at(-1)!;
    const reason = 'Товар не соответствует спецификации договора: повреждена заводская упаковка';
    const accepted = lines.length > 1 ? '0' : new Decimal(last.quantity ?? 0).div(2).toString();
    await decide(ctx, doc.id, { lines: [{ line_id: last.id, accepted_quantity: accepted, reason }] }, { on });
  }
}

/** Queued once, on the first start that finds the demo customer without contracts. */
export async function queueDemoContracts(deps: Deps): Promise<void> {
  if (!deps.config.DEMO_DATA || !deps.config.DEMO_CONTRACTS) return;
  const ctx = await demoCtx(deps);
  if (!ctx || (await rowsOf(deps, contracts, ctx.companyId)) > 0) return;
  const { rows } = await deps.database.sql.query(
    `SELECT 1 FROM pgboss.job WHERE name = $1 UNION ALL SELECT 1 FROM pgboss.archive WHERE name = $1 LIMIT 1`,
    [DEMO_CONTRACTS_JOB],
  );
  if (rows.length) return;
  await deps.jobs.send(DEMO_CONTRACTS_JOB, {});
}

export function defineDemoContractsJob(deps: Deps): void {
  deps.jobs.define({
    name: DEMO_CONTRACTS_JOB,
    schema: z.object({}),
    // the integration service and the fake ЕИС start beside the server: wait for them a minute or two
    options: { retryLimit: 12, retryDelay: 5, retryBackoff: false, expireInSeconds: 600 },
    handler: () => fillDemoContracts(deps),
  });
}
