import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that prepares every statement with parameters under a name derived from its text, so PostgreSQL parses
 * and analyses a statement once per connection and, like JDBC's server-side statements, may plan it once too (its
 * default plan_cache_mode). Drizzle writes one text per query shape, so the texts are few. The pool retires a
 * connection after MAX_USES checkouts, which bounds the statements a backend keeps. A text without parameters may
 * hold several statements, which only the simple protocol runs, so it is left as it is.
 */
export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; this one only adds a name to the config it is given
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const q = config as { text?: string; name?: string; values?: unknown[]; submit?: unknown };
    if (typeof config === 'string' && Array.isArray(values) && values.length)
      return super.query({ text: config, values, name: statementName(config) } as never, callback as never) as never;
    if (q && typeof q === 'object' && typeof q.submit !== 'function' && !q.name && typeof q.text === 'string') {
      const params = Array.isArray(values) ? values : q.values;
      if (params?.length) return super.query({ ...q, name: statementName(q.text) } as never, values as never, callback as never) as never;
    }
    return super.query(config as never, values as never, callback as never) as never;
  }
}

/** Checkouts after which the pool closes a connection (and PostgreSQL frees the statements it prepared). */
export const MAX_USES = 20_000;

const names = new Map<string, string>();
const NAMES_KEPT = 5_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `s${crypto.createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** Pool options that prepare statements as above: for the server and for the benchmarks' raw clients alike. */
export const preparingPool = (options: pg.PoolConfig): pg.PoolConfig => ({ ...options, Client: PreparingClient, maxUses: MAX_USES });
