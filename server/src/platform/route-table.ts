import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The full path as registered, e.g. `/api/companies/:id/contacts`. */
  url: string;
  /** Whether the route reads multipart/form-data (an upload). */
  multipart: boolean;
}

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
      table.push({ method, url: route.url, multipart: consumes.includes('multipart/form-data') });
    }
  });
  return table;
}
