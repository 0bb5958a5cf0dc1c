import { z } from 'zod';
import { MESSAGES } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { limitersOf } from '../../platform/rate-limit';
import { sendEmailCode } from './email-codes';

const EmailServicePayload = z.object({ email: z.string().trim().email(MESSAGES.email) });

export function authSocket(deps: Deps): void {
  deps.realtime.triad('unauth', 'emailService', async ({ socket }, payload) => {
    // per client IP, on top of the per-address limit in sendEmailCode (one IP cycling many addresses)
    await limitersOf(deps).emailCodes.take(clientIp(socket.handshake));
    const parsed = EmailServicePayload.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', MESSAGES.email);
    await sendEmailCode(deps, parsed.data.email);
    return { result: 'success', email: parsed.data.email };
  });
}

/** The socket client's IP; behind the proxy (trustProxy) the first X-Forwarded-For entry, as Fastify's req.ip. */
function clientIp(h: { address: string; headers: Record<string, string | string[] | undefined> }): string {
  const fwd = h.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return first || h.address;
}
