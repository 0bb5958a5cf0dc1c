import { and, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LEAD_TIMES, leadTimeRulesSchema, type LeadTimeRule } from '../deadlines';
import type { Tx } from '../../db/client';
import { ruleVersions } from '../../db/schema';

export type RuleVersionRow = typeof ruleVersions.$inferSelect;
/** What of the version in force a procurement's deadlines and card use. */
export type GoverningVersion = Pick<RuleVersionRow, 'id' | 'number' | 'inForceFrom' | 'leadTimeOverrides' | 'singleSupplierMax'>;

/** Versions that may be in force on a date: approved or published, in force from that day or before. */
export const inForceBy = (date: string | SQL) => and(ne(ruleVersions.status, 'draft'), lte(ruleVersions.inForceFrom, date))!;

/** The version in force on a date: the latest approved or published one whose in_force_from is on or before it. */
export async function versionInForce(db: Tx, ruleId: number, date: string): Promise<RuleVersionRow | null> {
  const [row] = await db
    .select()
    .from(ruleVersions)
    .where(and(eq(ruleVersions.ruleId, ruleId), inForceBy(date)))
    .orderBy(desc(ruleVersions.inForceFrom), desc(ruleVersions.id))
    .limit(1);
  return row ?? null;
}

/**
 * The same version as `versionInForce`, as a subquery giving its GoverningVersion as JSON (null when none), for a
 * statement that reads it with the row it governs rather than in a round trip of its own. Name the outer row's
 * columns with outerColumn: a bare "rule_id" would be rule_versions' own.
 */
export function governingVersionOf(ruleId: SQL, date: SQL): SQL<GoverningVersion | null> {
  const v = ruleVersions;
  return sql<GoverningVersion | null>`(SELECT json_build_object('id', ${v.id}, 'number', ${v.number}, 'inForceFrom', ${v.inForceFrom}, 'leadTimeOverrides', ${v.leadTimeOverrides}, 'singleSupplierMax', ${v.singleSupplierMax}::text)
    FROM ${v} WHERE ${v.ruleId} = ${ruleId} AND ${inForceBy(date)}
    ORDER BY ${v.inForceFrom} DESC, ${v.id} DESC LIMIT 1)`;
}

const keyOf = (r: LeadTimeRule) => `${r.method}|${r.smeOnly}|${r.nmcdMax ?? ''}`;

/** Defaults of 223-ФЗ with a version's own rules put in place of the defaults they restate (same method, SME flag, limit). */
export function effectiveLeadTimes(overrides: unknown): LeadTimeRule[] {
  const own = overrides ? leadTimeRulesSchema.parse(overrides) : [];
  const replaced = new Set(own.map(keyOf));
  return [...own, ...DEFAULT_LEAD_TIMES.filter((r) => !replaced.has(keyOf(r)))];
}
