import { assertTariffAllows } from '../tariffs';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isStaff,
  ROLE_TITLES,
  type UsersQuery,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserResponse,
  type Paged,
  type Role,
} from '@proc/contract';
import type { AuthUser, Deps } from '../../platform/context';
import { companies, companyGrants, registrations, users } from '../../db/schema';
import { audit, changes } from '../../platform/audit';
import { AppError, NO_CHANGES, databaseDataError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { canActFor } from '../../platform/tenancy';
import { revokeUserSessions } from '../auth';

const MANAGERS: Role[] = ['admin', 'administrator'];

/** Staff see users of the companies they may act for; admin sees all. */
async function visibleCompanyIds(deps: Deps, actor: AuthUser): Promise<number[] | null> {
  if (actor.role === 'admin') return null;
  const granted = await deps.db.select({ id: companyGrants.companyId }).from(companyGrants).where(eq(companyGrants.userId, actor.id));
  return [actor.companyId, ...granted.map((g) => g.id)];
}

export async function listUsers(deps: Deps, actor: AuthUser, q: z.infer<typeof UsersQuery>): Promise<Paged<UserResponse>> {
  const filters: SQL[] = [];
  const visible = await visibleCompanyIds(deps, actor);
  if (visible) filters.push(inArray(users.companyId, visible));
  if (q.q?.trim()) {
    const s = `%${q.q.trim()}%`;
    filters.push(or(ilike(users.title, s), ilike(users.login, s), ilike(users.email, s), ilike(companies.title, s))!);
  }
  if (q.role) filters.push(eq(users.role, q.role));
  const where = filters.length ? and(...filters) : undefined;
  const col = q.sort === 'login' ? users.login : q.sort === 'created_at' ? users.createdAt : sql`${users.title} COLLATE "und-x-icu"`;
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select({ u: users, companyTitle: companies.title })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(q.order === 'desc' ? desc(col) : asc(col), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    deps.db.select({ n: count() }).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  const ids = rows.map((r) => r.u.id);
  const grants = ids.length ? await deps.db.select().from(companyGrants).where(inArray(companyGrants.userId, ids)) : [];
  return {
    items: rows.map(({ u, companyTitle }) => ({
      id: u.id,
      title: u.title,
      login: u.login,
      email: u.email,
      phone: u.phone,
      role: u.role as Role,
      company_id: u.companyId,
      company_title: companyTitle,
      blocked: u.blocked,
      granted_company_ids: grants.filter((g) => g.userId === u.id).map((g) => g.companyId),
      created_at: u.createdAt.toISOString(),
    })),
    total: n,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * The one rule of who manages whom: `admin` manages everyone; an `administrator` manages a user only when it may itself
 * act for that user's own company and for every company granted to them (so a password reset never opens a company the
 * administrator was not granted), and never an `admin`. Other roles manage nobody.
 */
export async function mayManage(deps: Deps, actor: AuthUser, target: { id: number; role: string; companyId: number }): Promise<boolean> {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'administrator' || target.role === 'admin') return false;
  const granted = await deps.db.select({ id: companyGrants.companyId }).from(companyGrants).where(eq(companyGrants.userId, target.id));
  for (const companyId of [target.companyId, ...granted.map((g) => g.id)]) {
    if (!(await canActFor(deps.db, actor, companyId))) return false;
  }
  return true;
}

/**
 * The one rule of roles by the kind of company: staff roles (they read the registration queue, approve tenants and
 * manage users) belong only to users of the provider's company, the one that holds the staff; a customer's user is a
 * client, on creation and on every change.
 */
export async function assertRoleFitsCompany(deps: Deps, role: Role, companyId: number): Promise<void> {
  if (!isStaff(role)) return;
  const [c] = await deps.db.select({ isProvider: companies.isProvider }).from(companies).where(eq(companies.id, companyId));
  if (c?.isProvider) return;
  const reason = `Роль «${ROLE_TITLES[role]}» — роль сотрудника оператора системы: пользователю организации-заказчика доступна только роль «${ROLE_TITLES.client}»`;
  throw new AppError('VALIDATION', reason, { role: [reason] });
}

async function loadManaged(deps: Deps, actor: AuthUser, id: number) {
  if (!MANAGERS.includes(actor.role)) throw new AppError('FORBIDDEN');
  const [u] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!u || !(await canActFor(deps.db, actor, u.companyId))) throw new AppError('NOT_FOUND');
  if (!(await mayManage(deps, actor, u)))
    throw new AppError(
      'FORBIDDEN',
      'Пользователь работает с организациями, к которым у вас нет доступа: им управляет главный администратор',
    );
  return u;
}

const loginTaken = () => new AppError('CONFLICT', 'Пользователь с таким логином уже существует', { login: ['Логин занят'] });

export async function createUser(deps: Deps, actor: AuthUser, input: z.infer<typeof CreateUserRequest>) {
  if (!MANAGERS.includes(actor.role)) throw new AppError('FORBIDDEN');
  if (input.role === 'admin' && actor.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Назначить роль главного администратора может только главный администратор');
  if (!(await canActFor(deps.db, actor, input.company_id))) throw new AppError('NOT_FOUND');
  await assertRoleFitsCompany(deps, input.role, input.company_id);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.login, input.login));
  if (taken) throw loginTaken();
  // a pending application holds its login: approving it later would find the login taken
  const [held] = await deps.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.login, input.login), eq(registrations.status, 'pending')))
    .limit(1);
  if (held)
    throw new AppError('CONFLICT', 'Этот логин указан в заявке на регистрацию, которая ждёт решения оператора: выберите другой логин', {
      login: ['Логин занят заявкой на регистрацию'],
    });
  const passwordHash = await hashPassword(input.password);
  return deps.db
    .transaction(async (tx) => {
      await assertTariffAllows({ deps, user: actor, companyId: input.company_id }, 'users', tx);
      const [u] = await tx
        .insert(users)
        .values({
          companyId: input.company_id,
          login: input.login,
          title: input.title,
          email: input.email ?? null,
          phone: input.phone ?? null,
          role: input.role,
          passwordHash,
        })
        .returning();
      await audit(
        tx,
        { user: actor, companyId: u.companyId },
        {
          entity: 'user',
          entityId: u.id,
          action: 'create',
          after: { login: u.login, title: u.title, email: u.email, phone: u.phone, role: u.role, company_id: u.companyId },
        },
      );
      return u.id;
    })
    .catch((e: unknown) => {
      // a second «Сохранить» sent before the first answered passed the check above: the unique login decided, in words
      if (databaseDataError(e)?.code === 'CONFLICT') throw loginTaken();
      throw e;
    });
}

export async function updateUser(deps: Deps, actor: AuthUser, id: number, input: z.infer<typeof UpdateUserRequest>) {
  const u = await loadManaged(deps, actor, id);
  if (input.role === 'admin' && actor.role !== 'admin') throw new AppError('FORBIDDEN');
  if (id === actor.id && (input.blocked || (input.role && input.role !== actor.role)))
    throw new AppError('INVALID_STATE', 'Нельзя заблокировать себя или изменить свою роль');
  if (input.role !== undefined) await assertRoleFitsCompany(deps, input.role, u.companyId);
  const patch = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.role !== undefined ? { role: input.role } : {}),
    ...(input.blocked !== undefined ? { blocked: input.blocked } : {}),
  };
  // an update that names no field sets nothing: said as such, not drizzle's «No values to set» as a 500
  if (!Object.keys(patch).length) throw new AppError('VALIDATION', NO_CHANGES);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set(patch).where(eq(users.id, id));
    const action = input.blocked === true && !u.blocked ? 'block' : input.blocked === false && u.blocked ? 'unblock' : 'update';
    await audit(
      tx,
      { user: actor, companyId: u.companyId },
      {
        entity: 'user',
        entityId: id,
        action,
        ...changes({ title: u.title, email: u.email, phone: u.phone, role: u.role, blocked: u.blocked }, patch),
      },
    );
  });
  deps.realtime.sessionsChanged();
  if (input.blocked) for (const s of await revokeUserSessions(deps.db, id)) deps.realtime.dropSession(s);
}

export async function setGrants(deps: Deps, actor: AuthUser, id: number, companyIds: number[]) {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Доступ к заказчикам выдаёт главный администратор');
  const [u] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!u) throw new AppError('NOT_FOUND');
  if (u.role === 'client') throw new AppError('INVALID_STATE', 'Клиенту доступна только его организация');
  const unique = [...new Set(companyIds)];
  if (unique.length) {
    const found = await deps.db.select({ id: companies.id }).from(companies).where(inArray(companies.id, unique));
    if (found.length !== unique.length) throw new AppError('VALIDATION', 'Некоторые организации не найдены');
  }
  await deps.db.transaction(async (tx) => {
    const before = await tx.select({ companyId: companyGrants.companyId }).from(companyGrants).where(eq(companyGrants.userId, id));
    await tx.delete(companyGrants).where(eq(companyGrants.userId, id));
    if (unique.length) await tx.insert(companyGrants).values(unique.map((companyId) => ({ userId: id, companyId, grantedBy: actor.id })));
    await audit(
      tx,
      { user: actor, companyId: u.companyId },
      {
        entity: 'user',
        entityId: id,
        action: 'grants',
        before: { company_ids: before.map((g) => g.companyId) },
        after: { company_ids: unique },
      },
    );
  });
  // a withdrawn grant must not outlive the kept access, here or on another instance
  deps.realtime.sessionsChanged();
}

export async function resetPassword(deps: Deps, actor: AuthUser, id: number, password: string) {
  const u = await loadManaged(deps, actor, id);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(users.id, u.id));
    await audit(tx, { user: actor, companyId: u.companyId }, { entity: 'user', entityId: u.id, action: 'password_reset' });
  });
  for (const s of await revokeUserSessions(deps.db, id)) deps.realtime.dropSession(s);
}

export async function updateProfile(deps: Deps, actor: AuthUser, input: { title: string; email?: string | null; phone?: string | null }) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: users.title, email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.id));
    const after = { title: input.title, email: input.email ?? null, phone: input.phone ?? null };
    await tx.update(users).set(after).where(eq(users.id, actor.id));
    await audit(
      tx,
      { user: actor, companyId: actor.companyId },
      { entity: 'user', entityId: actor.id, action: 'profile', ...changes(before, after) },
    );
  });
  deps.realtime.sessionsChanged();
}

export async function changeOwnPassword(deps: Deps, actor: AuthUser, current: string, next: string) {
  const [u] = await deps.db.select().from(users).where(eq(users.id, actor.id));
  if (!(await verifyPassword(u.passwordHash, current)))
    throw new AppError('VALIDATION', 'Текущий пароль указан неверно', { current_password: ['Неверный пароль'] });
  const passwordHash = await hashPassword(next);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id));
    await audit(tx, { user: actor, companyId: actor.companyId }, { entity: 'user', entityId: actor.id, action: 'password_change' });
  });
  // other sessions end; this one stays
  for (const s of await revokeUserSessions(deps.db, actor.id, actor.sessionId)) deps.realtime.dropSession(s);
}

export async function getProfile(deps: Deps, actor: AuthUser) {
  const [u] = await deps.db.select().from(users).where(eq(users.id, actor.id));
  return { id: u.id, title: u.title, login: u.login, email: u.email, phone: u.phone, role: u.role as Role, company_id: u.companyId };
}
