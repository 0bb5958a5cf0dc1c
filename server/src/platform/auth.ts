import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaff, type Role } from '@proc/contract';
import type { Db, Tx } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import type { AuthUser } from './context';
import { hashToken } from './passwords';
import { AppError } from './errors';
import { keptUsers } from './session-cache';
import { preparedStatements } from '../db/prepared';
import { now as clockNow, nowMs } from './clock';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** How often a session's last use is written: the idle timeout and the sessions list need minutes, not requests. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The session lookup of every request, built once per database and prepared: building the statement (drizzle's query
 * builder) cost more CPU than running it on the hot path of every authenticated read.
 */
const userByTokenStatement = preparedStatements('user_by_token', (db: Tx, name) =>
  db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      title: users.title,
      login: users.login,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
      blocked: users.blocked,
      ownCompanyId: companies.id,
      ownCompanyDeletedAt: companies.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare(name),
);

/**
 * The signed-in user of a bearer token; null when the session ended, expired or sat unused longer than `idleHours`.
 * A user found is kept two seconds (session-cache.ts); a token not found is asked of the database every time.
 */
export function userByToken(db: Db, token: string, idleHours: number): Promise<AuthUser | null> {
  const hash = hashToken(token);
  return keptUsers(db).remember(
    hash,
    async (): Promise<AuthUser | null> => {
      const now = nowMs();
      const [row] = await userByTokenStatement(db, '').execute({
        hash,
        now: new Date(now).toISOString(),
        idleSince: new Date(now - idleHours * 3600_000).toISOString(),
      });
      if (!row || row.blocked) return null;
      if (nowMs() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
        await db.update(sessions).set({ lastUsedAt: clockNow() }).where(eq(sessions.id, row.sessionId));
      const { ownCompanyId, ownCompanyDeletedAt, blocked: _blocked, lastUsedAt: _lastUsedAt, ...user } = row;
      return { ...user, role: row.role as Role, ownCompanyActive: ownCompanyId !== null && ownCompanyDeletedAt === null };
    },
    (user) => user !== null,
  );
}

/**
 * Which of these sessions are still live: not ended, not past their TTL, used within `idleHours`, of a user not
 * blocked. Read without touching the sessions, so a connected socket alone does not keep an idle session alive.
 */
export async function liveSessionIds(db: Db, ids: number[], idleHours: number): Promise<Set<number>> {
  const live = new Set<number>();
  const now = nowMs();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, ids.slice(i, i + 1000)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
          gt(sessions.lastUsedAt, new Date(now - idleHours * 3600_000)),
          eq(users.blocked, false),
        ),
      );
    for (const r of rows) live.add(r.id);
  }
  return live;
}

export const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() || null : null;
};

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHORIZED');
  return req.user;
}

export function requireStaff(req: FastifyRequest): AuthUser {
  const user = requireUser(req);
  if (!isStaff(user.role)) throw new AppError('FORBIDDEN');
  return user;
}

export function requireRole(req: FastifyRequest, roles: readonly Role[]): AuthUser {
  const user = requireUser(req);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  return user;
}

/** preHandler for routes that need a signed-in user. */
export async function authenticated(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(req);
}
