import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AuthUser, Ctx, Deps } from '../../platform/context';

/**
 * The context of work done for a user outside a request (a job, the demo's first start): the user as a session would
 * carry them, acting for `companyId`. Null when the user is gone or blocked.
 */
export async function actingCtx(deps: Deps, companyId: number, userId: number): Promise<Ctx | null> {
  const [u] = await deps.db.select().from(users).where(and(eq(users.id, userId), eq(users.blocked, false)));
  if (!u) return null;
  const user: AuthUser = { id: u.id, title: u.title, login: u.login, email: u.email, role: u.role as AuthUser['role'], companyId: u.companyId, sessionId: 0 };
  return { deps, user, companyId };
}
