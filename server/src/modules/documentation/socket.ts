import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DocumentKind,
  DocumentUserfieldsPayload,
  EDITABLE_PROCUREMENT_STATUSES,
  EVENTS,
  ReadyDocumentPayload,
  type ProcurementStatus,
  type Role,
  type ServerEvents,
} from '@proc/contract';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { canActFor } from '../../platform/tenancy';
import { listDocuments, saveValues } from './list-documents';
import { generateDocuments } from './generate-documents';
import { loadProcurement } from '../procurements';
import { assertCanEdit } from '../../platform/access';

export const READY_DOCUMENT_JOB = 'documentation.ready-document';

/** Sockets carry no X-Company-Id header: the payload's company_id plays its part, else the user's own company. */
async function socketCtx(deps: Deps, user: AuthUser | null, companyId: number | undefined): Promise<Ctx> {
  if (!user) throw new AppError('UNAUTHORIZED');
  const id = companyId ?? user.companyId;
  if (!(await canActFor(deps.db, user, id))) throw new AppError('NOT_FOUND');
  return { deps, user, companyId: id };
}

const ReadyDocumentJob = z.object({
  key: z.union([z.string(), z.number()]),
  user_id: z.number().int(),
  session_id: z.number().int(),
  company_id: z.number().int(),
  procurement_id: z.number().int(),
  templates: z.array(DocumentKind).optional(),
});
type ReadyDocumentJob = z.infer<typeof ReadyDocumentJob>;

const invalid = (err: z.ZodError) =>
  new AppError('VALIDATION', `Некорректный запрос: ${err.issues.map((i) => `${i.path.join('.') || '_'} — ${i.message}`).join('; ')}`);

export function documentationSocket(deps: Deps): void {
  deps.realtime.triad('auth', 'documentUserfields', async ({ user }, payload) => {
    const parsed = DocumentUserfieldsPayload.safeParse(payload);
    if (!parsed.success) throw invalid(parsed.error);
    const ctx = await socketCtx(deps, user, parsed.data.company_id);
    return {
      result: 'success',
      procurement_id: parsed.data.procurement_id,
      documents: await listDocuments(ctx, parsed.data.procurement_id, parsed.data.templates),
    };
  });

  deps.realtime.triad(
    'auth',
    'readyDocument',
    async ({ user, key }, payload) => {
      const parsed = ReadyDocumentPayload.safeParse(payload);
      if (!parsed.success) throw invalid(parsed.error);
      const ctx = await socketCtx(deps, user, parsed.data.company_id);
      const { procurement_id, templates, values } = parsed.data;
      const row = await loadProcurement(ctx, procurement_id);
      assertCanEdit(ctx);
      if (!EDITABLE_PROCUREMENT_STATUSES.includes(row.status as ProcurementStatus)) {
        throw new AppError('INVALID_STATE', 'Формировать документацию можно только в статусах «Черновик» и «Документация сформирована»');
      }
      // the typed values are saved with the job, so the job builds exactly what the user saw
      await deps.db.transaction(async (tx) => {
        for (const [kind, v] of Object.entries(values ?? {})) await saveValues(tx, ctx, procurement_id, kind as DocumentKind, v ?? {});
        await deps.jobs.send<ReadyDocumentJob>(
          READY_DOCUMENT_JOB,
          { key, user_id: ctx.user.id, session_id: ctx.user.sessionId, company_id: ctx.companyId, procurement_id, templates },
          { tx },
        );
      });
      return null;
    },
    { changes: true },
  );
}

export function defineDocumentationJobs(deps: Deps): void {
  deps.jobs.define<ReadyDocumentJob>({
    name: READY_DOCUMENT_JOB,
    schema: ReadyDocumentJob,
    options: { retryLimit: 2, retryDelay: 1 },
    fair: { group: (p) => String(p.company_id), perGroup: 1, maxQueued: 20 },
    handler: async (job, meta) => {
      const push = (p: Omit<ServerEvents['readyDocumentResponse'], 'key'>) =>
        deps.realtime.toUser(job.user_id, EVENTS.readyDocumentResponse, { key: job.key, procurement_id: job.procurement_id, ...p });
      try {
        const [u] = await deps.db.select().from(users).where(eq(users.id, job.user_id));
        if (!u || u.blocked) throw new AppError('UNAUTHORIZED');
        const user: AuthUser = {
          id: u.id,
          title: u.title,
          login: u.login,
          email: u.email,
          role: u.role as Role,
          companyId: u.companyId,
          sessionId: job.session_id,
        };
        const ctx = await socketCtx(deps, user, job.company_id);
        const result = await generateDocuments(ctx, job.procurement_id, job.templates);
        push({ result: 'success', files: result.files, violations: result.violations });
      } catch (err) {
        // a database hiccup is retried; a refusal or the last attempt is reported to the user
        if (!(err instanceof AppError) && meta.retryCount < 2) throw err;
        // the missing fields, keyed as the form names them: the screen lists them with a link to each
        push({
          result: 'error',
          error: err instanceof AppError ? err.message : 'Не удалось сформировать документацию',
          files: [],
          ...(err instanceof AppError && err.fields ? { fields: err.fields } : {}),
        });
      }
    },
  });
}
