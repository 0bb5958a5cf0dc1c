import { canEdit, isStaff } from '@proc/contract';
import type { Ctx } from './context';
import { AppError } from './errors';

/** Company data is changed by everyone acting for the company except the operator (as with company cards). */
export function assertCanEdit(ctx: Ctx): void {
  if (!canEdit(ctx.user.role)) throw new AppError('FORBIDDEN');
}

/** Document rules are configured by the provider's staff; the customer only reads them. */
export function assertStaffEditor(ctx: Ctx): void {
  if (!isStaff(ctx.user.role) || ctx.user.role === 'operator')
    throw new AppError('FORBIDDEN', 'Правила документов настраивают только специалисты сервиса');
}
