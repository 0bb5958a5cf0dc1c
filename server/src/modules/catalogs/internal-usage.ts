import { and, count, eq, isNull, or } from 'drizzle-orm';
import { catalogDocumentSubjects, catalogProducts } from '../../db/schema';
import { registerUsage, type UsageElement } from './usage';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The viewer sees uses by its own and by shared (system) catalogue rows; a delete counts every row. */
const visibleUse = (companyColumn: AnyPgColumn, el: UsageElement) =>
  el.viewerCompanyId === undefined ? undefined : or(isNull(companyColumn), eq(companyColumn, el.viewerCompanyId));

let registered = false;

/** References between catalogues themselves: a subject used by goods or document lists, a document used by a subject. */
export function registerInternalUsage(): void {
  if (registered) return;
  registered = true;
  registerUsage(
    'subjects',
    async (tx, id, el) =>
      (
        await tx
          .select({ n: count() })
          .from(catalogProducts)
          .where(and(eq(catalogProducts.subjectId, id), visibleUse(catalogProducts.companyId, el)))
      )[0].n,
    'товары, работы, услуги',
  );
  registerUsage(
    'subjects',
    async (tx, id, el) =>
      (
        await tx
          .select({ n: count() })
          .from(catalogDocumentSubjects)
          .where(and(eq(catalogDocumentSubjects.subjectId, id), visibleUse(catalogDocumentSubjects.companyId, el)))
      )[0].n,
    'документы по предмету закупки',
  );
  registerUsage(
    'documents',
    async (tx, id, el) =>
      (
        await tx
          .select({ n: count() })
          .from(catalogDocumentSubjects)
          .where(and(eq(catalogDocumentSubjects.documentId, id), visibleUse(catalogDocumentSubjects.companyId, el)))
      )[0].n,
    'документы по предмету закупки',
  );
}
