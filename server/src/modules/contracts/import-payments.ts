import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { bankRequisites, companies, paymentImports } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { parseOr4xx, type RawUpload } from './read-upload';
import { nonPositiveFindings, statementFindings } from './check-statement';
import { assertStorageRoom, recordStoredFile } from '../storage';

export const IMPORT_PAYMENTS_JOB = 'execution.import-payments';
export const ImportPaymentsPayload = z.object({
  import_id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int(),
  key: z.string(),
});
export type ImportPaymentsPayload = z.infer<typeof ImportPaymentsPayload>;

/** Checks the 1C client-bank file now (bad file: 400, nothing stored), stores it and queues the import. */
export async function importPayments(ctx: Ctx, upload: RawUpload, opts: { confirmed?: boolean } = {}) {
  const file = await parseOr4xx('bank1c', upload, ctx.deps.config.UPLOAD_MAX_BYTES);
  if (!file.documents.length) throw new AppError('BAD_FILE', `В файле «${upload.name}» нет платёжных документов`);
  // a negative or zero sum is no payment: refused before anything is stored, each document named
  const unsigned = nonPositiveFindings(file);
  if (unsigned.length)
    throw new AppError('BAD_FILE', `Выписка «${upload.name}» не загружена: ${unsigned.join('; ')}`, { warnings: unsigned });
  // another organisation's statement is asked about first, as an УПД of another seller is (nothing stored until then)
  const [[company], accounts] = await Promise.all([
    ctx.deps.db.select({ name: companies.title, inn: companies.inn }).from(companies).where(eq(companies.id, ctx.companyId)),
    ctx.deps.db.select({ account: bankRequisites.account }).from(bankRequisites).where(eq(bankRequisites.companyId, ctx.companyId)),
  ]);
  const warnings = statementFindings(
    file,
    company ?? { name: null, inn: null },
    accounts.map((a) => a.account),
  );
  if (warnings.length && !opts.confirmed) {
    throw new AppError(
      'CONFIRM_REQUIRED',
      `Выписка «${upload.name}» не похожа на выписку ${company?.name ? `«${company.name}»` : 'организации'}: ${warnings.join('; ')}. Загрузить всё равно?`,
      { warnings },
    );
  }
  await assertStorageRoom(ctx.deps, ctx.companyId, upload.data.length);
  const fileKey = await ctx.deps.files.put(upload.data, 'txt');
  try {
    const queued = await ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentImports)
        .values({ companyId: ctx.companyId, fileKey, fileName: upload.name, total: file.documents.length, createdBy: ctx.user.id })
        .returning();
      await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'payments_1c', key: fileKey, size: upload.data.length });
      await audit(tx, ctx, {
        entity: 'payment_import',
        entityId: row.id,
        action: 'create',
        after: { file_name: upload.name, documents: file.documents.length, ...(warnings.length ? { confirmed_warnings: warnings } : {}) },
      });
      const key = `payments-${row.id}`;
      await ctx.deps.jobs.send<ImportPaymentsPayload>(
        IMPORT_PAYMENTS_JOB,
        { import_id: row.id, company_id: ctx.companyId, user_id: ctx.user.id, key },
        { tx },
      );
      return { id: row.id, key, status: 'processing' as const, upload_file_name: upload.name, documents: file.documents.length };
    });
    ctx.deps.jobs.wake(IMPORT_PAYMENTS_JOB);
    return queued;
  } catch (e) {
    await ctx.deps.files.remove(fileKey).catch(() => undefined);
    throw e;
  }
}
