import type { Tx } from '../db/client';
import { SQL, sql } from 'drizzle-orm';
import { auditLog } from '../db/schema';

/**
 * Who acted and for which company; a service Ctx fits as is. `user: null` is the system (a job nobody started, an
 * import without a user); `companyId: null` is a global object (tariffs, shared catalogues): only admin reads those.
 */
export interface AuditCtx {
  user: { id: number } | null;
  companyId: number | null;
}

export interface AuditEntry {
  /**
   * The business object a card shows: 'company', 'user', 'procurement', 'contract', 'rule_version', … (the `entity`
   * filter of GET /audit). Changes of its parts (a procurement's files, a contract's payments) are recorded on it, with
   * the part named in the action and its id in the values, so the card's history is complete.
   */
  entity: string;
  /** SQL for an object the statement writing the entry creates: its id is known only there (auditInsert). */
  entityId: number | string | SQL;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the trail, whatever a caller passes in before/after. */
const SECRET_KEYS =
  /^(password|password_?hash|passwordHash|token|token_?hash|tokenHash|ticket_?hash|secret|current_password|new_password|email_code)$/i;

function scrub(v: unknown): unknown {
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.map(scrub);
  if (v instanceof Date) return v.toISOString();
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([k, x]) => !SECRET_KEYS.test(k) && x !== undefined)
        .map(([k, x]) => [k, scrub(x)]),
    );
  }
  return v;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** JSON with sorted keys: two values are the same change-wise when these match (an empty list is no value either). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    isRecord(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : Array.isArray(x) && !x.length
        ? null
        : x,
  );

/** The row's own modification time: the entry has its time already. */
const STAMP_KEYS = /^updated_?at$/i;

/**
 * What an update changed: the keys of `after` whose value differs from `before` (a key missing from `after` was not
 * touched by a partial update; the modification time is no change of its own), with their old and new values. Spread it into an entry: `{ action, ...changes(b, a) }`.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const was = scrub(before) as Record<string, unknown>;
  for (const [k, x] of Object.entries(scrub(after) as Record<string, unknown>)) {
    if (STAMP_KEYS.test(k)) continue;
    const old = k in was ? was[k] : null;
    if (canonical(old) === canonical(x)) continue;
    b[k] = old;
    a[k] = x;
  }
  return { before: b, after: a };
}

/** A new object's empty fields say nothing: left out. */
const withoutEmpty = (v: unknown) =>
  isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && !(Array.isArray(x) && !x.length))) : v;

/** camelCase row keys as the API names them (snake_case), for the before/after of database rows. */
export function snakeKeys(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
}

const isEmptyRecord = (v: unknown) => isRecord(v) && !Object.keys(v).length;

/**
 * Records one change in audit_log. Call it inside the transaction that makes the change, so both commit or neither.
 * An update that changed nothing (both sides empty, as `changes` gives for a save without edits) is no change: skipped.
 */
export async function audit(tx: Tx, ctx: AuditCtx, e: AuditEntry): Promise<void> {
  await auditMany(tx, ctx, [e]);
}

/**
 * The audit_log row of an entry, or null for an update that changed nothing: for a statement that writes the entry
 * with its change (the rules of `audit`).
 */
export function auditRow(ctx: AuditCtx, e: AuditEntry) {
  const before = scrub(e.before);
  const after = before === null ? withoutEmpty(scrub(e.after)) : scrub(e.after);
  if (isEmptyRecord(before) && isEmptyRecord(after)) return null;
  return {
    companyId: ctx.companyId,
    userId: ctx.user?.id ?? null,
    entity: e.entity,
    entityId: e.entityId instanceof SQL ? e.entityId : String(e.entityId),
    action: e.action,
    before,
    after,
  };
}

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * The INSERT of an entry's row (auditRow), for a statement that also makes the change: one row per row of `from` (a
 * CTE of that statement), with `extra` — a value only the statement knows — merged into `after`.
 */
export function auditInsert(row: NonNullable<ReturnType<typeof auditRow>>, from: SQL, extra?: SQL): SQL {
  const after = extra ? sql`${jsonOrNull(row.after)}::jsonb || ${extra}` : sql`${jsonOrNull(row.after)}::jsonb`;
  return sql`INSERT INTO ${auditLog} (company_id, user_id, entity, entity_id, action, before, after)
    SELECT ${row.companyId}::int, ${row.userId}::int, ${row.entity}::text, ${row.entityId}::text, ${row.action}::text, ${jsonOrNull(row.before)}::jsonb, ${after}
    FROM ${from}`;
}

/** Records several changes in one statement (an import's batch); the same rules as `audit`. */
export async function auditMany(tx: Tx, ctx: AuditCtx, entries: AuditEntry[]): Promise<void> {
  const rows = entries.flatMap((e) => auditRow(ctx, e) ?? []);
  // well under PostgreSQL's 65,535 parameters a statement (7 a row)
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(auditLog).values(rows.slice(i, i + 5000));
}
