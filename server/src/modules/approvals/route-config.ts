import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE_TITLES, type ApprovalKind, type ApprovalRouteRequest, type ApprovalRouteResponse, type Role } from '@proc/contract';
import type { Db, Tx } from '../../db/client';
import { approvalRoutes, users, type RouteStep } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { now } from '../../platform/clock';
import type { ApprovalDocument } from './documents';
import { usersActingFor } from './participants';

type RouteRow = typeof approvalRoutes.$inferSelect;

async function describe(db: Db | Tx, rows: RouteRow[]): Promise<ApprovalRouteResponse[]> {
  const ids = [...new Set(rows.flatMap((r) => r.steps.flatMap((s) => s.participants.flatMap((p) => ('user_id' in p ? [p.user_id] : [])))))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: users.id, title: users.title }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.title])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ApprovalKind,
    title: r.title,
    is_default: r.isDefault,
    law: r.law,
    method: r.method,
    min_amount: r.minAmount,
    subject: r.subject,
    steps: r.steps.map((s) => ({
      term_days: s.term_days,
      with_signature: s.with_signature,
      participants: s.participants.map((p) =>
        'user_id' in p
          ? { user_id: p.user_id, title: names.get(p.user_id) ?? `Пользователь ${p.user_id}` }
          : { role: p.role, title: `Роль: ${ROLE_TITLES[p.role as Role] ?? p.role}` },
      ),
    })),
  }));
}

export async function listRoutes(ctx: Ctx, kind?: ApprovalKind): Promise<ApprovalRouteResponse[]> {
  const rows = await ctx.deps.db
    .select()
    .from(approvalRoutes)
    .where(
      and(eq(approvalRoutes.companyId, ctx.companyId), isNull(approvalRoutes.deletedAt), kind ? eq(approvalRoutes.kind, kind) : undefined),
    )
    .orderBy(asc(approvalRoutes.kind), asc(approvalRoutes.id));
  return describe(ctx.deps.db, rows);
}

/** Each named participant must be someone who may act for the company; a role must have someone in it. */
async function checkSteps(ctx: Ctx, tx: Tx, steps: RouteStep[]): Promise<void> {
  const acting = await usersActingFor(tx, ctx.companyId);
  const byId = new Set(acting.map((u) => u.id));
  const roles = new Set(acting.map((u) => u.role));
  const problems: Record<string, string[]> = {};
  steps.forEach((s, i) =>
    s.participants.forEach((p, j) => {
      if ('user_id' in p && !byId.has(p.user_id))
        problems[`steps.${i}.participants.${j}.user_id`] = ['Пользователь не работает с этой организацией'];
      if ('role' in p && !roles.has(p.role as Role))
        problems[`steps.${i}.participants.${j}`] = [`В организации нет пользователей с ролью «${ROLE_TITLES[p.role as Role]}»`];
    }),
  );
  const keys = Object.keys(problems);
  if (keys.length) throw new AppError('VALIDATION', `Маршрут не сохранён: ${Object.values(problems).flat().join('; ')}`, problems);
}

const values = (b: ApprovalRouteRequest) => ({
  kind: b.kind,
  title: b.title,
  isDefault: b.is_default,
  law: b.law ?? null,
  method: b.method ?? null,
  minAmount: b.min_amount ?? null,
  subject: b.subject ?? null,
  steps: b.steps.map((s) => ({ participants: s.participants, term_days: s.term_days, with_signature: s.with_signature })),
});

export async function saveRoute(ctx: Ctx, id: number | null, body: ApprovalRouteRequest): Promise<ApprovalRouteResponse> {
  assertCanEdit(ctx);
  const row = await ctx.deps.db.transaction(async (tx) => {
    const v = values(body);
    await checkSteps(ctx, tx, v.steps);
    // one default per kind: a new default takes the mark from the previous one
    if (v.isDefault)
      await tx
        .update(approvalRoutes)
        .set({ isDefault: false })
        .where(and(eq(approvalRoutes.companyId, ctx.companyId), eq(approvalRoutes.kind, v.kind), isNull(approvalRoutes.deletedAt)));
    if (id === null) {
      const [r] = await tx
        .insert(approvalRoutes)
        .values({ ...v, companyId: ctx.companyId, createdBy: ctx.user.id })
        .returning();
      await audit(tx, ctx, { entity: 'approval_route', entityId: r.id, action: 'create', after: body });
      return r;
    }
    const [before] = await tx
      .select()
      .from(approvalRoutes)
      .where(and(eq(approvalRoutes.id, id), eq(approvalRoutes.companyId, ctx.companyId), isNull(approvalRoutes.deletedAt)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'Маршрут не найден');
    const [r] = await tx
      .update(approvalRoutes)
      .set({ ...v, updatedAt: now() })
      .where(eq(approvalRoutes.id, id))
      .returning();
    await audit(tx, ctx, {
      entity: 'approval_route',
      entityId: id,
      action: 'update',
      before: {
        title: before.title,
        is_default: before.isDefault,
        law: before.law,
        method: before.method,
        min_amount: before.minAmount,
        subject: before.subject,
        steps: before.steps,
      },
      after: body,
    });
    return r;
  });
  return (await describe(ctx.deps.db, [row]))[0];
}

export async function deleteRoute(ctx: Ctx, id: number): Promise<void> {
  assertCanEdit(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(approvalRoutes)
      .set({ deletedAt: now() })
      .where(and(eq(approvalRoutes.id, id), eq(approvalRoutes.companyId, ctx.companyId), isNull(approvalRoutes.deletedAt)))
      .returning();
    if (!r) throw new AppError('NOT_FOUND', 'Маршрут не найден');
    await audit(tx, ctx, { entity: 'approval_route', entityId: id, action: 'delete', before: { title: r.title, kind: r.kind } });
  });
}

/** Whether the company routes this kind of document at all: without a route it works as it did, unapproved. */
export async function routesExist(db: Db | Tx, companyId: number, kind: ApprovalKind): Promise<boolean> {
  const r = (await db.execute(
    sql`SELECT 1 FROM approval_routes WHERE company_id = ${companyId} AND kind = ${kind} AND deleted_at IS NULL LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return r.rows.length > 0;
}

/**
 * The route for a document: the company's routes of its kind whose every condition the document meets (law, method,
 * subject, amount over the threshold), the most specific first (more conditions, then the higher threshold); else the
 * default. Amounts are compared by the database as numerics, never as floats.
 */
export async function chooseRoute(tx: Tx, companyId: number, kind: ApprovalKind, doc: ApprovalDocument): Promise<RouteRow | null> {
  const t = doc.traits;
  const r = (await tx.execute(sql`
    SELECT id FROM approval_routes
    WHERE company_id = ${companyId} AND kind = ${kind} AND deleted_at IS NULL
      AND (law IS NULL OR law = ${t.law})
      AND (method IS NULL OR method = ${t.method})
      AND (subject IS NULL OR subject = ${t.subject})
      AND (min_amount IS NULL OR (${t.amount}::numeric IS NOT NULL AND ${t.amount}::numeric > min_amount))
    ORDER BY is_default,
      ((law IS NOT NULL)::int + (method IS NOT NULL)::int + (subject IS NOT NULL)::int + (min_amount IS NOT NULL)::int) DESC,
      min_amount DESC NULLS LAST, id
    LIMIT 1`)) as unknown as { rows: { id: number }[] };
  if (!r.rows[0]) return null;
  const [row] = await tx.select().from(approvalRoutes).where(eq(approvalRoutes.id, r.rows[0].id));
  return row;
}
