/** The integration service's only way to ЕИС: every call has a timeout, and failures become EisUnavailable. */

export class EisUnavailable extends Error {
  constructor(
    message: string,
    public httpStatus: number | null,
  ) {
    super(message);
  }
}

export async function callEis<T>(base: string, pathAndQuery: string, init: RequestInit & { timeoutMs: number }): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(new URL(pathAndQuery, base), { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (e) {
    const timeout = (e as Error).name === 'TimeoutError';
    throw new EisUnavailable(timeout ? 'ЕИС не ответила вовремя' : 'ЕИС недоступна', null);
  }
  if (res.status >= 500) throw new EisUnavailable(`ЕИС ответила ошибкой ${res.status}`, res.status);
  return { status: res.status, body: (await res.json()) as T };
}
