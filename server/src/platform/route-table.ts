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
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    for (const method of methods) {
      if (method === 'HEAD') continue; // fastify adds HEAD twins of GET routes
      table.push({ method, url: route.url, multipart: consumes.includes('multipart/form-data'), changes: changesData(method, route.config) });
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
