import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditItem, AuditQuery, Paged } from '@proc/contract';
import type { AuthUser, Deps } from '../../platform/context';
import { auditLog, companies, companyGrants, users } from '../../db/schema';
import { canActFor } from '../../platform/tenancy';
import { AppError } from '../../platform/errors';
import { withRefs } from './audit-refs';
import { moscowDayEnd, moscowDayStart } from '../../platform/clock';

/** Companies whose trail the user may read: null = all (admin); others their own and the granted ones. */
async function visibleCompanies(deps: Deps, user: AuthUser): Promise<number[] | null> {
  if (user.role === 'admin') return null;
  const grants = await deps.db.select({ id: companyGrants.companyId }).from(companyGrants).where(eq(companyGrants.userId, user.id));
  return [user.companyId, ...grants.map((g) => g.id)];
}

type Row = typeof auditLog.$inferSelect & { companyTitle: string | null; userTitle: string | null };
const itemOf = (r: Row): AuditItem => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  company_id: r.companyId,
  company_title: r.companyTitle,
  user_id: r.userId,
  user_title: r.userTitle,
  entity: r.entity,
  entity_id: r.entityId,
  action: r.action,
  before: r.before ?? null,
  after: r.after ?? null,
});

/** `visible`: what visibleCompanies gave, read once per request (it scopes the rows and the names of their references). */
async function scope(deps: Deps, user: AuthUser, visible: number[] | null, companyId?: number): Promise<SQL | undefined> {
  if (companyId !== undefined) {
    if (!(await canActFor(deps.db, user, companyId))) throw new AppError('NOT_FOUND');
    return eq(auditLog.companyId, companyId);
  }
  return visible ? inArray(auditLog.companyId, visible) : undefined;
}

async function page(deps: Deps, visible: number[] | null, where: SQL | undefined, limit: number, offset: number) {
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select({ log: auditLog, companyTitle: companies.title, userTitle: users.title })
      .from(auditLog)
      .leftJoin(companies, eq(companies.id, auditLog.companyId))
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  const items = rows.map((r) => itemOf({ ...r.log, companyTitle: r.companyTitle, userTitle: r.userTitle }));
  return { items: await withRefs(deps, items, visible), total: n };
}

/** The trail, newest first, limited to the companies the user may act for. */
export async function listAudit(deps: Deps, user: AuthUser, q: AuditQuery): Promise<Paged<AuditItem>> {
  const visible = await visibleCompanies(deps, user);
  const conds: (SQL | undefined)[] = [await scope(deps, user, visible, q.company_id)];
  if (q.entity) {
    const kinds = q.entity
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    conds.push(kinds.length === 1 ? eq(auditLog.entity, kinds[0]) : inArray(auditLog.entity, kinds));
  }
  if (q.entity_id) conds.push(eq(auditLog.entityId, q.entity_id));
  if (q.user_id) conds.push(eq(auditLog.userId, q.user_id));
  if (q.from) conds.push(gte(auditLog.createdAt, moscowDayStart(q.from)));
  if (q.to) conds.push(lt(auditLog.createdAt, moscowDayEnd(q.to)));
  if (q.q) {
    conds.push(
      sql`to_tsvector('russian', ${auditLog.entity} || ' ' || ${auditLog.action} || ' ' || coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, '')) @@ plainto_tsquery('russian', ${q.q})`,
    );
  }
  const { items, total } = await page(deps, visible, and(...conds), q.limit, (q.page - 1) * q.limit);
  return { items, total, page: q.page, limit: q.limit };
}

/** One object's history, oldest first. An object with no visible entries is "not found". */
export async function objectHistory(deps: Deps, user: AuthUser, entity: string, entityId: string): Promise<AuditItem[]> {
  const visible = await visibleCompanies(deps, user);
  const where = and(await scope(deps, user, visible), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId));
  const { items } = await page(deps, visible, where, 1000, 0);
  if (!items.length) throw new AppError('NOT_FOUND');
  return items.reverse();
}
