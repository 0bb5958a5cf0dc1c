import { z } from 'zod';
import type { UpdDocument } from '../../formats';
import { and, eq, sql } from 'drizzle-orm';
import { formatDate, formatDateTime } from '@proc/contract/format';
import type { Tx } from '../../db/client';
import { acceptanceDocuments, companies, contracts } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { contractFigures, documentInForce } from '../figures';
import { updFindings } from './check-upd';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { loadContract } from './contract-access';
import { parseOr4xx, type RawUpload } from './read-upload';
import { assertStorageRoom, recordStoredFile } from '../storage';
import { isZip, readEdoArchive } from './edo-archive';
import { checkResponse, recordUploadedSignature, signatureFinding, verifyUploadedSignature, type Verification } from '../signatures';
import { moscowToday, now } from '../../platform/clock';

export const PROCESS_UPD_JOB = 'execution.process-upd';
export const ProcessUpdPayload = z.object({
  document_id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int(),
  key: z.string(),
});
export type ProcessUpdPayload = z.infer<typeof ProcessUpdPayload>;

/**
 * Checks the file is an УПД now (a bad file is a 400 and nothing is stored), then stores the file and the document
 * header and queues the line mapping; the job answers with notificationMapInvoiceItemsResponse.
 */
export async function uploadUpd(ctx: Ctx, contractId: number, received: RawUpload, opts: { confirmed?: boolean; replace?: boolean } = {}) {
  const contract = await loadContract(ctx, contractId);
  // an ЭДО archive: the УПД inside it, with the supplier's signatures that came beside it
  const edo = isZip(received.data) ? await readEdoArchive(received, ctx.deps.config.UPLOAD_MAX_BYTES) : null;
  const upload: RawUpload = edo ? { name: edo.name, data: edo.data } : received;
  const upd: UpdDocument = await parseOr4xx('upd', upload, ctx.deps.config.UPLOAD_MAX_BYTES);
  const earlier = await sameUpdInForce(ctx.deps.db, ctx.companyId, contract.id, upd);
  if (earlier && !opts.replace) throw duplicateUpd(upd, earlier);
  const [company] = await ctx.deps.db
    .select({ name: companies.title, inn: companies.inn })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const delivered = (await contractFigures(ctx.deps.db, ctx.companyId, [contract.id])).get(contract.id)!.delivered;
  const warnings = updFindings(upd, contract, company ?? { name: null, inn: null }, delivered);
  if (warnings.length && !opts.confirmed) {
    throw new AppError('CONFIRM_REQUIRED', `УПД № ${upd.number} не сходится с договором: ${warnings.join('; ')}. Загрузить всё равно?`, {
      warnings,
    });
  }
  // the seller signs its own УПД: verified against the exact bytes and the seller's ИНН before anything is stored
  // (OpenSSL runs outside the transaction); a bad signature is a finding of the document, not a refusal
  const signatures: { name: string; data: Buffer; v: Verification }[] = [];
  for (const sig of edo?.signatures ?? []) {
    const v = await verifyUploadedSignature(ctx.deps, upload.data, sig.data, { counterpartyInn: upd.seller.inn });
    signatures.push({ ...sig, v });
    const finding = signatureFinding(v);
    if (finding && !warnings.includes(finding)) warnings.push(finding);
  }
  await assertStorageRoom(ctx.deps, ctx.companyId, upload.data.length);
  const fileKey = await ctx.deps.files.put(upload.data, 'xml');
  try {
    const queued = await ctx.deps.db.transaction(async (tx) => {
      // the user confirmed the new file replaces the one in force: that one is withdrawn, with the reason in the trail
      if (earlier) await withdrawDocument(tx, ctx, earlier, `Заменён повторной загрузкой (файл ${upload.name})`);
      const [doc] = await tx
        .insert(acceptanceDocuments)
        .values({
          companyId: ctx.companyId,
          contractId: contract.id,
          // the acceptance term runs from the day the customer receives the document (ч. 13 ст. 94 44-ФЗ)
          receivedOn: moscowToday(),
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
      await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'upd', key: fileKey, size: upload.data.length });
      await audit(tx, ctx, {
        entity: 'contract',
        entityId: contract.id,
        action: 'upd_upload',
        after: {
          document_id: doc.id,
          number: doc.number,
          date: doc.docDate,
          seller_inn: doc.sellerInn,
          amount_with_vat: doc.amountWithVat,
          file_name: upload.name,
        },
      });
      // 223-ФЗ contract files often name no supplier: the seller of the contract's УПД is the supplier
      if (!contract.supplierInn && upd.seller.inn) {
        await tx
          .update(contracts)
          .set({ supplierInn: upd.seller.inn, supplierName: upd.seller.name, supplierKpp: upd.seller.kpp, updatedAt: now() })
          .where(eq(contracts.id, contract.id));
        await audit(tx, ctx, {
          entity: 'contract',
          entityId: contract.id,
          action: 'update',
          before: { supplier_inn: null },
          after: { supplier_inn: upd.seller.inn, supplier_name: upd.seller.name, source: 'upd' },
        });
      }
      for (const sig of signatures)
        await recordUploadedSignature(
          tx,
          ctx,
          { kind: 'upd', id: doc.id, auditEntity: 'contract', auditEntityId: contract.id },
          sig.data,
          sig.v,
        );
      const key = `upd-${doc.id}`;
      await ctx.deps.jobs.send<ProcessUpdPayload>(
        PROCESS_UPD_JOB,
        { document_id: doc.id, company_id: ctx.companyId, user_id: ctx.user.id, key },
        { tx },
      );
      return {
        id: doc.id,
        key,
        status: 'processing' as const,
        number: doc.number,
        date: doc.docDate,
        upload_file_name: upload.name,
        signatures: signatures.map((x) => ({ file_name: x.name, ...checkResponse(x.v) })),
      };
    });
    ctx.deps.jobs.wake(PROCESS_UPD_JOB);
    return queued;
  } catch (e) {
    await ctx.deps.files.remove(fileKey).catch(() => undefined);
    // the same УПД uploaded at the same moment by another request: the unique rule refused this one
    if (isUniqueViolation(e, 'acceptance_documents_identity_uq')) {
      const first = await sameUpdInForce(ctx.deps.db, ctx.companyId, contract.id, upd);
      if (first) throw duplicateUpd(upd, first);
    }
    throw e;
  }
}

type DocumentRow = typeof acceptanceDocuments.$inferSelect;

/** The contract's document in force with the same seller ИНН, number and date (the unique rule of migration 0019). */
async function sameUpdInForce(db: Tx, companyId: number, contractId: number, upd: UpdDocument): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(acceptanceDocuments)
    .where(
      and(
        eq(acceptanceDocuments.companyId, companyId),
        eq(acceptanceDocuments.contractId, contractId),
        documentInForce,
        eq(acceptanceDocuments.number, upd.number),
        eq(acceptanceDocuments.docDate, upd.date),
        sql`COALESCE(${acceptanceDocuments.sellerInn}, '') = ${upd.seller.inn ?? ''}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A 409 naming the earlier upload; `replace=true` repeats the upload with the user's consent to replace it. */
const duplicateUpd = (upd: UpdDocument, earlier: DocumentRow) =>
  new AppError(
    'CONFLICT',
    `УПД № ${upd.number} от ${formatDate(upd.date)}${upd.seller.inn ? ` (продавец ИНН ${upd.seller.inn})` : ''} уже загружен ${formatDateTime(earlier.createdAt, 'Europe/Moscow')} из файла «${earlier.fileName}»: повторно он не учитывается. Заменить загруженный документ новым?`,
    { duplicate_of: [String(earlier.id)] },
  );

const isUniqueViolation = (e: unknown, constraint: string) => {
  for (
    let x = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    x && i < 4;
    x = x.cause as typeof x, i++
  ) {
    if (x.code === '23505') return x.constraint === constraint || String((x as { message?: unknown }).message ?? '').includes(constraint);
  }
  return false;
};

/** Withdraws a document in `tx`: it stays on record, no figure counts it; the reason goes to the contract's trail. */
export async function withdrawDocument(tx: Tx, ctx: Ctx, doc: DocumentRow, reason: string): Promise<void> {
  await tx
    .update(acceptanceDocuments)
    .set({ withdrawnAt: now(), withdrawnBy: ctx.user.id, withdrawnReason: reason })
    .where(eq(acceptanceDocuments.id, doc.id));
  await audit(tx, ctx, {
    entity: 'contract',
    entityId: doc.contractId,
    action: 'upd_withdraw',
    before: { document_id: doc.id, number: doc.number, date: doc.docDate, seller_inn: doc.sellerInn, amount_with_vat: doc.amountWithVat },
    after: { document_id: doc.id, withdrawn: true, reason },
  });
}
