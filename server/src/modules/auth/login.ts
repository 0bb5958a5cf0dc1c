import crypto from 'node:crypto';
import { and, eq, desc } from 'drizzle-orm';
import type { LoginRequest, LoginResponse, Role } from '@proc/contract';
import type { Deps, AuthUser } from '../../platform/context';
import { companies, contacts, registrations, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { assertNotPaused, clearFailures, recordFailure, throttleKey } from './login-throttle';
import { openSession } from './sessions';

/** A real argon2 hash to verify against when the login is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

export const PENDING_REGISTRATION_TEXT =
  'Заявка на регистрацию ещё не одобрена. Вход станет доступен, когда оператор её одобрит: мы сообщим об этом на e-mail';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/**
 * Every path does the same work: both lookups, then exactly one argon2 verification — of the user's hash, of a pending
 * application's hash, or of a dummy — so the time of an answer tells nothing of which the login is (`verify` is
 * injectable so a test can count the verifications).
 */
export async function login(deps: Deps, input: LoginRequest, client: ClientInfo, verify = verifyPassword): Promise<LoginResponse> {
  const key = throttleKey(input.login, client.ip);
  await assertNotPaused(deps.db, key);
  const typed = input.login.trim();
  const [[user], [pending]] = await Promise.all([
    deps.db.select().from(users).where(eq(users.login, typed)).limit(1),
    deps.db
      .select({ passwordHash: registrations.passwordHash })
      .from(registrations)
      .where(and(eq(registrations.login, typed), eq(registrations.status, 'pending')))
      .limit(1),
  ]);
  const matches = await verify(user?.passwordHash ?? pending?.passwordHash ?? (await dummy()), input.password);
  if (!user || !matches) {
    await recordFailure(deps.db, key);
    if (!user && pending && matches) throw new AppError('FORBIDDEN', PENDING_REGISTRATION_TEXT);
    throw new AppError('LOGIN_FAILED');
  }
  await clearFailures(deps.db, key);
  if (user.blocked) throw new AppError('USER_BLOCKED');
  const token = await openSession(deps.db, user.id, deps.config.SESSION_TTL_HOURS, client);
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
  const [company] = await deps.db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(eq(companies.id, user.companyId));
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
      ? {
          contact: {
            id: contact.id,
            name: contact.name,
            position: contact.position,
            phone: contact.phone,
            email: contact.email,
            is_active: contact.isActive,
          },
        }
      : {}),
  };
}
