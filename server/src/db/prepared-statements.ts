import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that prepares a statement with parameters under a name derived from its text once the text is seen
 * often, so PostgreSQL parses and analyses it once per connection and, like JDBC's server-side statements, may plan it
 * once too (its default plan_cache_mode). Drizzle writes one text per query shape, so the texts that recur are few;
 * each backend keeps its prepared statements, so at most NAMED_MAX texts get a name, and a rare shape (a filter
 * combination, a multi-row insert of some length) stays unnamed. A text without parameters may hold several
 * statements, which only the simple protocol runs, so it is left as it is. A query given the empty name (drizzle's
 * `.prepare('')`) stays unnamed on purpose: PostgreSQL plans it for each execution's values, where one plan kept for
 * all of them would be wrong for some (a text search: a word in every row wants the sort's index, a rare one the
 * text index).
 */
export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; this one only adds a name to the config it is given
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const q = config as { text?: string; name?: string; values?: unknown[]; submit?: unknown };
    if (typeof config === 'string' && Array.isArray(values) && values.length) {
      const name = statementName(config);
      if (name) return super.query({ text: config, values, name } as never, callback as never) as never;
    } else if (q && typeof q === 'object' && typeof q.submit !== 'function' && q.name === undefined && typeof q.text === 'string') {
      const params = Array.isArray(values) ? values : q.values;
      const name = params?.length ? statementName(q.text) : undefined;
      if (name) return super.query({ ...q, name } as never, values as never, callback as never) as never;
    }
    return super.query(config as never, values as never, callback as never) as never;
  }
}

/** Checkouts after which the pool closes a connection: a backend's memory does not grow for the server's lifetime. */
export const MAX_USES = 200_000;

/**
 * Uses of a text before it is prepared by name, and how many texts get a name in all. A register page's statements
 * keep ~50 KB each in a backend once prepared (its query tree and generic plan, measured on PostgreSQL 15); 150 of them
 * keep a backend under ~8 MB. With a cap of 400, the 10-minute soak and its hundreds of filter combinations left the
 * embedded database's processes ~150 MB larger than the unprepared run.
 */
const NAMED_AFTER = 3;
const NAMED_MAX = 150;
const named = new Map<string, string>();
const seen = new Map<string, number>();

function statementName(text: string): string | undefined {
  const name = named.get(text);
  if (name || named.size >= NAMED_MAX) return name;
  const uses = (seen.get(text) ?? 0) + 1;
  if (uses < NAMED_AFTER) {
    if (seen.size >= 5_000) seen.clear();
    seen.set(text, uses);
    return undefined;
  }
  seen.delete(text);
  const made = `s${crypto.createHash('sha1').update(text).digest('base64url')}`;
  named.set(text, made);
  return made;
}

/** Pool options that prepare statements as above: for the server and for the benchmarks' raw clients alike. */
export const preparingPool = (options: pg.PoolConfig): pg.PoolConfig => ({ ...options, Client: PreparingClient, maxUses: MAX_USES });
