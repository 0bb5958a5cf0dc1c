import { eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogDocumentSubjectOptionsQuery,
  CatalogDocumentSubjectRequest,
  CatalogDocumentSubjectResponse,
  CatalogDocumentSubjectsQuery,
  CreateCatalogDocumentSubjectRequest,
  type DOCUMENT_TEMPLATE_CODES,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogDocumentSubjects, catalogDocuments, catalogSubjects } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { assertRefVisible, byIds } from '../refs';
import { ruOrder } from '../search';

type Row = typeof catalogDocumentSubjects.$inferSelect;
type Res = z.infer<typeof CatalogDocumentSubjectResponse>;
type Template = (typeof DOCUMENT_TEMPLATE_CODES)[number];
const t = catalogDocumentSubjects;

/** Which documents a procurement of a subject needs, in order. */
export const documentSubjectsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogDocumentSubjectRequest>,
  z.infer<typeof CatalogDocumentSubjectRequest>,
  z.infer<typeof CatalogDocumentSubjectsQuery>,
  z.infer<typeof CatalogDocumentSubjectOptionsQuery>
> = {
  kind: 'documentSubjects',
  table: t,
  title: 'Документ по предмету закупки',
  schemas: {
    create: CreateCatalogDocumentSubjectRequest,
    update: CatalogDocumentSubjectRequest,
    response: CatalogDocumentSubjectResponse,
    query: CatalogDocumentSubjectsQuery,
    options: CatalogDocumentSubjectOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if (q.subject_id) f.push(eq(t.subjectId, q.subject_id));
    if ('document_id' in q && q.document_id) f.push(eq(t.documentId, q.document_id));
    return f;
  },
  sorts: { sort_order: t.sortOrder, name: ruOrder(t.name), created_at: t.createdAt, updated_at: t.updatedAt },
  values: (input) => ({
    subjectId: input.subject_id,
    documentId: input.document_id,
    required: input.required,
    sortOrder: input.sort_order,
  }),
  validate: async (tx, input, scope) => {
    await assertRefVisible(tx, catalogSubjects, input.subject_id, scope, 'subject_id', 'Предмет закупки');
    await assertRefVisible(tx, catalogDocuments, input.document_id, scope, 'document_id', 'Документ');
  },
  defaultName: async (tx, input) => {
    const [doc] = await tx.select({ name: catalogDocuments.name }).from(catalogDocuments).where(eq(catalogDocuments.id, input.document_id));
    return doc?.name ?? 'Документ';
  },
  respond: async (tx, rows) => {
    // one query per related table; sequential, as `tx` may be a transaction's single connection
    const subjects = await byIds(
      (ids) =>
        tx
          .select({ id: catalogSubjects.id, name: catalogSubjects.name, code: catalogSubjects.code })
          .from(catalogSubjects)
          .where(inArray(catalogSubjects.id, ids)),
      rows.map((r) => r.subjectId),
    );
    const documents = await byIds(
      (ids) =>
        tx
          .select({ id: catalogDocuments.id, name: catalogDocuments.name, templateCode: catalogDocuments.templateCode })
          .from(catalogDocuments)
          .where(inArray(catalogDocuments.id, ids)),
      rows.map((r) => r.documentId),
    );
    return rows.map((r) => ({
      ...commonResponse(r),
      subject_id: r.subjectId,
      subject_name: subjects.get(r.subjectId)?.name ?? null,
      subject_code: subjects.get(r.subjectId)?.code ?? null,
      document_id: r.documentId,
      document_name: documents.get(r.documentId)?.name ?? null,
      template_code: (documents.get(r.documentId)?.templateCode as Template | null) ?? null,
      required: r.required,
      sort_order: r.sortOrder,
    }));
  },
  option: (res) => ({ name: res.name, value: res.id }),
};
