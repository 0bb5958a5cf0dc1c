import { count, eq } from 'drizzle-orm';
import { catalogDocumentSubjects, catalogProducts } from '../../db/schema';
import { registerUsage } from './usage';

let registered = false;

/** References between catalogues themselves: a subject used by goods or document lists, a document used by a subject. */
export function registerInternalUsage(): void {
  if (registered) return;
  registered = true;
  registerUsage(
    'subjects',
    async (tx, id) => (await tx.select({ n: count() }).from(catalogProducts).where(eq(catalogProducts.subjectId, id)))[0].n,
    'товары, работы, услуги',
  );
  registerUsage(
    'subjects',
    async (tx, id) => (await tx.select({ n: count() }).from(catalogDocumentSubjects).where(eq(catalogDocumentSubjects.subjectId, id)))[0].n,
    'документы по предмету закупки',
  );
  registerUsage(
    'documents',
    async (tx, id) => (await tx.select({ n: count() }).from(catalogDocumentSubjects).where(eq(catalogDocumentSubjects.documentId, id)))[0].n,
    'документы по предмету закупки',
  );
}
