import { and, eq, ne, sql } from 'drizzle-orm';
import { EVENTS, MESSAGES, type ServerEvents } from '@proc/contract';
import { isFormatError, parseInWorker } from '../../formats';
import { acceptanceDocuments, acceptanceLines, contractPositions } from '../../db/schema';
import type { Deps } from '../../platform/context';
import { audit } from '../../platform/audit';
import { looksLikeOkpd2, matchLines } from './match-lines';
import { lineFindings } from './check-upd';
import type { ProcessUpdPayload } from './upload-upd';
import { documentInForce } from '../figures';

/** Parses the stored УПД, keeps every line, maps what it can to the contract's positions, tells the user. */
export async function processUpd(deps: Deps, job: ProcessUpdPayload): Promise<void> {
  const [doc] = await deps.db
    .select()
    .from(acceptanceDocuments)
    .where(and(eq(acceptanceDocuments.id, job.document_id), eq(acceptanceDocuments.companyId, job.company_id)))
    .limit(1);
  if (!doc || doc.status !== 'processing' || doc.withdrawnAt) return;
  const push = (p: Omit<ServerEvents['notificationMapInvoiceItemsResponse'], 'key' | 'upload_file_name' | 'contract_id' | 'document_id'>) =>
    deps.realtime.toUser(job.user_id, EVENTS.notificationMapInvoiceItemsResponse, {
      key: job.key,
      upload_file_name: doc.fileName,
      contract_id: doc.contractId,
      document_id: doc.id,
      ...p,
    });
  try {
    const upd = await parseInWorker('upd', await deps.files.get(doc.fileKey));
    const positions = await deps.db
      .select({
        id: contractPositions.id,
        name: contractPositions.name,
        okpd2: contractPositions.okpd2Code,
        okeiCode: contractPositions.okeiCode,
        okeiName: contractPositions.okeiName,
        quantity: contractPositions.quantity,
        price: contractPositions.unitPrice,
      })
      .from(contractPositions)
      .where(eq(contractPositions.contractId, doc.contractId));
    const scored = matchLines(
      upd.lines.map((l) => ({ name: l.name, okeiCode: l.okeiCode, price: l.price, okpd2: looksLikeOkpd2(l.itemCode) })),
      positions,
    );
    // what the contract's other processed УПД already accepted, per position
    const before = await deps.db
      .select({ positionId: acceptanceLines.positionId, qty: sql<string>`sum(${acceptanceLines.quantity})::text` })
      .from(acceptanceLines)
      .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceLines.documentId))
      .where(
        and(
          eq(acceptanceDocuments.contractId, doc.contractId),
          eq(acceptanceDocuments.companyId, doc.companyId),
          eq(acceptanceDocuments.status, 'processed'),
          documentInForce,
          ne(acceptanceDocuments.id, doc.id),
        ),
      )
      .groupBy(acceptanceLines.positionId);
    const checked = lineFindings(
      upd.lines,
      scored.map((m) => m.positionId),
      positions,
      new Map(before.filter((b) => b.positionId !== null).map((b) => [b.positionId!, b.qty])),
    );
    const matches = scored.map((m, i) => ({ ...m, positionId: checked.positionIds[i] }));
    const warnings = [...new Set([...(doc.warnings ?? []), ...checked.warnings])];
    await deps.db.transaction(async (tx) => {
      await tx.delete(acceptanceLines).where(eq(acceptanceLines.documentId, doc.id));
      if (upd.lines.length)
        await tx.insert(acceptanceLines).values(
          upd.lines.map((l, i) => ({
            documentId: doc.id,
            companyId: doc.companyId,
            ordinal: l.ordinal,
            name: l.name,
            okeiCode: l.okeiCode,
            unitName: l.unitName,
            quantity: l.quantity,
            price: l.price,
            amountWithoutVat: l.amountWithoutVat,
            vatRate: l.vatRate,
            vatAmount: l.vatAmount,
            amountWithVat: l.amountWithVat,
            itemCode: l.itemCode,
            positionId: matches[i].positionId,
            confidence: matches[i].confidence,
            mappedBy: matches[i].positionId ? ('auto' as const) : null,
          })),
        );
      await tx.update(acceptanceDocuments).set({ status: 'processed', error: null, warnings }).where(eq(acceptanceDocuments.id, doc.id));
      const mapped = matches.filter((m) => m.positionId !== null).length;
      await audit(
        tx,
        { user: { id: job.user_id }, companyId: doc.companyId },
        {
          entity: 'contract',
          entityId: doc.contractId,
          action: 'upd_processed',
          before: { document_id: doc.id, status: doc.status },
          after: { document_id: doc.id, status: 'processed', lines: upd.lines.length, mapped },
        },
      );
    });
    const mapped = matches.filter((m) => m.positionId !== null).length;
    push({
      result: 'success',
      message: MESSAGES.updSuccess(doc.fileName),
      lines: upd.lines.length,
      mapped,
      unmapped: upd.lines.length - mapped,
    });
  } catch (err) {
    const error = isFormatError(err) ? err.message : 'Не удалось сопоставить строки УПД с позициями договора';
    await deps.db.transaction(async (tx) => {
      await tx.update(acceptanceDocuments).set({ status: 'error', error }).where(eq(acceptanceDocuments.id, doc.id));
      await audit(
        tx,
        { user: { id: job.user_id }, companyId: doc.companyId },
        {
          entity: 'contract',
          entityId: doc.contractId,
          action: 'upd_processed',
          before: { document_id: doc.id, status: doc.status },
          after: { document_id: doc.id, status: 'error', error },
        },
      );
    });
    push({ result: 'error', error });
  }
}
