import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { SessionResponse } from '@proc/contract';
import { AppError } from '../../platform/errors';
import { deviceLabel } from './device';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken, newToken } from '../../platform/passwords';
import { forgetUsers } from '../../platform/session-cache';
import { now as clockNow, nowMs } from '../../platform/clock';

export async function openSession(db: Db, userId: number, ttlHours: number, client: { ip: string; userAgent?: string }): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(nowMs() + ttlHours * 3600_000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: clockNow() }).where(eq(sessions.id, sessionId));
  forgetUsers(db);
}

/** Every open session of a user (password change, block): returns their ids so sockets can be dropped too. */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: clockNow() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  forgetUsers(db);
  return rows.map((r) => r.id);
}

/** The user's live sessions (not ended, not past their TTL, not idle too long), most recently used first. */
export async function listOwnSessions(db: Db, user: { id: number; sessionId: number }, idleHours: number): Promise<SessionResponse[]> {
  const now = nowMs();
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastUsedAt, new Date(now - idleHours * 3600_000)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    device: deviceLabel(s.userAgent),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === user.sessionId,
  }));
}

/** Ends one of the user's own sessions; another user's session id is "not found". */
export async function endOwnSession(db: Db, user: { id: number }, sessionId: number): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: clockNow() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  forgetUsers(db);
  if (!rows.length) throw new AppError('NOT_FOUND', 'Сеанс не найден или уже завершён');
}
