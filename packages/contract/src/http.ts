import type { z } from 'zod';

/**
 * One HTTP route as the server serves it, the web calls it and the tests call it: method, path under /api (with
 * `:params`), the zod schemas of its params, query string and body, and its answers by status. Declared once in
 * `routes/*.ts`; the server registers it with `route()` (server/src/platform/route.ts), the web calls it with `call()`
 * (web/src/lib/api.ts), the tests with `t.call()` (server/test/harness.ts).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer with no schema for the serializer (a file, a page sent as JSON text): its type for the callers only. */
export interface Returns<T> {
  readonly returns: T;
}
export const returns = <T>(): Returns<T> => ({ returns: undefined as T });

export interface RouteDef {
  method: Method;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers by status, as Fastify's `schema.response` takes them. */
  response?: { [status: number]: z.ZodType };
  /** The answer's type when no schema describes it. */
  returns?: Returns<unknown>;
  /** A file upload: multipart/form-data, the body a FormData (the server reads it with readUpload). */
  upload?: boolean;
}

export const defineRoute = <const R extends RouteDef>(r: R): R => r;
/** A route whose params schema names other params than its path: `never`, so the table does not compile. */
type PathAgrees<R> = R extends { path: infer P extends string; params: infer S extends z.ZodType }
  ? [PathParamNames<P>] extends [keyof z.output<S>]
    ? [keyof z.output<S>] extends [PathParamNames<P>]
      ? R
      : never
    : never
  : R;
export const defineRoutes = <const T extends Record<string, RouteDef>>(t: T & { [K in keyof T]: PathAgrees<T[K]> }): T => t;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a caller passes for the path's `:params`: the schema's input, or one string/number per name. */
export type ParamsIn<R extends RouteDef> = R['params'] extends z.ZodType
  ? UrlValues<z.input<R['params']>>
  : [PathParamNames<R['path']>] extends [never]
    ? undefined
    : Record<PathParamNames<R['path']>, string | number>;
export type ParamsOut<R extends RouteDef> = R['params'] extends z.ZodType
  ? z.output<R['params']>
  : [PathParamNames<R['path']>] extends [never]
    ? unknown
    : Record<PathParamNames<R['path']>, string>;
/**
 * A value of the URL travels as text: a field that takes a string (or one of some strings) takes any string or number,
 * which the server's schema checks (400 with its message); the names of the fields are the contract's.
 */
type UrlValues<T> = T extends object ? { [K in keyof T]: T[K] | (NonNullable<T[K]> extends string ? string | number : never) } : T;
export type QueryIn<R extends RouteDef> = UrlValues<In<R['query']>>;
export type QueryOut<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : unknown;
export type BodyIn<R extends RouteDef> = In<R['body']>;
export type BodyOut<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : unknown;

type Answers<R extends RouteDef> = R['response'] extends { [status: number]: z.ZodType } ? R['response'] : never;
/** What the server returns (a schema's input: the serializer applies its transforms). */
export type ReplyIn<R extends RouteDef> =
  R['returns'] extends Returns<infer T> ? T : [Answers<R>] extends [never] ? unknown : In<Answers<R>[keyof Answers<R>]>;
/** What a caller receives. */
export type Reply<R extends RouteDef> =
  R['returns'] extends Returns<infer T> ? T : [Answers<R>] extends [never] ? unknown : Out<Answers<R>[keyof Answers<R>]>;

/** The input of a call: only the parts the route has, each required when the route has it. */
export type CallInput<R extends RouteDef> = (ParamsIn<R> extends undefined ? { params?: undefined } : { params: ParamsIn<R> }) &
  (R['query'] extends z.ZodType ? { query?: QueryIn<R> } : { query?: undefined }) &
  (R['body'] extends z.ZodType
    ? Partial<BodyIn<R>> extends BodyIn<R>
      ? { body?: BodyIn<R> }
      : { body: BodyIn<R> }
    : R['upload'] extends true
      ? { body: FormData }
      : { body?: undefined });

/** The path with its `:params` filled in (encoded), without the /api prefix. */
export function routePath(r: RouteDef, params?: Record<string, unknown>): string {
  return r.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`${r.method} ${r.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}

/** The query string of a call: only non-empty pairs travel (a list goes as one comma-joined value). */
export function queryString(query?: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}
