import { and, eq } from 'drizzle-orm';
import { canEdit } from '@proc/contract';
import { eisSettings, users } from '../../db/schema';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { canActFor } from '../../platform/tenancy';
import { audit } from '../../platform/audit';

/**
 * The context of work done for a user outside a request (a job, the demo's first start): the user as a session would
 * carry them, acting for `companyId`. Null when the user is gone or blocked.
 */
export async function actingCtx(deps: Deps, companyId: number, userId: number): Promise<Ctx | null> {
  const [u] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.blocked, false)));
  if (!u) return null;
  const user: AuthUser = {
    id: u.id,
    title: u.title,
    login: u.login,
    email: u.email,
    role: u.role as AuthUser['role'],
    companyId: u.companyId,
    sessionId: 0,
  };
  return { deps, user, companyId };
}

/**
 * The acting user of work that changes the company's data (the daily sync, a period import) checked again before each
 * run, as a request of theirs would be: not blocked or deleted, still allowed to act for the company (a withdrawn grant,
 * a deleted company) and in a role that edits. Otherwise what is wrong, as a phrase about the user.
 */
export async function actingEditor(deps: Deps, companyId: number, userId: number | null): Promise<{ ctx: Ctx } | { refused: string }> {
  const [u] = userId ? await deps.db.select().from(users).where(eq(users.id, userId)) : [];
  const refused = (why: string) => ({ refused: `пользователь ${u ? `«${u.title}» (${u.login})` : 'сохранивший токен'} ${why}` });
  if (!u) return refused('удалён');
  if (u.blocked) return refused('заблокирован');
  const ctx = await actingCtx(deps, companyId, u.id);
  if (!ctx || !(await canActFor(deps.db, ctx.user, companyId))) return refused('больше не может действовать за организацию');
  if (!canEdit(ctx.user.role)) return refused('больше не может изменять данные организации');
  return { ctx };
}

/** What the company's ЕИС screens say of a sync stopped for its acting user. */
export const syncStoppedText = (refused: string) => `Синхронизация остановлена: ${refused} — сохраните токен заново`;

/** Keeps on the company's ЕИС settings why its sync does not run (null: it runs again); the trail has the stop. */
export async function markSyncStopped(deps: Deps, companyId: number, reason: string | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ syncStopped: eisSettings.syncStopped })
      .from(eisSettings)
      .where(eq(eisSettings.companyId, companyId))
      .for('update');
    if (!row || row.syncStopped === reason) return;
    await tx.update(eisSettings).set({ syncStopped: reason }).where(eq(eisSettings.companyId, companyId));
    if (reason)
      await audit(
        tx,
        { user: null, companyId },
        { entity: 'eis_settings', entityId: companyId, action: 'sync_stopped', after: { reason } },
      );
  });
}
