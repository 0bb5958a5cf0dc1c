import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged, ProcurementRuleRequest, ProcurementRuleResponse, ProcurementRulesQuery } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementRules, ruleVersions } from '../../db/schema';
import { audit, changes } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { moscowToday, now } from '../../platform/clock';

type RuleRow = typeof procurementRules.$inferSelect;
type VersionBriefRow = Pick<typeof ruleVersions.$inferSelect, 'id' | 'ruleId' | 'number' | 'status' | 'inForceFrom'>;

/** A rule the company sees: its own or a shared template. */
export const visibleRule = (ctx: Ctx) =>
  or(eq(procurementRules.companyId, ctx.companyId), and(isNull(procurementRules.companyId), eq(procurementRules.isTemplate, true)))!;

export async function loadVisibleRule(ctx: Ctx, id: number, db: Tx = ctx.deps.db): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(procurementRules)
    .where(and(eq(procurementRules.id, id), visibleRule(ctx)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A rule of the company itself (templates are read-only and copied instead). */
export async function loadOwnRule(ctx: Ctx, id: number, db: Tx = ctx.deps.db): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(procurementRules)
    .where(and(eq(procurementRules.id, id), eq(procurementRules.companyId, ctx.companyId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The company's own rule and the user's right to change it; "not found" comes before "forbidden" so nothing leaks. */
export async function editableRule(ctx: Ctx, id: number, db: Tx = ctx.deps.db): Promise<RuleRow> {
  const row = await loadOwnRule(ctx, id, db);
  assertCanEdit(ctx);
  return row;
}

function inForceOn(versions: VersionBriefRow[], date: string): VersionBriefRow | null {
  let best: VersionBriefRow | null = null;
  for (const v of versions) {
    if (v.status === 'draft' || !v.inForceFrom || v.inForceFrom > date) continue;
    if (!best || v.inForceFrom > best.inForceFrom!) best = v;
  }
  return best;
}

async function withVersions(db: Tx, rows: RuleRow[]): Promise<ProcurementRuleResponse[]> {
  const ids = rows.map((r) => r.id);
  const versions = ids.length
    ? await db
        .select({
          id: ruleVersions.id,
          ruleId: ruleVersions.ruleId,
          number: ruleVersions.number,
          status: ruleVersions.status,
          inForceFrom: ruleVersions.inForceFrom,
        })
        .from(ruleVersions)
        .where(inArray(ruleVersions.ruleId, ids))
    : [];
  const today = moscowToday();
  return rows.map((r) => {
    const own = versions.filter((v) => v.ruleId === r.id);
    const current = inForceOn(own, today);
    return {
      id: r.id,
      company_id: r.companyId,
      title: r.title,
      description: r.description,
      law: r.law as '223' | '44',
      is_template: r.isTemplate,
      archived: r.archived,
      copied_from_id: r.copiedFromId,
      versions_count: own.length,
      version_in_force: current
        ? { id: current.id, number: current.number, status: current.status as 'approved' | 'published', in_force_from: current.inForceFrom }
        : null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

export async function listRules(ctx: Ctx, q: z.infer<typeof ProcurementRulesQuery>): Promise<Paged<ProcurementRuleResponse>> {
  const filters: SQL[] = [eq(procurementRules.companyId, ctx.companyId)];
  if (q.archived !== 'all') filters.push(eq(procurementRules.archived, q.archived === 'true'));
  if (q.q) filters.push(ilike(procurementRules.title, `%${q.q.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...filters);
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(procurementRules)
      .where(where)
      .orderBy(sql`${procurementRules.title} COLLATE "und-x-icu"`, asc(procurementRules.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db.select({ n: count() }).from(procurementRules).where(where),
  ]);
  return { items: await withVersions(ctx.deps.db, rows), total: n, page: q.page, limit: q.limit };
}

export async function listTemplates(ctx: Ctx): Promise<ProcurementRuleResponse[]> {
  const rows = await ctx.deps.db
    .select()
    .from(procurementRules)
    .where(and(isNull(procurementRules.companyId), eq(procurementRules.isTemplate, true), eq(procurementRules.archived, false)))
    .orderBy(sql`${procurementRules.title} COLLATE "und-x-icu"`);
  return withVersions(ctx.deps.db, rows);
}

export async function getRule(ctx: Ctx, id: number): Promise<ProcurementRuleResponse> {
  const [r] = await withVersions(ctx.deps.db, [await loadVisibleRule(ctx, id)]);
  return r;
}

export async function createRule(ctx: Ctx, input: ProcurementRuleRequest): Promise<ProcurementRuleResponse> {
  assertCanEdit(ctx);
  const row = await ctx.deps.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(procurementRules)
      .values({
        companyId: ctx.companyId,
        title: input.title,
        description: input.description ?? null,
        law: input.law,
        createdBy: ctx.user.id,
      })
      .returning();
    await audit(tx, ctx, {
      entity: 'procurement_rule',
      entityId: r.id,
      action: 'create',
      after: { title: r.title, description: r.description, law: r.law },
    });
    return r;
  });
  return getRule(ctx, row.id);
}

export async function updateRule(ctx: Ctx, id: number, input: ProcurementRuleRequest): Promise<ProcurementRuleResponse> {
  await ctx.deps.db.transaction(async (tx) => {
    const before = await editableRule(ctx, id, tx);
    await tx
      .update(procurementRules)
      .set({ title: input.title, description: input.description ?? null, law: input.law, updatedAt: now() })
      .where(eq(procurementRules.id, id));
    await audit(tx, ctx, {
      entity: 'procurement_rule',
      entityId: id,
      action: 'update',
      ...changes(
        { title: before.title, description: before.description, law: before.law },
        { title: input.title, description: input.description ?? null, law: input.law },
      ),
    });
  });
  return getRule(ctx, id);
}

export async function setRuleArchived(ctx: Ctx, id: number, archived: boolean): Promise<ProcurementRuleResponse> {
  await ctx.deps.db.transaction(async (tx) => {
    const before = await editableRule(ctx, id, tx);
    await tx.update(procurementRules).set({ archived, updatedAt: now() }).where(eq(procurementRules.id, id));
    await audit(tx, ctx, {
      entity: 'procurement_rule',
      entityId: id,
      action: archived ? 'archive' : 'restore',
      before: { archived: before.archived },
      after: { archived },
    });
  });
  return getRule(ctx, id);
}
