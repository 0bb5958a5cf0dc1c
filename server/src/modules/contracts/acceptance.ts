import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AcceptanceDocumentResponse } from '@proc/contract';
import { acceptanceDocuments, acceptanceLines, contractPositions } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { approvalGate } from '../../platform/approval-gate';
import { AppError } from '../../platform/errors';
import { loadContract } from './contract-access';
import { withdrawDocument } from './upload-upd';

/** The contract's acceptance documents, newest first, each with its lines and their mapping. */
export async function listAcceptance(ctx: Ctx, contractId: number): Promise<AcceptanceDocumentResponse[]> {
  await loadContract(ctx, contractId);
  const docs = await ctx.deps.db
    .select()
    .from(acceptanceDocuments)
    .where(and(eq(acceptanceDocuments.companyId, ctx.companyId), eq(acceptanceDocuments.contractId, contractId)))
    .orderBy(desc(acceptanceDocuments.docDate), desc(acceptanceDocuments.id));
  if (!docs.length) return [];
  const lines = await ctx.deps.db
    .select({ line: acceptanceLines, positionName: contractPositions.name })
    .from(acceptanceLines)
    .leftJoin(contractPositions, eq(contractPositions.id, acceptanceLines.positionId))
    .where(
      and(
        eq(acceptanceLines.companyId, ctx.companyId),
        inArray(
          acceptanceLines.documentId,
          docs.map((d) => d.id),
        ),
      ),
    )
    .orderBy(asc(acceptanceLines.documentId), asc(acceptanceLines.ordinal));
  return docs.map((d) => ({
    id: d.id,
    contract_id: d.contractId,
    kind: d.kind,
    status: d.status,
    acceptance: d.acceptance,
    accepted_on: d.acceptedOn,
    error: d.error,
    number: d.number,
    date: d.docDate,
    format_version: d.formatVersion,
    seller: { name: d.sellerName, inn: d.sellerInn },
    buyer: { name: d.buyerName, inn: d.buyerInn },
    amount_without_vat: d.amountWithoutVat,
    vat_amount: d.vatAmount,
    amount_with_vat: d.amountWithVat,
    file_name: d.fileName,
    created_at: d.createdAt.toISOString(),
    warnings: d.warnings,
    withdrawn: d.withdrawnAt ? { at: d.withdrawnAt.toISOString(), reason: d.withdrawnReason ?? '' } : null,
    lines: lines
      .filter((l) => l.line.documentId === d.id)
      .map(({ line: l, positionName }) => ({
        id: l.id,
        ordinal: l.ordinal,
        name: l.name,
        okei_code: l.okeiCode,
        unit_name: l.unitName,
        quantity: l.quantity,
        price: l.price,
        amount_without_vat: l.amountWithoutVat,
        vat_rate: l.vatRate,
        vat_amount: l.vatAmount,
        amount_with_vat: l.amountWithVat,
        position_id: l.positionId,
        position_name: positionName ?? null,
        confidence: l.confidence,
        mapped_by: l.mappedBy,
      })),
  }));
}

/** The user's correction of one line's position; the position must belong to the line's contract. */
export async function setLineMapping(ctx: Ctx, lineId: number, positionId: number | null) {
  const [row] = await ctx.deps.db
    .select({
      lineId: acceptanceLines.id,
      contractId: acceptanceDocuments.contractId,
      documentId: acceptanceLines.documentId,
      ordinal: acceptanceLines.ordinal,
      name: acceptanceLines.name,
      positionId: acceptanceLines.positionId,
    })
    .from(acceptanceLines)
    .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceLines.documentId))
    .where(and(eq(acceptanceLines.id, lineId), eq(acceptanceLines.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Строка документа не найдена');
  if (positionId !== null) {
    const [pos] = await ctx.deps.db
      .select({ id: contractPositions.id })
      .from(contractPositions)
      .where(and(eq(contractPositions.id, positionId), eq(contractPositions.contractId, row.contractId)))
      .limit(1);
    if (!pos)
      throw new AppError('VALIDATION', 'Позиция не относится к договору этого документа', {
        position_id: ['Выберите позицию этого договора'],
      });
  }
  await ctx.deps.db.transaction(async (tx) => {
    // the matching is part of the acceptance's version: frozen on approval, and a change after it restarts the route
    if (positionId !== row.positionId)
      await approvalGate.documentChanging(tx, { companyId: ctx.companyId, userId: ctx.user.id }, 'acceptance', row.documentId);
    await tx
      .update(acceptanceLines)
      .set({ positionId, mappedBy: positionId === null ? null : 'user', confidence: positionId === null ? null : 1 })
      .where(eq(acceptanceLines.id, lineId));
    const line = { document_id: row.documentId, line_id: lineId, ordinal: row.ordinal, name: row.name };
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: row.contractId,
      action: 'line_mapping',
      before: { ...line, position_id: row.positionId },
      after: { ...line, position_id: positionId },
    });
  });
  const docs = await listAcceptance(ctx, row.contractId);
  return docs.flatMap((d) => d.lines).find((l) => l.id === lineId)!;
}

/** Withdraws a wrong УПД with a reason: it stays listed as withdrawn and leaves every figure (execution-totals.ts). */
export async function withdrawUpd(ctx: Ctx, documentId: number, reason: string): Promise<AcceptanceDocumentResponse> {
  const doc = await ctx.deps.db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(acceptanceDocuments)
      .where(and(eq(acceptanceDocuments.id, documentId), eq(acceptanceDocuments.companyId, ctx.companyId)))
      .for('update');
    if (!d) throw new AppError('NOT_FOUND', 'Документ приёмки не найден');
    if (d.withdrawnAt) throw new AppError('INVALID_STATE', `УПД № ${d.number} уже отозван: ${d.withdrawnReason ?? ''}`);
    await withdrawDocument(tx, ctx, d, reason);
    return d;
  });
  return (await listAcceptance(ctx, doc.contractId)).find((d) => d.id === doc.id)!;
}
