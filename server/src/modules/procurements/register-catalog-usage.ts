import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { documentRules, procurements } from '../../db/schema';
import { registerUsage, usageScope } from '../catalogs';

const PROCUREMENTS = 'закупки';

async function countProcurements(tx: Tx, where: SQL): Promise<number> {
  return (await tx.select({ n: count() }).from(procurements).where(where))[0].n;
}

const inArrayColumn = (column: AnyPgColumn, id: number) => sql`${id} = ANY(${column})`;

/** A company's own element is used by that company's records only; a system element by anyone's (see usageScope). */
const sameScope = usageScope;

const ELEMENT_COLUMNS: Record<number, (id: number) => SQL> = {
  1: (id) => eq(procurements.nmcdMethodId, id),
  2: (id) => inArrayColumn(procurements.requirementIds, id),
  7: (id) => inArrayColumn(procurements.infoDocumentIds, id),
  8: (id) => inArrayColumn(procurements.fundingSourceIds, id),
};

let registered = false;

/** Tells the catalogues which of their elements procurements (and document rules) use, so those are archived, not deleted. */
export function registerCatalogUsage(): void {
  if (registered) return;
  registered = true;
  registerUsage(
    'elements',
    async (tx, id, el) => {
      const where = el.type ? ELEMENT_COLUMNS[el.type] : undefined;
      return where ? countProcurements(tx, and(where(id), sameScope(procurements.companyId, el))!) : 0;
    },
    PROCUREMENTS,
  );
  registerUsage(
    'execTerms',
    (tx, id, el) =>
      countProcurements(
        tx,
        and(
          inArrayColumn(el.type === 2 ? procurements.deliveryPlaceIds : procurements.deliveryTermIds, id),
          sameScope(procurements.companyId, el),
        )!,
      ),
    PROCUREMENTS,
  );
  registerUsage(
    'ensuring',
    (tx, id, el) => countProcurements(tx, and(inArrayColumn(procurements.ensuringIds, id), sameScope(procurements.companyId, el))!),
    PROCUREMENTS,
  );
  registerUsage(
    'methods',
    (tx, _id, el) =>
      el.code ? countProcurements(tx, and(eq(procurements.method, el.code), sameScope(procurements.companyId, el))!) : Promise.resolve(0),
    PROCUREMENTS,
  );
  registerUsage(
    'methods',
    async (tx, _id, el) =>
      el.code
        ? (
            await tx
              .select({ n: count() })
              .from(documentRules)
              .where(and(eq(documentRules.method, el.code), sameScope(documentRules.companyId, el)))
          )[0].n
        : 0,
    'правила документов положений о закупке',
  );
  registerUsage(
    'subjects',
    (tx, _id, el) =>
      el.code ? countProcurements(tx, and(eq(procurements.subject, el.code), sameScope(procurements.companyId, el))!) : Promise.resolve(0),
    PROCUREMENTS,
  );
}
