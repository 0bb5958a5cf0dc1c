/**
 * The main server's client of the integration service (INTEGRATION_API_URL). It returns the raw ЕИС XML files; the
 * eis module parses them with server/src/formats. Transport failures and ЕИС outages are GatewayError (retryable).
 */

import type { EisDocumentType } from '@proc/contract';
import { callerHeaders } from '../eis-service/caller-auth';

export class GatewayError extends Error {
  constructor(
    message: string,
    public httpStatus: number | null,
    public retryable: boolean,
    /**
     * The integration service's code: EIS_TOKEN_REJECTED when ЕИС refused the token itself, EIS_RATE_LIMITED when the
     * token's budget has no slot within the call's max_wait_ms (nothing was sent; ask again in retryAfterMs).
     */
    public code: string | null = null,
    public retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** The company's own СОИ token and region, when it set them (otherwise the integration service's EIS_TOKEN and the ИНН's region). */
export interface EisAccess {
  token: string | null;
  region: string | null;
}

interface Customer {
  customerInn: string;
  access?: EisAccess;
  /** How long the call may wait for the token's next request slot; longer: GatewayError EIS_RATE_LIMITED at once. */
  maxWaitMs?: number;
}
/** One day of one kind of documents in the customer's region, as СОИ gives them out. */
export type DayQuery = Customer & { type: EisDocumentType; day: string };

export type ExecutionAnswer = { result: 'accepted'; registrationNumber: string | null } | { result: 'rejected'; reasons: string[] };

export interface EisGateway {
  fetchContract(q: Customer & { registryNumber: string }): Promise<string[]>;
  fetchDay(q: DayQuery): Promise<string[]>;
  /** The package and, when signed, its detached CMS signature (base64), which travel together. */
  sendExecution(xml: string, signature?: string | null): Promise<ExecutionAnswer>;
  /** One real request to ЕИС's СОИ; what ЕИС answered, in words (token_rejected: ЕИС refused the token). */
  /** retry_after: ЕИС's request limit of the token, seconds until it may ask again (answered at once, not waited). */
  checkConnection(
    customerInn: string,
    access: EisAccess,
  ): Promise<{ ok: boolean; message: string; token_rejected?: boolean; retry_after?: number }>;
}

const accessHeaders = (a?: EisAccess): Record<string, string> => (a?.token ? { 'x-eis-token': a.token } : {});

/**
 * A request to ЕИС may wait for the token's next minute (the integration service paces requests per token, and ЕИС's
 * code 13 is waited out there): a call is given that long beyond its own timeout.
 */
const BUDGET_WAIT_MS = 2 * 60_000;

/** `secret`: INTEGRATION_SECRET, sent on every call; the service refuses a caller without it (401). */
export function createEisGateway(baseUrl: string, secret: string | undefined, timeoutMs = 30_000): EisGateway {
  const auth = secret ? callerHeaders(secret) : {};
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), ...auth },
        signal: AbortSignal.timeout(timeoutMs + BUDGET_WAIT_MS),
      });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError';
      throw new GatewayError(timeout ? 'Сервис интеграции с ЕИС не ответил вовремя' : 'Сервис интеграции с ЕИС недоступен', null, true);
    }
    const body = (await res.json().catch(() => ({}))) as T & {
      message?: string;
      http_status?: number | null;
      code?: string;
      retry_after_ms?: number;
    };
    if (res.status >= 500)
      throw new GatewayError(
        body.message ?? `Сервис интеграции ответил ошибкой ${res.status}`,
        body.http_status ?? res.status,
        true,
        body.code ?? null,
      );
    if (res.status >= 400)
      throw new GatewayError(
        body.message ?? `Запрос отклонён (${res.status})`,
        res.status,
        false,
        body.code ?? null,
        body.retry_after_ms ?? null,
      );
    return body;
  }
  return {
    async fetchContract(q) {
      const p = new URLSearchParams({
        customer_inn: q.customerInn,
        registry_number: q.registryNumber,
        ...(q.maxWaitMs !== undefined ? { max_wait_ms: String(q.maxWaitMs) } : {}),
      });
      return (await call<{ files: string[] }>(`/eis/contracts?${p}`, { headers: accessHeaders(q.access) })).files;
    },
    async fetchDay(q) {
      const p = new URLSearchParams({
        customer_inn: q.customerInn,
        type: q.type,
        day: q.day,
        ...(q.access?.region ? { org_region: q.access.region } : {}),
        ...(q.maxWaitMs !== undefined ? { max_wait_ms: String(q.maxWaitMs) } : {}),
      });
      return (await call<{ files: string[] }>(`/eis/documents?${p}`, { headers: accessHeaders(q.access) })).files;
    },
    async checkConnection(customerInn, access) {
      const p = new URLSearchParams({ customer_inn: customerInn, ...(access.region ? { org_region: access.region } : {}) });
      try {
        return await call<{ ok: boolean; message: string; token_rejected?: boolean; retry_after?: number }>(`/eis/check?${p}`, {
          headers: accessHeaders(access),
        });
      } catch (e) {
        if (e instanceof GatewayError) return { ok: false, message: e.message };
        throw e;
      }
    },
    async sendExecution(xml, signature) {
      const r = await call<{ result: 'accepted' | 'rejected'; registration_number?: string | null; reasons?: string[] }>(
        '/eis/performance',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(signature ? { xml, signature } : { xml }),
        },
      );
      return r.result === 'accepted'
        ? { result: 'accepted', registrationNumber: r.registration_number ?? null }
        : { result: 'rejected', reasons: r.reasons ?? [] };
    },
  };
}
