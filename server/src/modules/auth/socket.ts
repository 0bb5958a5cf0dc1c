import { z } from 'zod';
import { MESSAGES } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sendEmailCode } from './email-codes';

const EmailServicePayload = z.object({ email: z.string().trim().email(MESSAGES.email) });

export function authSocket(deps: Deps): void {
  deps.realtime.triad('unauth', 'emailService', async (_args, payload) => {
    const parsed = EmailServicePayload.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', MESSAGES.email);
    await sendEmailCode(deps, parsed.data.email);
    return { result: 'success', email: parsed.data.email };
  });
}
