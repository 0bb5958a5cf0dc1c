import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RegistrationItem, RegistrationRequest, RegistrationResponse } from '@proc/contract';
import type { Deps, AuthUser } from '../../platform/context';
import { companies, registrations, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { hashPassword, hashToken } from '../../platform/passwords';
import { assertIdentityFree, identityTakenOr } from '../companies';
import { checkEmailCode, markEmailCodeUsed } from './email-codes';
import { emitRegistrationEvent } from '../../platform/registration-events';
import { now } from '../../platform/clock';

type Row = typeof registrations.$inferSelect;
const toResponse = (r: Row): RegistrationResponse => ({
  id: r.id,
  status: r.status as RegistrationResponse['status'],
  reason: r.reason,
  company_title: (r.company as { title: string }).title,
  user_login: r.login,
  created_at: r.createdAt.toISOString(),
});

/** Creates a pending registration; returns it with a ticket the applicant's browser uses to watch its status. */
export async function register(deps: Deps, input: RegistrationRequest): Promise<RegistrationResponse & { ticket: string }> {
  const login = input.user.login.trim();
  // the code first: without it nobody learns whether a login is taken
  const codeId = await checkEmailCode(deps.db, input.user.email, input.email_code);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.login, login)).limit(1);
  const [pending] = await deps.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.login, login), eq(registrations.status, 'pending')))
    .limit(1);
  if (taken || pending) throw new AppError('CONFLICT', 'Пользователь с таким логином уже существует', { 'user.login': ['Логин занят'] });
  const passwordHash = await hashPassword(input.user.password);
  const ticket = crypto.randomBytes(24).toString('base64url');
  const row = await deps.db.transaction(async (tx) => {
    await markEmailCodeUsed(tx, codeId);
    const [r] = await tx
      .insert(registrations)
      .values({
        company: { ...input.company, ticket_hash: hashToken(ticket) },
        userTitle: input.user.title,
        login,
        email: input.user.email.toLowerCase(),
        phone: input.user.phone ?? null,
        passwordHash,
      })
      .returning();
    // the applicant has no user yet, and no company exists: a global entry of the system
    await audit(
      tx,
      { user: null, companyId: null },
      {
        entity: 'registration',
        entityId: r.id,
        action: 'create',
        after: { company_title: input.company.title, inn: input.company.inn, login, email: r.email, user_title: r.userTitle },
      },
    );
    return r;
  });
  // the application is stored: the operators' tasks follow it (a failure there leaves it in /registrations all the same)
  await emitRegistrationEvent(deps, { type: 'created', id: row.id, companyTitle: input.company.title });
  return { ...toResponse(row), ticket };
}

export async function registrationByTicket(deps: Deps, ticket: string): Promise<RegistrationResponse> {
  const [row] = await deps.db
    .select()
    .from(registrations)
    .where(sql`${registrations.company}->>'ticket_hash' = ${hashToken(ticket)}`)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toResponse(row);
}

export async function listRegistrations(deps: Deps, status: string): Promise<RegistrationItem[]> {
  const rows = await deps.db
    .select()
    .from(registrations)
    .where(eq(registrations.status, status))
    .orderBy(desc(registrations.id))
    .limit(200);
  return rows.map((r) => ({ ...toResponse(r), inn: (r.company as { inn: string }).inn, email: r.email, user_title: r.userTitle }));
}

/** Decides an application, then closes the operators' tasks and mails the applicant the decision. */
export async function decideRegistration(
  deps: Deps,
  by: AuthUser,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<RegistrationResponse> {
  const { response, mail } = await decideInTransaction(deps, by, id, decision);
  // the decision stands whether or not the mail goes: the applicant's page shows it too
  await emitRegistrationEvent(deps, { type: 'decided', id, ...mail });
  return response;
}

async function decideInTransaction(deps: Deps, by: AuthUser, id: number, decision: { approve: true } | { approve: false; reason: string }) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('INVALID_STATE', 'Заявка уже рассмотрена');
    if (!decision.approve) {
      const [r] = await tx
        .update(registrations)
        .set({ status: 'rejected', reason: decision.reason, decidedBy: by.id, decidedAt: now() })
        .where(eq(registrations.id, id))
        .returning();
      // no company exists for a refused application: the entry is global (admin reads it)
      await audit(
        tx,
        { user: by, companyId: null },
        {
          entity: 'registration',
          entityId: id,
          action: 'reject',
          before: { status: 'pending' },
          after: { status: 'rejected', reason: decision.reason, company_title: (row.company as { title: string }).title, login: row.login },
        },
      );
      return { response: toResponse(r), mail: mailOf(row, false, decision.reason) };
    }
    // staff may have given the login to a user meanwhile: the operator reads why, the application stays pending
    const [clash] = await tx.select({ id: users.id }).from(users).where(eq(users.login, row.login)).limit(1);
    if (clash)
      throw new AppError(
        'CONFLICT',
        `Логин «${row.login}» уже занят пользователем системы: одобрить заявку нельзя, отклоните её с этой причиной`,
      );
    const c = row.company as {
      inn: string;
      kpp?: string | null;
      ogrn?: string | null;
      title: string;
      full_title?: string | null;
      address?: string | null;
    };
    // the application stays pending: the operator rejects it with a reason, or the other company is removed first
    await assertIdentityFree(tx, c.inn, c.kpp);
    const [company] = await tx
      .insert(companies)
      .values({
        title: c.title,
        fullTitle: c.full_title ?? null,
        inn: c.inn,
        kpp: c.kpp ?? null,
        ogrn: c.ogrn ?? null,
        address: c.address ?? null,
      })
      .returning()
      .catch((e: unknown) => identityTakenOr(e, c.inn, c.kpp));
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        login: row.login,
        title: row.userTitle,
        email: row.email,
        phone: row.phone,
        role: 'client',
        passwordHash: row.passwordHash,
      })
      .returning();
    const [r] = await tx
      .update(registrations)
      .set({ status: 'approved', decidedBy: by.id, decidedAt: now(), companyId: company.id, userId: user.id })
      .where(eq(registrations.id, id))
      .returning();
    const ctx = { user: by, companyId: company.id };
    await audit(tx, ctx, {
      entity: 'registration',
      entityId: id,
      action: 'approve',
      before: { status: 'pending' },
      after: { status: 'approved', company_id: company.id, user_id: user.id },
    });
    await audit(tx, ctx, {
      entity: 'company',
      entityId: company.id,
      action: 'create',
      after: {
        title: company.title,
        full_title: company.fullTitle,
        inn: company.inn,
        kpp: company.kpp,
        ogrn: company.ogrn,
        address: company.address,
        registration_id: id,
      },
    });
    await audit(tx, ctx, {
      entity: 'user',
      entityId: user.id,
      action: 'create',
      after: { login: user.login, title: user.title, email: user.email, role: user.role, registration_id: id },
    });
    return { response: toResponse(r), mail: mailOf(row, true, null) };
  });
}

const mailOf = (row: Row, approved: boolean, reason: string | null) => ({
  email: row.email,
  userTitle: row.userTitle,
  login: row.login,
  companyTitle: (row.company as { title: string }).title,
  approved,
  reason,
});
