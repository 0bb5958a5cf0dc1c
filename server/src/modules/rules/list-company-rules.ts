import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import { procurementRules } from '../../db/schema';

export async function listCompanyRules(ctx: Ctx) {
  const rows = await ctx.deps.db
    .select()
    .from(procurementRules)
    .where(and(eq(procurementRules.companyId, ctx.companyId), eq(procurementRules.archived, false)))
    .orderBy(sql`${procurementRules.title} COLLATE "und-x-icu"`);
  return rows.map((r) => ({ id: r.id, title: r.title, description: r.description, law: r.law, created_at: r.createdAt.toISOString() }));
}
