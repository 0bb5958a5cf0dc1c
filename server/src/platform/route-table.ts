import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { canEdit } from '@proc/contract';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route changes company data. Unset: every method but GET does. `false` marks a POST that only reads
     * (a generated report) or a user's own account (profile, sign-out); `'duty'` a change that a read-only role makes
     * as its job (the operator decides registrations), checked by the route itself.
     */
    changes?: boolean | 'duty';
    /** What a read-only role is told when refused here (default: the catalogue's FORBIDDEN text). */
    readOnlyRefusal?: string;
  }
}

export interface RouteEntry {
  method: string;
  /** The full path as registered, e.g. `/api/companies/:id/contacts`. */
  url: string;
  /** Whether the route reads multipart/form-data (an upload). */
  multipart: boolean;
  /** Whether a role without edit rights is refused (see `changes`). */
  changes: boolean;
  /** The query-string and JSON-body fields the route's schema names (top level), for the input fuzz walk. */
  query: string[];
  body: string[];
  /** Fields inside arrays of objects of the body, as `positions[].contract_position_id` (the tenant reference walk). */
  nested: string[];
  /** The body's zod schema itself, for walks over its fields (the free-text walk). */
  bodySchema: unknown;
}

/** Top-level keys of a zod object schema, through optional/default/pipe/union wrappers. */
function schemaKeys(s: unknown, depth = 0): string[] {
  const z = s as
    | { shape?: Record<string, unknown>; in?: unknown; def?: { innerType?: unknown; options?: unknown[]; left?: unknown; right?: unknown } }
    | undefined;
  if (!z || typeof z !== 'object' || depth > 8) return [];
  if (z.shape && typeof z.shape === 'object') return Object.keys(z.shape);
  if (z.in) return schemaKeys(z.in, depth + 1);
  if (z.def?.innerType) return schemaKeys(z.def.innerType, depth + 1);
  if (z.def?.options) return [...new Set(z.def.options.flatMap((o) => schemaKeys(o, depth + 1)))];
  if (z.def?.left) return [...new Set([...schemaKeys(z.def.left, depth + 1), ...schemaKeys(z.def.right, depth + 1)])];
  return [];
}

/** The element schema of an array (through the same wrappers), or null. */
function arrayElement(s: unknown, depth = 0): unknown {
  const z = s as { type?: string; element?: unknown; in?: unknown; def?: { innerType?: unknown; element?: unknown } } | undefined;
  if (!z || typeof z !== 'object' || depth > 8) return null;
  if (z.type === 'array') return z.element ?? z.def?.element ?? null;
  if (z.in) return arrayElement(z.in, depth + 1);
  if (z.def?.innerType) return arrayElement(z.def.innerType, depth + 1);
  return null;
}

/** `field[].key` of every array-of-objects field, nested arrays too (`a[].b[].c`). */
function nestedKeys(s: unknown, prefix = '', depth = 0): string[] {
  if (depth > 4) return [];
  const shape = (s as { shape?: Record<string, unknown> } | undefined)?.shape ?? objectShape(s);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([k, v]) => {
    const el = arrayElement(v);
    if (!el) return [];
    const inner = schemaKeys(el);
    return [...inner.map((i) => `${prefix}${k}[].${i}`), ...nestedKeys(el, `${prefix}${k}[].`, depth + 1)];
  });
}

function objectShape(s: unknown, depth = 0): Record<string, unknown> | null {
  const z = s as { shape?: Record<string, unknown>; in?: unknown; def?: { innerType?: unknown } } | undefined;
  if (!z || typeof z !== 'object' || depth > 8) return null;
  if (z.shape && typeof z.shape === 'object') return z.shape;
  if (z.in) return objectShape(z.in, depth + 1);
  if (z.def?.innerType) return objectShape(z.def.innerType, depth + 1);
  return null;
}

const changesData = (method: string, config: { changes?: boolean | 'duty' } | undefined): boolean =>
  config?.changes === undefined ? method !== 'GET' && method !== 'HEAD' : config.changes === true;

/**
 * Collects every route as it is registered, so security tests can walk the server's own table and cover routes added
 * later by other modules. Must be installed before the module routes.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { consumes?: string[]; querystring?: unknown; body?: unknown } | undefined;
    const consumes = schema?.consumes ?? [];
    for (const method of methods) {
      if (method === 'HEAD') continue; // fastify adds HEAD twins of GET routes
      table.push({
        method,
        url: route.url,
        multipart: consumes.includes('multipart/form-data'),
        changes: changesData(method, route.config),
        query: schemaKeys(schema?.querystring),
        body: schemaKeys(schema?.body),
        nested: nestedKeys(schema?.body),
        bodySchema: schema?.body,
      });
    }
  });
  return table;
}

/**
 * The one place a read-only role is refused a changing route: before validation, so the answer does not depend on
 * what was sent.
 */
export function installReadOnlyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (!req.user || canEdit(req.user.role) || !req.routeOptions.url) return;
    if (changesData(req.method, req.routeOptions.config)) throw new AppError('FORBIDDEN', req.routeOptions.config.readOnlyRefusal);
  });
}
