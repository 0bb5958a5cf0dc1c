import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isStaff } from '@proc/contract';
import type { Db, Tx } from '../../db/client';
import { companies, companyIdentityRequests, eisSettings, users } from '../../db/schema';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/clock';

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
/**
 * An ИНН without a КПП is the whole organisation (an ИП has no КПП; a legal entity typed without one claims every
 * branch): beside it no other active company may have that ИНН, with a КПП or without.
 */
const wholeTakenText = (inn: string, kpp: string | null) =>
  kpp
    ? `Организация с ИНН ${inn} без КПП уже есть в системе: организация с тем же ИНН и КПП ${kpp} не может быть заведена отдельно. Обратитесь к оператору`
    : `Организации с ИНН ${inn} уже есть в системе (с КПП): без КПП этот ИНН не может быть заведён ещё раз — укажите КПП. Обратитесь к оператору`;
const TAKEN_FIELD = { inn: ['Организация с таким ИНН и КПП уже есть'] };

/**
 * Refuses an identity another active company holds (409, in Russian): the same ИНН+КПП, or the same ИНН where either
 * side has no КПП. The unique index and the trigger of migration 0028 stand behind it.
 */
export async function assertIdentityFree(
  db: Db | Tx,
  inn: string,
  kpp: string | null | undefined,
  exceptCompanyId?: number,
): Promise<void> {
  const k = norm(kpp);
  const [other] = await db
    .select({ id: companies.id, kpp: companies.kpp })
    .from(companies)
    .where(
      and(
        eq(companies.inn, inn),
        k === null ? undefined : sql`(${companies.kpp} IS NULL OR ${companies.kpp} = '' OR ${companies.kpp} = ${k})`,
        isNull(companies.deletedAt),
        exceptCompanyId !== undefined ? ne(companies.id, exceptCompanyId) : undefined,
      ),
    )
    .orderBy(companies.id)
    .limit(1);
  if (!other) return;
  if (k !== null && norm(other.kpp) === k) throw new AppError('CONFLICT', takenText(inn, k), TAKEN_FIELD);
  if (k === null && norm(other.kpp) === null) throw new AppError('CONFLICT', takenText(inn, null), TAKEN_FIELD);
  throw new AppError('CONFLICT', wholeTakenText(inn, k), TAKEN_FIELD);
}

/** Two requests at once pass the check: the index or the trigger refuses the second, with the same words. */
export function identityTakenOr(e: unknown, inn: string, kpp: string | null | undefined): never {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const db = err.cause ?? err;
  if (db.code === '23505' && db.constraint === 'companies_inn_kpp_active_uq')
    throw new AppError('CONFLICT', takenText(inn, norm(kpp)), TAKEN_FIELD);
  if (db.code === '23505' && db.constraint === 'companies_inn_without_kpp_uq')
    throw new AppError('CONFLICT', wholeTakenText(inn, norm(kpp)), TAKEN_FIELD);
  throw e;
}

/**
 * Other active organisations that use the ИНН a request asks for (with another КПП: a branch, or a mistyped ИНН of
 * someone else). The operator sees them in the queue and must give a reason to approve: approved, the
 * company would receive their documents from ЕИС.
 */
export async function innHolders(db: Db | Tx, pairs: { companyId: number; inn: string }[]) {
  const inns = [...new Set(pairs.map((p) => p.inn))];
  if (!inns.length) return new Map<string, { company_id: number; title: string | null; kpp: string | null }[]>();
  const rows = await db
    .select({ id: companies.id, title: companies.title, inn: companies.inn, kpp: companies.kpp })
    .from(companies)
    .where(and(inArray(companies.inn, inns), isNull(companies.deletedAt)))
    .orderBy(companies.id);
  const by = new Map<string, { company_id: number; title: string | null; kpp: string | null }[]>();
  for (const p of pairs)
    by.set(
      `${p.companyId}:${p.inn}`,
      rows.filter((r) => r.inn === p.inn && r.id !== p.companyId).map((r) => ({ company_id: r.id, title: r.title, kpp: r.kpp })),
    );
  return by;
}

const holdersText = (holders: { title: string | null; kpp: string | null }[]) =>
  holders.map((h) => `«${h.title ?? 'без названия'}»${h.kpp ? ` (КПП ${h.kpp})` : ''}`).join(', ');

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
    createdAt: now(),
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
  // one query for the whole page: who else uses each ИНН asked for (only a pending request still needs to know)
  const holders = await innHolders(
    deps.db,
    rows.filter(({ r }) => r.status === 'pending').map(({ r }) => ({ companyId: r.companyId, inn: r.inn })),
  );
  return rows.map(({ r, companyTitle, requestedBy }) => ({
    ...identityRequestResponse(r),
    company_id: r.companyId,
    company_title: companyTitle,
    requested_by: requestedBy,
    inn_holders: holders.get(`${r.companyId}:${r.inn}`) ?? [],
  }));
}

/** The operator's decision: approved, the new identity is in force (if still free); refused, the old one stays. */
export async function decideIdentityRequest(
  deps: Deps,
  by: AuthUser,
  id: number,
  decision: { approve: true; reason?: string | null } | { approve: false; reason: string },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyIdentityRequests).where(eq(companyIdentityRequests.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('INVALID_STATE', 'Заявка уже рассмотрена');
    const ctx = { user: by, companyId: row.companyId };
    const asked = { inn: row.inn, kpp: row.kpp, ogrn: row.ogrn };
    if (decision.approve) {
      await assertIdentityFree(tx, row.inn, row.kpp, row.companyId);
      const holders = (await innHolders(tx, [{ companyId: row.companyId, inn: row.inn }])).get(`${row.companyId}:${row.inn}`) ?? [];
      if (holders.length && !decision.reason?.trim())
        throw new AppError(
          'VALIDATION',
          `ИНН ${row.inn} уже есть у ${holders.length === 1 ? 'организации' : 'организаций'} ${holdersText(holders)}: чтобы подтвердить смену, укажите причину (например, это обособленное подразделение)`,
          { reason: ['Укажите причину: ИНН уже есть у другой организации'] },
        );
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
        after: { ...asked, request_id: id, ...(decision.reason?.trim() ? { reason: decision.reason.trim() } : {}) },
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
        // an approval's reason is kept too: why an ИНН another organisation holds was allowed
        reason: decision.reason?.trim() || null,
        decidedBy: by.id,
        decidedAt: now(),
      })
      .where(eq(companyIdentityRequests.id, id))
      .returning();
    return identityRequestResponse(r);
  });
}
