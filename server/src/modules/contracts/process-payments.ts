import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { EVENTS, MESSAGES, type ServerEvents } from '@proc/contract';
import { isFormatError, parseInWorker } from '../../formats';
import { companies, contracts, paymentImports, paymentOrders } from '../../db/schema';
import { outerColumn } from '../../db/outer-column';
import type { Deps } from '../../platform/context';
import { audit } from '../../platform/audit';
import { matchPayment, registryNumbersIn, type ContractForPayment } from './match-payment';
import type { ImportPaymentsPayload } from './import-payments';

/** Stores the file's documents once each (number+date+amount+payer account), links what names a contract. */
export async function processPayments(deps: Deps, job: ImportPaymentsPayload): Promise<void> {
  const [imp] = await deps.db
    .select()
    .from(paymentImports)
    .where(and(eq(paymentImports.id, job.import_id), eq(paymentImports.companyId, job.company_id)))
    .limit(1);
  if (!imp || imp.status !== 'processing') return;
  const push = (p: Omit<ServerEvents['notificationImportPaymentsResponse'], 'key' | 'upload_file_name' | 'import_id'>) =>
    deps.realtime.toUser(job.user_id, EVENTS.notificationImportPaymentsResponse, {
      key: job.key,
      upload_file_name: imp.fileName,
      import_id: imp.id,
      ...p,
    });
  try {
    const file = await parseInWorker('bank1c', await deps.files.get(imp.fileKey));
    const actor = { user: { id: job.user_id }, companyId: imp.companyId };
    const counts = await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentOrders)
        .values(
          file.documents.map((d) => ({
            companyId: imp.companyId,
            importId: imp.id,
            kind: d.kind,
            number: d.number,
            docDate: d.date,
            amount: new Decimal(d.amount).toFixed(2),
            payerName: d.payer.name,
            payerInn: d.payer.inn,
            payerAccount: d.payer.account ?? '',
            payeeName: d.payee.name,
            payeeInn: d.payee.inn,
            payeeKpp: d.payee.kpp,
            payeeAccount: d.payee.account,
            purpose: d.purpose,
            writtenOffDate: d.writtenOffDate,
          })),
        )
        .onConflictDoNothing()
        .returning();
      const inns = [...new Set(inserted.map((p) => p.payeeInn).filter((x): x is string => !!x))];
      const named = [...new Set(inserted.flatMap((p) => registryNumbersIn(p.purpose)))];
      const [company] = await tx.select({ inn: companies.inn }).from(companies).where(eq(companies.id, imp.companyId));
      let matched = 0;
      if (inns.length || named.length) {
        const candidates = await tx
          .select({
            id: contracts.id,
            registryNumber: contracts.registryNumber,
            number: contracts.number,
            supplierInn: contracts.supplierInn,
            price: contracts.price,
            contractDate: contracts.contractDate,
            paid: sql<string>`(SELECT COALESCE(SUM(${paymentOrders.amount}), 0)::text FROM ${paymentOrders} WHERE ${paymentOrders.contractId} = ${outerColumn(contracts.id)})`,
          })
          .from(contracts)
          .where(
            and(
              eq(contracts.companyId, imp.companyId),
              or(
                ...[
                  inns.length ? and(isNotNull(contracts.supplierInn), inArray(contracts.supplierInn, inns)) : undefined,
                  named.length ? inArray(contracts.registryNumber, named) : undefined,
                ].filter(Boolean),
              ),
            ),
          );
        const pool: ContractForPayment[] = candidates.map((c) => ({ ...c, paid: String(c.paid) }));
        for (const p of [...inserted].sort((a, b) => a.docDate.localeCompare(b.docDate) || a.id - b.id)) {
          const contractId = matchPayment(
            { payerInn: p.payerInn, payeeInn: p.payeeInn, amount: p.amount, purpose: p.purpose, date: p.docDate },
            pool,
            company?.inn ?? null,
          );
          if (contractId === null) continue;
          await tx.update(paymentOrders).set({ contractId, linkedBy: 'auto' }).where(eq(paymentOrders.id, p.id));
          await audit(tx, actor, {
            entity: 'contract',
            entityId: contractId,
            action: 'payment_link',
            after: { payment_id: p.id, number: p.number, date: p.docDate, amount: p.amount, linked_by: 'auto' },
          });
          const c = pool.find((x) => x.id === contractId)!;
          c.paid = new Decimal(c.paid).plus(p.amount).toString();
          matched++;
        }
      }
      const result = { created: inserted.length, duplicates: file.documents.length - inserted.length, matched };
      await tx
        .update(paymentImports)
        .set({ status: 'processed', ...result })
        .where(eq(paymentImports.id, imp.id));
      await audit(tx, actor, {
        entity: 'payment_import',
        entityId: imp.id,
        action: 'processed',
        before: { status: imp.status },
        after: { status: 'processed', ...result },
      });
      return result;
    });
    push({
      result: 'success',
      message: MESSAGES.paymentSuccess(imp.fileName),
      total: file.documents.length,
      ...counts,
      unmatched: counts.created - counts.matched,
    });
  } catch (err) {
    const error = isFormatError(err) ? err.message : 'Не удалось сохранить платёжные поручения';
    await deps.db.transaction(async (tx) => {
      await tx.update(paymentImports).set({ status: 'error', error }).where(eq(paymentImports.id, imp.id));
      await audit(
        tx,
        { user: { id: job.user_id }, companyId: imp.companyId },
        {
          entity: 'payment_import',
          entityId: imp.id,
          action: 'processed',
          before: { status: imp.status },
          after: { status: 'error', error },
        },
      );
    });
    push({ result: 'error', error });
  }
}
