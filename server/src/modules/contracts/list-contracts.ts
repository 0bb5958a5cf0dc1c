import Decimal from 'decimal.js';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContractsQuery } from '@proc/contract';
import { contractPositions, contracts } from '../../db/schema';
import { order } from '../../db/order';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { execution44 } from './contract-44-card';
import { contractFigures, figureShares } from '../figures';

type ContractRow = typeof contracts.$inferSelect;
export const contractResponse = (c: ContractRow) => ({
  id: c.id,
  registry_number: c.registryNumber,
  version: c.version,
  guid: c.guid,
  number: c.number,
  contract_date: c.contractDate,
  subject: c.subject,
  supplier_name: c.supplierName,
  supplier_inn: c.supplierInn,
  supplier_kpp: c.supplierKpp,
  price: c.price,
  currency: c.currency,
  start_date: c.startDate,
  end_date: c.endDate,
  status: c.status,
  procurement_id: c.procurementId,
  purchase_notice_number: c.purchaseNoticeNumber,
  method_code: c.methodCode,
  method_name: c.methodName,
  violations: c.violations,
  source: c.source,
  law: c.law,
  ikz: c.ikz,
});

export async function listContracts(ctx: Ctx, q: z.infer<typeof ContractsQuery>) {
  const where = and(
    eq(contracts.companyId, ctx.companyId),
    q.q
      ? sql`(${contracts.searchVector} @@ plainto_tsquery('russian', ${q.q}) OR ${contracts.registryNumber} = ${q.q} OR ${contracts.number} = ${q.q})`
      : undefined,
    q.status ? eq(contracts.status, q.status) : undefined,
    q.law ? eq(contracts.law, q.law) : undefined,
    q.supplier_inn ? eq(contracts.supplierInn, q.supplier_inn) : undefined,
    q.date_from ? gte(contracts.contractDate, q.date_from) : undefined,
    q.date_to ? lte(contracts.contractDate, q.date_to) : undefined,
  );
  const cols = {
    contract_date: contracts.contractDate,
    price: contracts.price,
    subject: sql`(${contracts.subject} COLLATE "und-x-icu")`,
    created_at: contracts.createdAt,
  };
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(contracts)
      .where(where)
      .orderBy(...order(q, cols, contracts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(where),
  ]);
  // the page's figures in one computation (a statement for the page, not one per row)
  const figures = await contractFigures(
    ctx.deps.db,
    ctx.companyId,
    rows.map((c) => c.id),
  );
  return {
    items: rows.map((c) => ({ ...contractResponse(c), figures: figureShares(figures.get(c.id)!, c.price) })),
    total: n,
    page: q.page,
    limit: q.limit,
  };
}

export async function loadContract(ctx: Ctx, id: number): Promise<ContractRow> {
  const [c] = await ctx.deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.companyId, ctx.companyId)));
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

export async function getContract(ctx: Ctx, id: number) {
  const c = await loadContract(ctx, id);
  const positions = await ctx.deps.db
    .select()
    .from(contractPositions)
    .where(eq(contractPositions.contractId, id))
    .orderBy(asc(contractPositions.ordinal));
  return {
    ...contractResponse(c),
    execution44: c.law === '44' ? await execution44(ctx, c) : null,
    positions: positions.map((p) => ({
      id: p.id,
      ordinal: p.ordinal,
      name: p.name,
      okpd2_code: p.okpd2Code,
      okpd2_name: p.okpd2Name,
      classifier: p.classifier as 'okpd2' | 'okpd' | 'okdp',
      classifier_code: p.classifierCode,
      classifier_name: p.classifierName,
      okei_code: p.okeiCode,
      okei_name: p.okeiName,
      quantity: p.quantity,
      unit_price: p.unitPrice,
      amount: p.amount ?? (p.unitPrice && p.quantity ? new Decimal(p.quantity).times(p.unitPrice).toFixed(2) : null),
    })),
  };
}
