import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context';
import type { Tx } from '../../db/client';
import { emailCodes } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/passwords';

const CODE_TTL_MIN = 15;
const MAX_ATTEMPTS = 5;

export async function sendEmailCode(deps: Deps, email: string): Promise<void> {
  const normal = email.trim().toLowerCase();
  const [recent] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, normal), gt(emailCodes.createdAt, new Date(Date.now() - 60_000))));
  if (recent.n >= 3) throw new AppError('RATE_LIMITED', 'Код уже отправлен. Повторите через минуту');
  const code = String(crypto.randomInt(100000, 1000000));
  await deps.db.insert(emailCodes).values({ email: normal, codeHash: hashToken(code), expiresAt: new Date(Date.now() + CODE_TTL_MIN * 60_000) });
  await deps.mailer.send({
    to: normal,
    subject: 'Код подтверждения регистрации',
    text: `Ваш код подтверждения: ${code}\nКод действует ${CODE_TTL_MIN} минут.\n\nСистема автоматизации закупок`,
  });
}

export async function consumeEmailCode(tx: Tx, email: string, code: string): Promise<void> {
  const normal = email.trim().toLowerCase();
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, normal), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, new Date())))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError('VALIDATION', 'Код подтверждения истёк. Запросите новый код', { email_code: ['Код подтверждения истёк'] });
  if (row.codeHash !== hashToken(code.trim())) {
    await tx.update(emailCodes).set({ attempts: row.attempts + 1 }).where(eq(emailCodes.id, row.id));
    throw new AppError('VALIDATION', 'Неверный код подтверждения', { email_code: ['Неверный код подтверждения'] });
  }
  await tx.update(emailCodes).set({ usedAt: new Date() }).where(eq(emailCodes.id, row.id));
}
