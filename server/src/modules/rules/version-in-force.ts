import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { DEFAULT_LEAD_TIMES, leadTimeRulesSchema, type LeadTimeRule } from '../deadlines';
import type { Tx } from '../../db/client';
import { ruleVersions } from '../../db/schema';

export type RuleVersionRow = typeof ruleVersions.$inferSelect;

/** Versions that may be in force on a date: approved or published, in force from that day or before. */
export const inForceBy = (date: string) => and(ne(ruleVersions.status, 'draft'), lte(ruleVersions.inForceFrom, date));

/** The version in force on a date: the latest approved or published one whose in_force_from is on or before it. */
export async function versionInForce(db: Tx, ruleId: number, date: string): Promise<RuleVersionRow | null> {
  const [row] = await db
    .select()
    .from(ruleVersions)
    .where(and(eq(ruleVersions.ruleId, ruleId), inForceBy(date)))
    .orderBy(desc(ruleVersions.inForceFrom))
    .limit(1);
  return row ?? null;
}

const keyOf = (r: LeadTimeRule) => `${r.method}|${r.smeOnly}|${r.nmcdMax ?? ''}`;

/** Defaults of 223-ФЗ with a version's own rules put in place of the defaults they restate (same method, SME flag, limit). */
export function effectiveLeadTimes(overrides: unknown): LeadTimeRule[] {
  const own = overrides ? leadTimeRulesSchema.parse(overrides) : [];
  const replaced = new Set(own.map(keyOf));
  return [...own, ...DEFAULT_LEAD_TIMES.filter((r) => !replaced.has(keyOf(r)))];
}
