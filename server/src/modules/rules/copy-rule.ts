import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { CopyProcurementRulePayload, EVENTS, type ServerEvents } from '@proc/contract';
import type { AuthUser, Deps } from '../../platform/context';
import type { Tx } from '../../db/client';
import { documentRules, procurementRules, ruleVersions } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { canActFor } from '../../platform/tenancy';

export const COPY_RULE_JOB = 'rules.copy';

const CopyRuleJob = z.object({
  key: z.union([z.string(), z.number()]),
  user_id: z.number().int(),
  source_rule_id: z.number().int(),
  company_id: z.number().int(),
  title: z.string().nullable(),
});
type CopyRuleJob = z.infer<typeof CopyRuleJob>;

/**
 * Copies a rule with all its versions (status and dates kept) and their document rules into a company, in the
 * caller's transaction. Returns the new rule's id.
 */
export async function copyRuleInto(
  tx: Tx,
  source: typeof procurementRules.$inferSelect,
  companyId: number,
  userId: number | null,
  title?: string | null,
): Promise<number> {
  const [rule] = await tx
    .insert(procurementRules)
    .values({
      companyId,
      title: title || source.title,
      description: source.description,
      law: source.law,
      copiedFromId: source.id,
      createdBy: userId,
    })
    .returning();
  const versions = await tx.select().from(ruleVersions).where(eq(ruleVersions.ruleId, source.id));
  const docs = versions.length
    ? await tx
        .select()
        .from(documentRules)
        .where(
          inArray(
            documentRules.versionId,
            versions.map((v) => v.id),
          ),
        )
    : [];
  for (const { id: oldId, createdAt: _c, updatedAt: _u, ...v } of versions) {
    const [copy] = await tx
      .insert(ruleVersions)
      .values({ ...v, ruleId: rule.id, companyId, createdBy: userId })
      .returning({ id: ruleVersions.id });
    const own = docs.filter((d) => d.versionId === oldId);
    if (own.length)
      await tx.insert(documentRules).values(own.map(({ id: _id, createdAt: _d, ...d }) => ({ ...d, versionId: copy.id, companyId })));
  }
  await audit(
    tx,
    { user: userId === null ? null : { id: userId }, companyId },
    {
      entity: 'procurement_rule',
      entityId: rule.id,
      action: 'copy',
      after: { title: rule.title, law: rule.law, copied_from_id: source.id, copied_from_title: source.title, versions: versions.length },
    },
  );
  return rule.id;
}

/** A rule the user may copy: a template or a rule of a company the user acts for. */
async function loadCopySource(deps: Deps, user: AuthUser, ruleId: number) {
  const [source] = await deps.db.select().from(procurementRules).where(eq(procurementRules.id, ruleId));
  const visible = source && (source.companyId === null ? source.isTemplate : await canActFor(deps.db, user, source.companyId));
  if (!visible) throw new AppError('NOT_FOUND', 'Положение о закупке не найдено');
  return source;
}

/** copyProcurementRuleRequest: check, then leave the copying to a job (only the Received ack goes out now). */
export function registerCopyRuleTriad(deps: Deps): void {
  deps.realtime.triad(
    'auth',
    'copyProcurementRule',
    async ({ user, key }, payload) => {
      if (!user) throw new AppError('UNAUTHORIZED');
      const parsed = CopyProcurementRulePayload.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION', 'Укажите положение о закупке, которое нужно скопировать');
      const companyId = parsed.data.company_id ?? user.companyId;
      if (!(await canActFor(deps.db, user, companyId))) throw new AppError('NOT_FOUND', 'Организация не найдена');
      if (user.role === 'operator') throw new AppError('FORBIDDEN');
      await loadCopySource(deps, user, parsed.data.rule_id);
      await deps.jobs.send<CopyRuleJob>(COPY_RULE_JOB, {
        key,
        user_id: user.id,
        source_rule_id: parsed.data.rule_id,
        company_id: companyId,
        title: parsed.data.title ?? null,
      });
      return null;
    },
    { changes: true },
  );
}

export function defineCopyRuleJob(deps: Deps): void {
  deps.jobs.define<CopyRuleJob>({
    name: COPY_RULE_JOB,
    schema: CopyRuleJob,
    options: { retryLimit: 2, retryDelay: 1 },
    handler: async (job, meta) => {
      const push = (p: Omit<ServerEvents['copyProcurementRuleResponse'], 'key'>) =>
        deps.realtime.toUser(job.user_id, EVENTS.copyProcurementRuleResponse, { key: job.key, ...p });
      try {
        const ruleId = await deps.db.transaction(async (tx) => {
          const [source] = await tx.select().from(procurementRules).where(eq(procurementRules.id, job.source_rule_id));
          if (!source) throw new AppError('NOT_FOUND', 'Положение о закупке не найдено');
          return copyRuleInto(tx, source, job.company_id, job.user_id, job.title);
        });
        push({ result: 'success', rule_id: ruleId });
      } catch (err) {
        // a database hiccup is retried; a refusal or the last attempt is reported to the user
        if (!(err instanceof AppError) && meta.retryCount < 2) throw err;
        push({ result: 'error', error: err instanceof AppError ? err.message : 'Не удалось скопировать положение о закупке' });
      }
    },
  });
}
