import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isId } from '@proc/contract';
import type { Db } from '../db/client';
import { companies, companyGrants } from '../db/schema';
import type { AuthUser, Ctx, Deps } from './context';
import { requireUser } from './auth';
import { AppError } from './errors';
import { keptAccess } from './session-cache';

/**
 * The single place that decides whether a user may act for a company:
 * a client only for its own; admin for every company; other staff for their own and the ones granted to them. A yes is
 * kept 2 s (session-cache.ts); a change of grants, users or companies forgets it at once.
 */
export async function canActFor(db: Db, user: AuthUser, companyId: number): Promise<boolean> {
  if (!isId(companyId)) return false;
  if (companyId === user.companyId && user.ownCompanyActive !== undefined) return user.ownCompanyActive;
  return keptAccess(db).remember(
    `${user.id}|${user.role}|${user.companyId}|${companyId}`,
    () => lookUpAccess(db, user, companyId),
    (ok) => ok,
  );
}

async function lookUpAccess(db: Db, user: AuthUser, companyId: number): Promise<boolean> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) return false;
  if (user.role === 'client') return user.companyId === companyId;
  if (user.role === 'admin' || user.companyId === companyId) return true;
  const [grant] = await db
    .select({ c: companyGrants.companyId })
    .from(companyGrants)
    .where(and(eq(companyGrants.userId, user.id), eq(companyGrants.companyId, companyId)))
    .limit(1);
  return !!grant;
}

/** The company a request acts for: the path's, else the `X-Company-Id` header (the picker's choice), else the user's own. */
export function requestedCompanyId(req: FastifyRequest, fromPath?: number): number {
  if (fromPath !== undefined) return fromPath;
  const header = req.headers['x-company-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^\d+$/.test(value)) return Number(value);
  return requireUser(req).companyId;
}

/** Authorises the request for its company and returns the service context. A company the user may not see is "not found". */
export async function companyCtx(deps: Deps, req: FastifyRequest, fromPath?: number): Promise<Ctx> {
  const user = requireUser(req);
  const companyId = requestedCompanyId(req, fromPath);
  if (!(await canActFor(deps.db, user, companyId))) throw new AppError('NOT_FOUND');
  return { deps, user, companyId };
}
