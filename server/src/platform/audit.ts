import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acted and for which company; a service Ctx fits as is. */
export interface AuditCtx {
  user: { id: number };
  companyId: number | null;
}

export interface AuditEntry {
  /** What kind of object: 'company', 'user', 'procurement', … (the `entity` filter of GET /audit). */
  entity: string;
  entityId: number | string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the trail, whatever a caller passes in before/after. */
const SECRET_KEYS = /^(password|password_?hash|passwordHash|token|token_?hash|tokenHash|secret|current_password|new_password)$/i;

function scrub(v: unknown): unknown {
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.map(scrub);
  if (v instanceof Date) return v.toISOString();
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k, x]) => !SECRET_KEYS.test(k) && x !== undefined).map(([k, x]) => [k, scrub(x)]));
  }
  return v;
}

/** Records one change in audit_log. Call it inside the transaction that makes the change, so both commit or neither. */
export async function audit(tx: Tx, ctx: AuditCtx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: ctx.companyId,
    userId: ctx.user.id,
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    before: scrub(e.before),
    after: scrub(e.after),
  });
}
