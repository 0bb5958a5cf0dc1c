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
