import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { isStaff } from '@proc/contract';
import type { Db, Tx } from '../../db/client';
import { companies, companyIdentityRequests, eisSettings, users } from '../../db/schema';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';

/**
 * A company's identity — ИНН, КПП, ОГРН — decides whose documents ЕИС gives it and on whose behalf it sends execution
 * records. So a client's change of it is a request the operator approves; the old values stay in force until then. The
 * provider's staff change it directly. One active company per ИНН+КПП, whoever asks.
 */
export interface Identity {
  inn: string;
  kpp: string | null;
  ogrn: string | null;
}

type RequestRow = typeof companyIdentityRequests.$inferSelect;

const norm = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
export const sameIdentity = (a: Identity, b: Identity) => a.inn === b.inn && norm(a.kpp) === norm(b.kpp) && norm(a.ogrn) === norm(b.ogrn);

const takenText = (inn: string, kpp: string | null) =>
  `Организация с ИНН ${inn}${kpp ? ` и КПП ${kpp}` : ' без КПП'} уже есть в системе: одна организация — одна учётная запись. Обратитесь к оператору`;

/** Refuses an ИНН+КПП another active company has (409, in Russian); the partial unique index stands behind it. */
export async function assertIdentityFree(
  db: Db | Tx,
  inn: string,
  kpp: string | null | undefined,
  exceptCompanyId?: number,
): Promise<void> {
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.inn, inn),
        sql`COALESCE(${companies.kpp}, '') = ${norm(kpp) ?? ''}`,
        isNull(companies.deletedAt),
        exceptCompanyId !== undefined ? ne(companies.id, exceptCompanyId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw new AppError('CONFLICT', takenText(inn, norm(kpp)), { inn: ['Организация с таким ИНН и КПП уже есть'] });
}

/** Two requests at once pass the check: the index refuses the second, with the same words. */
export function identityTakenOr(e: unknown, inn: string, kpp: string | null | undefined): never {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const db = err.cause ?? err;
  if (db.code === '23505' && db.constraint === 'companies_inn_kpp_active_uq') {
    throw new AppError('CONFLICT', takenText(inn, norm(kpp)), { inn: ['Организация с таким ИНН и КПП уже есть'] });
  }
  throw e;
}

/** The company's identity in force, and the ЕИС settings' copy of it kept the same. */
async function applyIdentity(tx: Tx, companyId: number, next: Identity): Promise<void> {
  const values = { inn: next.inn, kpp: norm(next.kpp), ogrn: norm(next.ogrn) };
  try {
    await tx.update(companies).set(values).where(eq(companies.id, companyId));
  } catch (e) {
    identityTakenOr(e, next.inn, next.kpp);
  }
  await tx.update(eisSettings).set(values).where(eq(eisSettings.companyId, companyId));
}

export const identityRequestResponse = (r: RequestRow) => ({
  id: r.id,
  status: r.status,
  inn: r.inn,
  kpp: r.kpp,
  ogrn: r.ogrn,
  old_inn: r.oldInn,
  old_kpp: r.oldKpp,
  old_ogrn: r.oldOgrn,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
});

/** What the company's screens show: the pending request, else the last one refused (with the operator's reason). */
export async function latestIdentityRequest(db: Db, companyId: number): Promise<ReturnType<typeof identityRequestResponse> | null> {
  const [r] = await db
    .select()
    .from(companyIdentityRequests)
    .where(eq(companyIdentityRequests.companyId, companyId))
    .orderBy(desc(companyIdentityRequests.id))
    .limit(1);
  return r && r.status !== 'approved' ? identityRequestResponse(r) : null;
}

/**
 * A change of the company's identity asked inside the caller's transaction: applied at once for the provider's staff,
 * filed for the operator otherwise (a pending request is replaced by a newer one). Returns the request filed, or null.
 */
export async function changeIdentity(tx: Tx, ctx: Ctx, next: Identity): Promise<RequestRow | null> {
  const [current] = await tx.select().from(companies).where(eq(companies.id, ctx.companyId)).for('update');
  if (!current) throw new AppError('NOT_FOUND');
  const old: Identity = { inn: current.inn ?? '', kpp: current.kpp, ogrn: current.ogrn };
  // the values in force are no change (a pending request stays: the ЕИС settings form shows them while it waits)
  if (sameIdentity(old, next)) return null;
  await assertIdentityFree(tx, next.inn, next.kpp, ctx.companyId);
  if (isStaff(ctx.user.role)) {
    await applyIdentity(tx, ctx.companyId, next);
    return null;
  }
  const [pending] = await tx
    .select()
    .from(companyIdentityRequests)
    .where(and(eq(companyIdentityRequests.companyId, ctx.companyId), eq(companyIdentityRequests.status, 'pending')));
  const values = {
    inn: next.inn,
    kpp: norm(next.kpp),
    ogrn: norm(next.ogrn),
    oldInn: current.inn,
    oldKpp: current.kpp,
    oldOgrn: current.ogrn,
    requestedBy: ctx.user.id,
    createdAt: new Date(),
  };
  const [row] = pending
    ? await tx.update(companyIdentityRequests).set(values).where(eq(companyIdentityRequests.id, pending.id)).returning()
    : await tx
        .insert(companyIdentityRequests)
        .values({ companyId: ctx.companyId, ...values })
        .returning();
  await audit(tx, ctx, {
    entity: 'company',
    entityId: ctx.companyId,
    action: 'identity_request',
    before: { inn: current.inn, kpp: current.kpp, ogrn: current.ogrn },
    after: { inn: row.inn, kpp: row.kpp, ogrn: row.ogrn, request_id: row.id },
  });
  return row;
}

export async function listIdentityRequests(deps: Deps, status: RequestRow['status']) {
  const rows = await deps.db
    .select({ r: companyIdentityRequests, companyTitle: companies.title, requestedBy: users.title })
    .from(companyIdentityRequests)
    .innerJoin(companies, eq(companies.id, companyIdentityRequests.companyId))
    .leftJoin(users, eq(users.id, companyIdentityRequests.requestedBy))
    .where(eq(companyIdentityRequests.status, status))
    .orderBy(desc(companyIdentityRequests.id))
    .limit(200);
  return rows.map(({ r, companyTitle, requestedBy }) => ({
    ...identityRequestResponse(r),
    company_id: r.companyId,
    company_title: companyTitle,
    requested_by: requestedBy,
  }));
}

/** The operator's decision: approved, the new identity is in force (if still free); refused, the old one stays. */
export async function decideIdentityRequest(
  deps: Deps,
  by: AuthUser,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyIdentityRequests).where(eq(companyIdentityRequests.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('INVALID_STATE', 'Заявка уже рассмотрена');
    const ctx = { user: by, companyId: row.companyId };
    const asked = { inn: row.inn, kpp: row.kpp, ogrn: row.ogrn };
    if (decision.approve) {
      await assertIdentityFree(tx, row.inn, row.kpp, row.companyId);
      const [before] = await tx
        .select({ inn: companies.inn, kpp: companies.kpp, ogrn: companies.ogrn })
        .from(companies)
        .where(eq(companies.id, row.companyId));
      await applyIdentity(tx, row.companyId, asked);
      await audit(tx, ctx, {
        entity: 'company',
        entityId: row.companyId,
        action: 'identity_approve',
        before,
        after: { ...asked, request_id: id },
      });
    } else {
      await audit(tx, ctx, {
        entity: 'company',
        entityId: row.companyId,
        action: 'identity_reject',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: decision.reason, ...asked, request_id: id },
      });
    }
    const [r] = await tx
      .update(companyIdentityRequests)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        decidedBy: by.id,
        decidedAt: new Date(),
      })
      .where(eq(companyIdentityRequests.id, id))
      .returning();
    return identityRequestResponse(r);
  });
}
