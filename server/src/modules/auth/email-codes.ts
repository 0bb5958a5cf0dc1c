import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context';
import type { Db, Tx } from '../../db/client';
import { emailCodes } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/passwords';
import { now, nowMs } from '../../platform/clock';

const CODE_TTL_MIN = 15;
const MAX_ATTEMPTS = 5;

export async function sendEmailCode(deps: Deps, email: string): Promise<void> {
  const normal = email.trim().toLowerCase();
  const [recent] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, normal), gt(emailCodes.createdAt, new Date(nowMs() - 60_000))));
  if (recent.n >= 3) throw new AppError('RATE_LIMITED', 'Код уже отправлен. Повторите через минуту');
  const code = String(crypto.randomInt(100000, 1000000));
  await deps.db
    .insert(emailCodes)
    .values({ email: normal, codeHash: hashToken(code), expiresAt: new Date(nowMs() + CODE_TTL_MIN * 60_000) });
  await deps.mailer.send({
    to: normal,
    subject: 'Код подтверждения регистрации',
    text: `Ваш код подтверждения: ${code}\nКод действует ${CODE_TTL_MIN} минут.\n\nСистема автоматизации закупок`,
  });
}

const EXPIRED = () =>
  new AppError('VALIDATION', 'Код подтверждения истёк. Запросите новый код', { email_code: ['Код подтверждения истёк'] });

/**
 * Checks the code outside any transaction, so a wrong guess is counted even though the registration that carried it
 * fails: after MAX_ATTEMPTS wrong codes the code is dead. Returns the code's row for markEmailCodeUsed.
 */
export async function checkEmailCode(db: Db, email: string, code: string): Promise<number> {
  const normal = email.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, normal), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now())))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw EXPIRED();
  if (row.codeHash !== hashToken(code.trim())) {
    // counted in the statement, so parallel guesses cannot share one count
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id));
    throw new AppError('VALIDATION', 'Неверный код подтверждения', { email_code: ['Неверный код подтверждения'] });
  }
  return row.id;
}

/** Uses the checked code up, inside the registration's transaction; a code used meanwhile counts as expired. */
export async function markEmailCodeUsed(tx: Tx, id: number): Promise<void> {
  const used = await tx
    .update(emailCodes)
    .set({ usedAt: now() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (!used.length) throw EXPIRED();
}
