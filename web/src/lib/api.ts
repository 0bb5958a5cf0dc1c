import { MESSAGES } from '@proc/contract/messages';
import type { ErrorBody } from '@proc/contract/errors';
import { queryString, routePath, type CallInput, type Reply, type RouteDef } from '@proc/contract/http';
import { sessionStore } from './session';
import { httpErrorHeader, loadingStore, noticeStore } from './notices';
import { runtimeConfig } from './runtime-config';
import { answered, newIdempotencyKey, repeatKey } from './idempotency';

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: Partial<ErrorBody> | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
  get fields() {
    return this.body?.fields ?? {};
  }
}

/** Where a 401 sends the user; the router sets it so the API client needs no React. */
let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

export interface RequestOptions {
  /** The request's name for the loading notice ('Выполняется запрос: {name}'). */
  name: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Form errors are shown under the fields by the caller, not as a notice. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the registration form's lookup token). */
  headers?: Record<string, string>;
  /** A create's key from its form (lib/idempotency.ts): a repeat gets the first result, not a second record. */
  idempotencyKey?: string;
  /** The error notice's header when this request names its subject ('Не удалось обработать УПД "{file}"'). */
  errorHeader?: string;
  /** The caller shows every refusal (4xx) itself, as the sign-in form does: no notice beside it. */
  ownErrors?: boolean;
  /** A card route's own object: a 404 is shown as the page (lib/ObjectNotFound), not as a notice too. */
  notFoundPage?: boolean;
}

// only non-empty filter pairs travel
const qs = (query?: Record<string, unknown>) => queryString(query);

/** Shows the spec's error catalogue for an HTTP error. */
export function showHttpError(err: ApiError, own?: string): void {
  const header = httpErrorHeader(err.status, own);
  if (err.status === 404) noticeStore.show({ kind: 'error', header, message: MESSAGES.http404 });
  else if (err.status === 504) noticeStore.show({ kind: 'error', header, message: MESSAGES.http504 });
  else if (err.body?.sentry_code)
    noticeStore.show({ kind: 'error', header, message: MESSAGES.httpWithCode(err.body.sentry_code), code: err.body.sentry_code });
  else if (err.status >= 400 && err.status < 500 && err.body?.message)
    noticeStore.show({ kind: 'error', header, message: err.body.message });
  else noticeStore.show({ kind: 'error', header, message: MESSAGES.httpUnknown });
}

export async function request<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
  const session = sessionStore.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;
  const company = sessionStore.actingCompanyId();
  if (company) headers['X-Company-Id'] = String(company);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = `${runtimeConfig().apiUrl}${path}${qs(opts.query)}`;
  // every POST is idempotent (lib/idempotency.ts): the same request again a moment later carries the same key, so a
  // double click creates one record; a file's form has no fingerprint and sends a fresh key unless it names its own
  const fingerprint =
    method === 'POST' && !opts.idempotencyKey && (typeof body === 'string' || body === undefined)
      ? `${company ?? ''} ${url} ${body ?? ''}`
      : null;
  if (method === 'POST') headers['Idempotency-Key'] = opts.idempotencyKey ?? (fingerprint ? repeatKey(fingerprint) : newIdempotencyKey());
  else if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const done = loadingStore.start(opts.name);
  try {
    const res = await fetch(url, { method, headers, body, signal: opts.signal });
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    // development only, and never a body or a header: they carry passwords, tokens and codes
    if (import.meta.env.DEV) console.debug('[api]', res.status, method, path);
    if (res.status === 401) {
      // a 401 shows no notice (spec): a wrong password is shown by the form; a lost session acts as logout
      if (session) {
        sessionStore.logout();
        onUnauthorized();
      }
      throw new ApiError(401, data as ErrorBody);
    }
    if (!res.ok) {
      const err = new ApiError(res.status, (data && typeof data === 'object' ? data : null) as ErrorBody | null);
      // a quiet caller shows form errors under its fields and asks for confirmations itself
      const shownByPage = opts.notFoundPage && res.status === 404;
      const shownByForm =
        res.status < 500 && (opts.ownErrors || (opts.quiet && (err.body?.fields || err.body?.code === 'CONFIRM_REQUIRED')));
      if (!shownByPage && !shownByForm) showHttpError(err, opts.errorHeader);
      throw err;
    }
    return data as T;
  } catch (err) {
    if (!(err instanceof ApiError) && !(err instanceof DOMException && err.name === 'AbortError')) {
      noticeStore.show({ kind: 'error', header: opts.errorHeader ?? MESSAGES.httpErrorHeader, message: MESSAGES.httpUnknown });
    }
    throw err;
  } finally {
    if (fingerprint) answered(fingerprint);
    done();
  }
}

async function fetchFile(path: string): Promise<Response> {
  const session = sessionStore.get();
  const res = await fetch(`${runtimeConfig().apiUrl}${path}`, {
    headers: {
      ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
      ...(sessionStore.actingCompanyId() ? { 'X-Company-Id': String(sessionStore.actingCompanyId()) } : {}),
    },
  });
  if (!res.ok) {
    const err = new ApiError(res.status, await res.json().catch(() => null));
    if (res.status === 401) {
      sessionStore.logout();
      onUnauthorized();
    } else showHttpError(err);
    throw err;
  }
  return res;
}

export const api = {
  get: <T>(path: string, opts: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, opts: RequestOptions) => request<T>('POST', path, opts),
  put: <T>(path: string, opts: RequestOptions) => request<T>('PUT', path, opts),
  patch: <T>(path: string, opts: RequestOptions) => request<T>('PATCH', path, opts),
  delete: <T>(path: string, opts: RequestOptions) => request<T>('DELETE', path, opts),
  /** A file's exact bytes through the same auth (what a signature is made of), errors shown as for any request. */
  async bytes(path: string, name: string): Promise<Uint8Array> {
    const done = loadingStore.start(name);
    try {
      return new Uint8Array(await (await fetchFile(path)).arrayBuffer());
    } finally {
      done();
    }
  },
  /** A file download through the same auth: returns the blob and the server's file name. */
  async download(path: string, name: string): Promise<void> {
    const done = loadingStore.start(name);
    try {
      const res = await fetchFile(path);
      const disposition = res.headers.get('content-disposition') ?? '';
      const m = /filename\*=UTF-8''([^;]+)/.exec(disposition);
      const fileName = m ? decodeURIComponent(m[1]) : 'file';
      const blob = await res.blob();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } finally {
      done();
    }
  },
};

/** A contract route's options beside its params, query and body. */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/**
 * Calls a route of the contract (packages/contract/src/routes): its method and path come from there, its params,
 * query and body are checked against its schemas and the answer has its declared type.
 */
export function call<R extends RouteDef>(r: R, input: CallInput<R> & CallOptions): Promise<Reply<R>> {
  const { params, query, body, ...opts } = input as CallInput<RouteDef> & CallOptions & { params?: Record<string, unknown> };
  return request<Reply<R>>(r.method, routePath(r, params), { ...opts, query: query as unknown as Record<string, unknown>, body });
}

/** A contract route's path with its params and query, for a download or a file's bytes (`api.download`, `api.bytes`). */
export function href<R extends RouteDef>(r: R, input: Pick<CallInput<R>, 'params' | 'query'>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: unknown };
  return `${routePath(r, params)}${queryString(query)}`;
}
