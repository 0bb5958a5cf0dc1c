import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, lt, lte } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { z } from 'zod';
import {
  EVENTS,
  MESSAGES,
  STANDARD_METHOD_TITLES,
  contractStatusTitle,
  type ContractReportsQuery,
  type ReportResponse,
  type ServerEvents,
} from '@proc/contract';
import { companies, contractPositions, contracts, procurements, reports } from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { JobSuperseded } from '../../platform/jobs';
import { CONTENT_TYPES } from '../../platform/document-files';
import { contractFigures, type DeliveryDocument } from '../figures';
import { contractLabel, loadContract } from './contract-access';
import { formatIsoDate, daysInMonth } from '../deadlines';
import { moscowDate } from '../../platform/clock';
import { formatDate } from '@proc/contract/format';
import { excel, pdfkit } from '../../formats/libraries';

export const BUILD_REPORT_JOB = 'execution.build-report';
export const BuildReportPayload = z.object({
  report_id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int(),
  key: z.string(),
});
export type BuildReportPayload = z.infer<typeof BuildReportPayload>;

type ReportRow = typeof reports.$inferSelect;

async function queue(ctx: Ctx, values: Omit<typeof reports.$inferInsert, 'companyId' | 'code' | 'createdBy'>, regnumber: string | null) {
  const queued = await ctx.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({ ...values, companyId: ctx.companyId, code: crypto.randomUUID(), createdBy: ctx.user.id })
      .returning();
    const key = `report-${row.id}`;
    await ctx.deps.jobs.send<BuildReportPayload>(
      BUILD_REPORT_JOB,
      { report_id: row.id, company_id: ctx.companyId, user_id: ctx.user.id, key },
      { tx },
    );
    return { ...toResponse(row, regnumber), key };
  });
  // a job sent inside a transaction wakes no worker: without this the report waited for the next poll (up to 0,5 s)
  ctx.deps.jobs.wake(BUILD_REPORT_JOB);
  return queued;
}

export async function createContractReport(ctx: Ctx, contractId: number, format: 'xlsx' | 'pdf') {
  const c = await loadContract(ctx, contractId);
  return queue(ctx, { kind: 'contract_execution', format, contractId: c.id }, c.registryNumber);
}

export async function createMonthlyReport(ctx: Ctx, year: number, month: number) {
  const from = formatIsoDate(year, month, 1);
  return queue(
    ctx,
    { kind: 'monthly_summary', format: 'xlsx', periodFrom: from, periodTo: formatIsoDate(year, month, daysInMonth(year, month)) },
    null,
  );
}

/**
 * exceljs and pdfkit load on a first report (formats/libraries.ts), which took 0,3–0,8 s of the first «Сформировать»
 * of a process; a user who opened the reports list is one click from a report.
 */
export function warmReportLibraries(): void {
  excel();
  pdfkit();
  // a failure here shows again, and is handled, when a report is built
  void import('../../formats/xlsx').catch(() => undefined);
  void import('../../formats/pdf').catch(() => undefined);
}

export async function listReports(ctx: Ctx, q: { page: number; limit: number }) {
  const rows = await ctx.deps.db
    .select({ r: reports, regnumber: contracts.registryNumber, number: contracts.number })
    .from(reports)
    .leftJoin(contracts, eq(contracts.id, reports.contractId))
    .where(eq(reports.companyId, ctx.companyId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = await ctx.deps.db.$count(reports, eq(reports.companyId, ctx.companyId));
  return { items: rows.map((x) => ({ ...toResponse(x.r, x.regnumber), contract_number: x.number })), total, page: q.page, limit: q.limit };
}

/**
 * One contract's reports, newest first, a page at a time by keyset (id before the last one shown): the card lists all of
 * them however many the company has built since. Ids follow creation, so id order is the list's order.
 */
export async function listContractReports(ctx: Ctx, contractId: number, q: ContractReportsQuery) {
  const c = await loadContract(ctx, contractId);
  const mine = and(eq(reports.companyId, ctx.companyId), eq(reports.contractId, c.id));
  const [rows, total] = await Promise.all([
    ctx.deps.db
      .select()
      .from(reports)
      .where(and(mine, q.after ? lt(reports.id, q.after) : undefined))
      .orderBy(desc(reports.id))
      .limit(q.limit + 1),
    ctx.deps.db.$count(reports, mine),
  ]);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => toResponse(r, c.registryNumber)),
    total,
    next_after: rows.length > q.limit ? page[page.length - 1].id : null,
  };
}

export async function downloadReport(ctx: Ctx, code: string) {
  const [r] = await ctx.deps.db
    .select()
    .from(reports)
    .where(and(eq(reports.code, code), eq(reports.companyId, ctx.companyId)))
    .limit(1);
  if (!r) throw new AppError('NOT_FOUND', 'Отчёт не найден');
  if (r.status !== 'ready' || !r.fileKey)
    throw new AppError('INVALID_STATE', r.status === 'error' ? `Отчёт не сформирован: ${r.error}` : 'Отчёт ещё формируется');
  return { name: r.fileName!, contentType: CONTENT_TYPES[r.format], data: await ctx.deps.files.get(r.fileKey) };
}

function toResponse(r: ReportRow, regnumber: string | null): ReportResponse {
  return {
    id: r.id,
    report_code: r.code,
    kind: r.kind,
    format: r.format,
    status: r.status,
    error: r.error,
    contract_id: r.contractId,
    contract_regnumber: regnumber,
    period_from: r.periodFrom,
    period_to: r.periodTo,
    file_name: r.fileName,
    created_at: r.createdAt.toISOString(),
  };
}

const party = (c: typeof companies.$inferSelect) => {
  if (!c.inn) throw new AppError('INVALID_STATE', 'У организации не указан ИНН');
  return { name: c.fullTitle ?? c.title ?? `id:${c.id}`, inn: c.inn, kpp: c.kpp ?? undefined, address: c.address ?? undefined };
};

/**
 * A position's unit price and amount: as the contract gives them, one from the other, or — for the only position of a
 * contract whose ЕИС file carries no prices — the contract price; never a made-up zero that would show as «0,00».
 */
function positionPrice(p: typeof contractPositions.$inferSelect, onlyPositionPrice: string | null): { price: string; amount?: string } {
  const qty = p.quantity && !new Decimal(p.quantity).isZero() ? new Decimal(p.quantity) : null;
  const amount = p.amount ?? (p.unitPrice && qty ? qty.times(p.unitPrice).toFixed(2) : onlyPositionPrice);
  const price = p.unitPrice ?? (amount && qty ? new Decimal(amount).div(qty).toFixed(2) : null);
  return { price: price ?? '0', ...(amount ? { amount } : {}) };
}

const ACCEPTANCE_WORDS: Record<DeliveryDocument['acceptance'], string> = {
  received: 'Получен, не принят',
  review: 'На проверке',
  accepted: 'Принят',
  partial: 'Принят частично',
  refused: 'Отказ в приёмке',
};
/** A document's line of the report says whether it counts: only accepted deliveries are in «Принято». */
const documentStatus = (d: DeliveryDocument) =>
  d.source === 'eis'
    ? d.acceptDate
      ? `Принят ${formatDate(d.acceptDate)} (ЕИС)`
      : 'Принят (ЕИС)'
    : d.status === 'error'
      ? 'Ошибка'
      : d.status !== 'processed'
        ? 'Обрабатывается'
        : `${ACCEPTANCE_WORDS[d.acceptance]}${d.acceptDate && d.acceptance !== 'received' && d.acceptance !== 'review' ? ` ${formatDate(d.acceptDate)}` : ''}`;

async function contractReportFile(deps: Deps, r: ReportRow, company: typeof companies.$inferSelect) {
  const db = deps.db;
  const [c] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, r.contractId!), eq(contracts.companyId, r.companyId)));
  if (!c) throw new AppError('NOT_FOUND', 'Договор не найден');
  if (!c.supplierInn || !c.supplierName) throw new AppError('INVALID_STATE', 'У договора не указан поставщик (наименование и ИНН)');
  const [positions, proc, figures] = await Promise.all([
    db.select().from(contractPositions).where(eq(contractPositions.contractId, c.id)).orderBy(asc(contractPositions.ordinal)),
    c.procurementId ? db.select().from(procurements).where(eq(procurements.id, c.procurementId)) : Promise.resolve([]),
    // the totals, documents, positions' deliveries and payments from the one computation of the card, register,
    // dashboard and ЕИС package: УПД and ЕИС's documents of acceptance, 1C and ЕИС's payments, each once
    contractFigures(db, r.companyId, [c.id]).then((m) => m.get(c.id)!),
  ]);
  const input = {
    customer: party(company),
    supplier: { name: c.supplierName, inn: c.supplierInn, kpp: c.supplierKpp ?? undefined, isSme: proc[0]?.smeOnly ?? undefined },
    contract: {
      registryNumber: c.registryNumber ?? undefined,
      number: c.number ?? String(c.id),
      date: c.contractDate ?? moscowDate(c.createdAt),
      subject: c.subject || '—',
      price: c.price ?? '0',
      currency: c.currency,
      startDate: c.startDate ?? undefined,
      endDate: c.endDate ?? undefined,
      // as the card shows them (the contract's own ЕИС data first), both parts always
      procurementNumber: c.purchaseNoticeNumber ?? proc[0]?.number ?? undefined,
      procurementMethod:
        c.methodName ??
        (proc[0] ? STANDARD_METHOD_TITLES[proc[0].method] : undefined) ??
        (c.methodCode ? `код ЕИС ${c.methodCode}` : undefined),
      status: contractStatusTitle(c.status),
    },
    // the same figures as the card and the dashboard
    figures: { accepted: new Decimal(figures.delivered).toFixed(2), paid: new Decimal(figures.paid).toFixed(2) },
    positions: positions.map((p) => {
      const got = figures.byPosition.get(p.id);
      return {
        name: p.name || `Позиция ${p.ordinal}`,
        okpd2: p.okpd2Code ?? undefined,
        unit: p.okeiName ?? undefined,
        quantity: p.quantity ?? '0',
        ...positionPrice(p, positions.length === 1 ? c.price : null),
        deliveredQuantity: new Decimal(got?.quantity ?? 0).toString(),
        deliveredAmount: new Decimal(got?.amount ?? 0).toString(),
      };
    }),
    documents: figures.documents.map((d) => ({
      kind: d.name,
      number: d.number ?? '—',
      date: d.date ?? c.contractDate ?? moscowDate(c.createdAt),
      amount: d.total ?? '0',
      vatAmount: d.vat ?? undefined,
      status: documentStatus(d),
    })),
    payments: figures.payments.map((p) => ({
      number: p.number ?? '—',
      date: p.date ?? c.contractDate ?? moscowDate(c.createdAt),
      amount: p.amount,
      purpose: p.purpose ?? (p.source === 'eis' ? `${p.name} (по сведениям ЕИС)` : undefined),
    })),
  };
  // exceljs and pdfkit load with the first report, not at start
  const data =
    r.format === 'pdf'
      ? await (await import('../../formats/pdf')).buildContractExecutionReportPdf(input)
      : await (await import('../../formats/xlsx')).buildContractExecutionReportXlsx(input);
  return { data, name: `Отчёт об исполнении договора ${contractLabel(c)}.${r.format}`, regnumber: contractLabel(c) };
}

async function monthlyFile(deps: Deps, r: ReportRow, company: typeof companies.$inferSelect) {
  const rows = await deps.db
    .select({ c: contracts, sme: procurements.smeOnly, method: procurements.method })
    .from(contracts)
    .leftJoin(procurements, eq(procurements.id, contracts.procurementId))
    .where(
      and(
        eq(contracts.companyId, r.companyId),
        // the monthly report is 223-ФЗ's (ч. 19 ст. 4): a 44-ФЗ contract goes to the register of contracts instead
        eq(contracts.law, '223'),
        gte(contracts.contractDate, r.periodFrom!),
        lte(contracts.contractDate, r.periodTo!),
      ),
    )
    .orderBy(asc(contracts.contractDate), asc(contracts.id));
  const { name, inn, kpp } = party(company);
  const { buildMonthlySummaryXlsx } = await import('../../formats/xlsx');
  const data = await buildMonthlySummaryXlsx({
    customer: { name, inn, kpp },
    periodFrom: r.periodFrom!,
    periodTo: r.periodTo!,
    contracts: rows.map(({ c, sme, method }) => ({
      registryNumber: c.registryNumber ?? undefined,
      number: c.number ?? String(c.id),
      date: c.contractDate!,
      subject: c.subject || undefined,
      method: method ?? c.methodCode ?? 'Не указан',
      supplierName: c.supplierName ?? undefined,
      supplierInn: c.supplierInn ?? undefined,
      amount: c.price ?? '0',
      isSme: sme ?? false,
    })),
  });
  return { data, name: `Сводка о договорах за ${r.periodFrom!.slice(5, 7)}.${r.periodFrom!.slice(0, 4)}.xlsx`, regnumber: undefined };
}

/** Where a report's file lives: one fixed key per report, so a run repeated after a crash overwrites rather than adds. */
const reportFileKey = (r: ReportRow) => `reports/${r.code}.${r.format}`;

/**
 * Builds the report's file and marks it ready. Safe to run again for the same report (after a crash, or when the job
 * expired while still running elsewhere): the file goes to the report's own key, and marking it ready commits together
 * with the job's completion, so only one run reports success.
 */
export async function buildReport(deps: Deps, job: BuildReportPayload, jobId: string): Promise<void> {
  const [r] = await deps.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, job.report_id), eq(reports.companyId, job.company_id)));
  if (!r || r.status !== 'pending') return;
  let regnumber: string | undefined;
  if (r.contractId) {
    const [c] = await deps.db.select().from(contracts).where(eq(contracts.id, r.contractId));
    regnumber = c ? contractLabel(c) : undefined;
  }
  const push = (p: Omit<ServerEvents['reportCreateResponse'], 'key' | 'report_code'>) =>
    deps.realtime.toUser(job.user_id, EVENTS.reportCreateResponse, {
      key: job.key,
      report_code: r.code,
      ...(regnumber ? { contract_regnumber: regnumber } : { period_from: r.periodFrom, period_to: r.periodTo }),
      ...p,
    });
  /** Sets the outcome once: false when another run of the job got there first. */
  const settle = (values: Partial<ReportRow>) =>
    deps.db
      .transaction(async (tx) => {
        const done = await tx
          .update(reports)
          .set(values)
          .where(and(eq(reports.id, r.id), eq(reports.status, 'pending')))
          .returning({ id: reports.id });
        if (done.length === 0) return false;
        await deps.jobs.completeIn(tx, BUILD_REPORT_JOB, jobId, { report_id: r.id, status: values.status });
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof JobSuperseded) return false;
        throw err;
      });
  const fileKey = reportFileKey(r);
  let file: { data: Buffer; name: string };
  try {
    const [company] = await deps.db.select().from(companies).where(eq(companies.id, r.companyId));
    file = r.kind === 'contract_execution' ? await contractReportFile(deps, r, company) : await monthlyFile(deps, r, company);
    await deps.files.putAt(fileKey, file.data);
  } catch (err) {
    const error = err instanceof AppError ? err.message : 'Не удалось сформировать отчёт';
    if (await settle({ status: 'error', error })) push({ result: 'error', error });
    return;
  }
  if (await settle({ status: 'ready', fileKey, fileName: file.name, error: null })) {
    push({ result: 'success', ...(regnumber ? { message: MESSAGES.reportSuccess(regnumber) } : {}), file_name: file.name });
  }
}
