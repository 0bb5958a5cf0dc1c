import { z } from 'zod';
import { MESSAGES } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { limitersOf } from '../../platform/rate-limit';
import { clientIp } from '../../platform/client-ip';
import { sendEmailCode } from './email-codes';

const EmailServicePayload = z.object({ email: z.string().trim().email(MESSAGES.email) });

export function authSocket(deps: Deps): void {
  deps.realtime.triad('unauth', 'emailService', async ({ socket }, payload) => {
    // per client IP and address, under a per-IP ceiling (one IP cycling many addresses), on top of the per-address
    // limit in sendEmailCode; an office behind one address is not stopped by one colleague
    const asked = (payload as { email?: unknown } | null)?.email;
    await limitersOf(deps).emailCodes.take(clientIp(deps.config, socket.handshake), typeof asked === 'string' ? asked : '');
    const parsed = EmailServicePayload.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', MESSAGES.email);
    await sendEmailCode(deps, parsed.data.email);
    return { result: 'success', email: parsed.data.email };
  });
}
