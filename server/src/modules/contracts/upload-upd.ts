import { z } from 'zod';
import type { UpdDocument } from '../../formats';
import { eq } from 'drizzle-orm';
import { acceptanceDocuments, companies, contracts } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { contractTotals } from './execution-totals';
import { updFindings } from './check-upd';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { loadContract } from './contract-access';
import { parseOr4xx, type RawUpload } from './read-upload';

export const PROCESS_UPD_JOB = 'execution.process-upd';
export const ProcessUpdPayload = z.object({ document_id: z.number().int(), company_id: z.number().int(), user_id: z.number().int(), key: z.string() });
export type ProcessUpdPayload = z.infer<typeof ProcessUpdPayload>;

/**
 * Checks the file is an УПД now (a bad file is a 400 and nothing is stored), then stores the file and the document
 * header and queues the line mapping; the job answers with notificationMapInvoiceItemsResponse.
 */
export async function uploadUpd(ctx: Ctx, contractId: number, upload: RawUpload, opts: { confirmed?: boolean } = {}) {
  const contract = await loadContract(ctx, contractId);
  const upd: UpdDocument = await parseOr4xx('upd', upload, ctx.deps.config.UPLOAD_MAX_BYTES);
  const [company] = await ctx.deps.db.select({ name: companies.title, inn: companies.inn }).from(companies).where(eq(companies.id, ctx.companyId));
  const delivered = (await contractTotals(ctx.deps.db, ctx.companyId, [contract.id])).get(contract.id)!.delivered;
  const warnings = updFindings(upd, contract, company ?? { name: null, inn: null }, delivered);
  if (warnings.length && !opts.confirmed) {
    throw new AppError('CONFIRM_REQUIRED', `УПД № ${upd.number} не сходится с договором: ${warnings.join('; ')}. Загрузить всё равно?`, { warnings });
  }
  const fileKey = await ctx.deps.files.put(upload.data, 'xml');
  try {
    const queued = await ctx.deps.db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(acceptanceDocuments)
        .values({
          companyId: ctx.companyId,
          contractId: contract.id,
          number: upd.number,
          docDate: upd.date,
          formatVersion: upd.formatVersion,
          sellerName: upd.seller.name,
          sellerInn: upd.seller.inn,
          buyerName: upd.buyer?.name ?? null,
          buyerInn: upd.buyer?.inn ?? null,
          amountWithoutVat: upd.totals?.amountWithoutVat ?? null,
          vatAmount: upd.totals?.vatAmount ?? null,
          amountWithVat: upd.totals?.amountWithVat ?? null,
          fileKey,
          fileName: upload.name,
          warnings,
          createdBy: ctx.user.id,
        })
        .returning();
      await audit(tx, ctx, {
        entity: 'contract', entityId: contract.id, action: 'upd_upload',
        after: { document_id: doc.id, number: doc.number, date: doc.docDate, seller_inn: doc.sellerInn, amount_with_vat: doc.amountWithVat, file_name: upload.name },
      });
      // 223-ФЗ contract files often name no supplier: the seller of the contract's УПД is the supplier
      if (!contract.supplierInn && upd.seller.inn) {
        await tx.update(contracts).set({ supplierInn: upd.seller.inn, supplierName: upd.seller.name, supplierKpp: upd.seller.kpp, updatedAt: new Date() }).where(eq(contracts.id, contract.id));
        await audit(tx, ctx, { entity: 'contract', entityId: contract.id, action: 'update', before: { supplier_inn: null }, after: { supplier_inn: upd.seller.inn, supplier_name: upd.seller.name, source: 'upd' } });
      }
      const key = `upd-${doc.id}`;
      await ctx.deps.jobs.send<ProcessUpdPayload>(PROCESS_UPD_JOB, { document_id: doc.id, company_id: ctx.companyId, user_id: ctx.user.id, key }, { tx });
      return { id: doc.id, key, status: 'processing' as const, number: doc.number, date: doc.docDate, upload_file_name: upload.name };
    });
    ctx.deps.jobs.wake(PROCESS_UPD_JOB);
    return queued;
  } catch (e) {
    await ctx.deps.files.remove(fileKey).catch(() => undefined);
    throw e;
  }
}
