/** The integration service's only way to ЕИС: every call has a timeout, and failures become EisUnavailable. */
import type { Dispatcher } from 'undici';
import { eisFetch, failureText } from './transport';

export class EisUnavailable extends Error {
  constructor(
    message: string,
    public httpStatus: number | null,
  ) {
    super(message);
  }
}

export async function callEis<T>(
  base: string,
  pathAndQuery: string,
  init: Omit<RequestInit, 'dispatcher'> & { timeoutMs: number; dispatcher?: Dispatcher },
): Promise<{ status: number; body: T }> {
  let res: Response;
  const { timeoutMs, dispatcher, ...rest } = init;
  try {
    res = await eisFetch(new URL(pathAndQuery, base), { ...rest, signal: AbortSignal.timeout(timeoutMs) }, dispatcher);
  } catch (e) {
    throw new EisUnavailable(failureText(e, 'ЕИС не ответила вовремя'), null);
  }
  if (res.status >= 500) throw new EisUnavailable(`ЕИС ответила ошибкой ${res.status}`, res.status);
  return { status: res.status, body: (await res.json()) as T };
}
