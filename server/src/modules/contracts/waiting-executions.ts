import { and, count, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { WaitingExecution44, WaitingExecutions44Query } from '@proc/contract';
import type { ContractProcedure44 } from '../../formats';
import { contractDocuments44 } from '../../db/schema';
import type { Ctx } from '../../platform/context';

const d = contractDocuments44;

/**
 * The company's 44-ФЗ executions (contractProcedure) that wait for their contract: no contract of the company carries
 * their registry number yet. Only the newest stored version of each procedure is listed. Once the contract is stored
 * (by period, by number or by a file) they leave this list and count in its figures (modules/figures), with nothing
 * moved: the registry number is the link.
 */
const waiting = (companyId: number) =>
  and(
    eq(d.companyId, companyId),
    eq(d.kind, 'procedure'),
    sql`NOT EXISTS (SELECT 1 FROM contracts c WHERE c.company_id = ${d.companyId} AND c.registry_number = ${d.registryNumber})`,
    sql`NOT EXISTS (SELECT 1 FROM contract_documents_44 n WHERE n.company_id = ${d.companyId} AND n.kind = 'procedure' AND n.eis_id = ${d.eisId} AND n.version > ${d.version})`,
  );

export async function listWaitingExecutions44(ctx: Ctx, q: z.infer<typeof WaitingExecutions44Query>) {
  const where = waiting(ctx.companyId);
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select({ id: d.id, registryNumber: d.registryNumber, version: d.version, publishedAt: d.publishedAt, payload: d.payload })
      .from(d)
      .where(where)
      .orderBy(sql`${d.publishedAt} ${dir} NULLS LAST`, sql`${d.id} ${dir}`)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db.select({ n: count() }).from(d).where(where),
  ]);
  const items: WaitingExecution44[] = rows.map((r) => {
    const executions = (r.payload as ContractProcedure44).executions ?? [];
    const acceptances = executions.flatMap((e) => (e.acceptance ? [e.acceptance] : []));
    const payments = executions.flatMap((e) => (e.payment ? [e.payment] : []));
    const total = (list: { sum: string | null }[]) => list.reduce((s, x) => s.plus(x.sum ?? 0), new Decimal(0)).toFixed(2);
    return {
      id: r.id,
      registry_number: r.registryNumber,
      version: r.version,
      published_at: r.publishedAt,
      acceptances: acceptances.length,
      accepted_sum: total(acceptances),
      payments: payments.length,
      paid_sum: total(payments),
    };
  });
  return { items, total: n, page: q.page, limit: q.limit };
}
