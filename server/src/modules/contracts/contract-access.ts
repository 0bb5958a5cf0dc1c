import { and, eq } from 'drizzle-orm';
import { contracts } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';

export type ContractRow = typeof contracts.$inferSelect;

/** The company's contract or 404 (another company's contract is "not found", never shown). */
export async function loadContract(ctx: Ctx, contractId: number, db: Tx = ctx.deps.db): Promise<ContractRow> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Договор не найден');
  return row;
}

/** How events and file names name a contract: its ЕИС registry number, else its own number. */
export const contractLabel = (c: Pick<ContractRow, 'registryNumber' | 'number' | 'id'>) => c.registryNumber ?? c.number ?? `id:${c.id}`;
