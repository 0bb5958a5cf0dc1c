import type { Ctx } from './context';
import { AppError } from './errors';
import { countAttempt } from './rate-limit';

/**
 * Limits on the routes that start expensive work (reports, uploads, ЕИС imports, connection checks), per user and per
 * company, so that one user's script or one company's load cannot take the server's workers from the others; the
 * queues' fair share (platform/jobs.ts) orders what is let in. Counted in the database (rate_limits), so every node
 * counts against the same window.
 */
const WORK_LIMITS = {
  report: { title: 'формирование отчётов', perUser: 30, perCompany: 60 },
  upload: { title: 'загрузка файлов', perUser: 120, perCompany: 240 },
  import: { title: 'загрузка из ЕИС', perUser: 60, perCompany: 60 },
  check: { title: 'проверка подключения к ЕИС', perUser: 10, perCompany: 20 },
} as const;
export type WorkKind = keyof typeof WORK_LIMITS;
const WINDOW_MS = 60_000;

/** Counts one request of `kind` for the user and the company it acts for; 429 in Russian past either limit. */
export async function takeWorkLimit(ctx: Pick<Ctx, 'deps' | 'user' | 'companyId'>, kind: WorkKind): Promise<void> {
  if (!ctx.deps.config.FAIR_SHARE) return;
  const l = WORK_LIMITS[kind];
  const byUser = await countAttempt(ctx.deps.db, `work:${kind}:user:${ctx.user.id}`, WINDOW_MS);
  if (byUser > l.perUser)
    throw new AppError(
      'RATE_LIMITED',
      `Слишком много запросов (${l.title}): не более ${l.perUser} в минуту от одного пользователя. Повторите через минуту`,
    );
  const byCompany = await countAttempt(ctx.deps.db, `work:${kind}:company:${ctx.companyId}`, WINDOW_MS);
  if (byCompany > l.perCompany)
    throw new AppError(
      'RATE_LIMITED',
      `Слишком много запросов (${l.title}): не более ${l.perCompany} в минуту от одной организации. Повторите через минуту`,
    );
}
