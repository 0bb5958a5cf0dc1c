import { and, eq, desc } from 'drizzle-orm';
import type { LoginRequest, LoginResponse, Role } from '@proc/contract';
import type { Deps, AuthUser } from '../../platform/context';
import { companies, contacts, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { openSession } from './sessions';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export async function login(deps: Deps, input: LoginRequest): Promise<LoginResponse> {
  const [user] = await deps.db.select().from(users).where(eq(users.login, input.login.trim())).limit(1);
  if (!user) throw new AppError('LOGIN_FAILED');
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
    throw new AppError('RATE_LIMITED', `Слишком много неудачных попыток входа. Повторите через ${minutes} мин.`);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const failed = user.failedLogins + 1;
    const lock = failed >= MAX_FAILED_LOGINS;
    await deps.db
      .update(users)
      .set({ failedLogins: lock ? 0 : failed, lockedUntil: lock ? new Date(Date.now() + LOCK_MINUTES * 60_000) : null })
      .where(eq(users.id, user.id));
    if (lock) throw new AppError('RATE_LIMITED', `Слишком много неудачных попыток входа. Повторите через ${LOCK_MINUTES} мин.`);
    throw new AppError('LOGIN_FAILED');
  }
  if (user.blocked) throw new AppError('USER_BLOCKED');
  if (user.failedLogins > 0 || user.lockedUntil) await deps.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  const token = await openSession(deps.db, user.id, deps.config.SESSION_TTL_HOURS);
  const session = await sessionPayload(deps, {
    id: user.id,
    title: user.title,
    login: user.login,
    email: user.email,
    role: user.role as Role,
    companyId: user.companyId,
    sessionId: 0,
  });
  return { token, ...session };
}

/** What the web keeps in its cookies: user, company, and the active contact when there is one. */
export async function sessionPayload(deps: Deps, user: AuthUser): Promise<Omit<LoginResponse, 'token'>> {
  const [company] = await deps.db.select({ id: companies.id, title: companies.title }).from(companies).where(eq(companies.id, user.companyId));
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, user.companyId), eq(contacts.isActive, true)))
    .orderBy(desc(contacts.id))
    .limit(1);
  return {
    user: { id: user.id, title: user.title, login: user.login, email: user.email, role: user.role, company_id: user.companyId },
    company: { id: company.id, title: company.title },
    ...(contact
      ? { contact: { id: contact.id, name: contact.name, position: contact.position, phone: contact.phone, email: contact.email, is_active: contact.isActive } }
      : {}),
  };
}
