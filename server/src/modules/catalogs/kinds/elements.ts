import { eq } from 'drizzle-orm';
import {
  CATALOG_TYPE_INFO,
  CatalogElementOptionsQuery,
  CatalogElementRequest,
  CatalogElementResponse,
  CatalogElementsQuery,
  CreateCatalogElementRequest,
  type CatalogType,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogElements } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogElements.$inferSelect;
type Res = z.infer<typeof CatalogElementResponse>;
const t = catalogElements;

/** Shared catalogue (types 1, 2, 6, 7, 8, 9). */
export const elementsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogElementRequest>,
  z.infer<typeof CatalogElementRequest>,
  z.infer<typeof CatalogElementsQuery>,
  z.infer<typeof CatalogElementOptionsQuery>
> = {
  kind: 'elements',
  table: t,
  title: 'Элемент справочника',
  schemas: {
    create: CreateCatalogElementRequest,
    update: CatalogElementRequest,
    response: CatalogElementResponse,
    query: CatalogElementsQuery,
    options: CatalogElementOptionsQuery,
  },
  rowAccess: (row) => CATALOG_TYPE_INFO[row.type as CatalogType]?.access ?? 'staff',
  queryAccess: (q) => CATALOG_TYPE_INFO[q.type].access,
  filters: (q) => [eq(t.type, q.type)],
  sorts: { name: ruOrder(t.name), code: t.code, created_at: t.createdAt, updated_at: t.updatedAt },
  codeColumn: t.code,
  prefixColumns: [t.code],
  codeScope: (row) => [eq(t.type, row.type)],
  values: (input, isCreate) => ({ code: input.code ?? null, ...(isCreate && 'type' in input ? { type: input.type } : {}) }),
  respond: async (_tx, rows) => rows.map((r) => ({ ...commonResponse(r), type: r.type, code: r.code })),
  option: (res) => ({ name: res.name, value: res.id }),
  usageElement: (row) => ({ code: row.code, type: row.type }),
};
