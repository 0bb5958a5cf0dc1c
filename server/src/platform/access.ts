import { canEdit, isStaff } from '@proc/contract';
import type { Ctx } from './context';
import { AppError } from './errors';

// built once: a formatter with a time zone costs far more to make than to use, and this runs in most requests
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

let lastDay = { minute: NaN, day: '' };

/**
 * Moscow calendar date 'YYYY-MM-DD': procurement dates are Moscow dates whatever the server's zone, and tariff periods
 * are agreed in Moscow time.
 */
export function moscowToday(now: Date = new Date()): string {
  // Moscow's offsets since 1919 are whole minutes, so a day begins on a whole minute: one formatting per minute is
  // exact, and a write reads the date several times (numbering, the rule in force, deadlines)
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: MOSCOW_DAY.format(now) };
  return lastDay.day;
}

/** Company data is changed by everyone acting for the company except the operator (as with company cards). */
export function assertCanEdit(ctx: Ctx): void {
  if (!canEdit(ctx.user.role)) throw new AppError('FORBIDDEN');
}

/** Document rules are configured by the provider's staff; the customer only reads them. */
export function assertStaffEditor(ctx: Ctx): void {
  if (!isStaff(ctx.user.role) || ctx.user.role === 'operator') throw new AppError('FORBIDDEN', 'Правила документов настраивают только специалисты сервиса');
}
