import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './context';

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  import('fastify').FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature module: its routes (under /api), job definitions, socket triads and first-start seed. */
export interface Module {
  name: string;
  routes?: (app: App, deps: Deps) => void | Promise<void>;
  jobs?: (deps: Deps) => void;
  socket?: (deps: Deps) => void;
  /** Runs at every start, must be idempotent (reference data, demo data). */
  seed?: (deps: Deps) => Promise<void>;
  /** Runs at every start once the job queue has started: first-start work that is done by jobs. */
  started?: (deps: Deps) => Promise<void>;
}
