import { eq, isNotNull, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogDocumentOptionsQuery,
  CatalogDocumentRequest,
  CatalogDocumentResponse,
  CatalogDocumentsQuery,
  CreateCatalogDocumentRequest,
  DOCUMENT_TEMPLATE_TITLES,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogDocuments } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogDocuments.$inferSelect;
type Res = z.infer<typeof CatalogDocumentResponse>;
type Template = keyof typeof DOCUMENT_TEMPLATE_TITLES;
const t = catalogDocuments;

/** Document kinds of procurement documentation and the Word template each is built from. */
export const documentsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogDocumentRequest>,
  z.infer<typeof CatalogDocumentRequest>,
  z.infer<typeof CatalogDocumentsQuery>,
  z.infer<typeof CatalogDocumentOptionsQuery>
> = {
  kind: 'documents',
  table: t,
  title: 'Документ',
  schemas: {
    create: CreateCatalogDocumentRequest,
    update: CatalogDocumentRequest,
    response: CatalogDocumentResponse,
    query: CatalogDocumentsQuery,
    options: CatalogDocumentOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if ('template_code' in q && q.template_code) f.push(eq(t.templateCode, q.template_code));
    if ('has_template' in q && q.has_template) f.push(q.has_template === 'true' ? isNotNull(t.templateCode) : isNull(t.templateCode));
    return f;
  },
  sorts: { name: ruOrder(t.name), code: t.code, created_at: t.createdAt, updated_at: t.updatedAt },
  codeColumn: t.code,
  prefixColumns: [t.code],
  values: (input) => ({ code: input.code ?? null, templateCode: input.template_code ?? null }),
  respond: async (_tx, rows) =>
    rows.map((r) => {
      const template = (r.templateCode as Template | null) ?? null;
      return {
        ...commonResponse(r),
        code: r.code,
        template_code: template,
        template_title: template ? DOCUMENT_TEMPLATE_TITLES[template] : null,
      };
    }),
  option: (res) => ({ name: res.name, value: res.id }),
  usageElement: (row) => ({ code: row.code }),
};
