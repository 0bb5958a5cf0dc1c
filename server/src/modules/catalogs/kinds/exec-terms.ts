import { eq } from 'drizzle-orm';
import {
  CatalogExecTermOptionsQuery,
  CatalogExecTermRequest,
  CatalogExecTermResponse,
  CatalogExecTermsQuery,
  CreateCatalogExecTermRequest,
  execTermAccess,
} from '@proc/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogExecTerms } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogExecTerms.$inferSelect;
type Res = z.infer<typeof CatalogExecTermResponse>;
const t = catalogExecTerms;

/** Execution terms (type 1 with subject_type 1/2/3) and place of delivery (type 2). */
export const execTermsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogExecTermRequest>,
  z.infer<typeof CatalogExecTermRequest>,
  z.infer<typeof CatalogExecTermsQuery>,
  z.infer<typeof CatalogExecTermOptionsQuery>
> = {
  kind: 'execTerms',
  table: t,
  title: 'Условие исполнения',
  schemas: {
    create: CreateCatalogExecTermRequest,
    update: CatalogExecTermRequest,
    response: CatalogExecTermResponse,
    query: CatalogExecTermsQuery,
    options: CatalogExecTermOptionsQuery,
  },
  rowAccess: (row) => execTermAccess(row.type),
  queryAccess: (q) => execTermAccess(q.type),
  filters: (q) => {
    const f: SQL[] = [eq(t.type, q.type)];
    if (q.subject_type) f.push(eq(t.subjectType, q.subject_type));
    return f;
  },
  sorts: { name: ruOrder(t.name), created_at: t.createdAt, updated_at: t.updatedAt },
  values: (input, isCreate) =>
    isCreate && 'type' in input ? { type: input.type, subjectType: input.type === 1 ? (input.subject_type ?? null) : null } : {},
  respond: async (_tx, rows) => rows.map((r) => ({ ...commonResponse(r), type: r.type, subject_type: r.subjectType })),
  option: (res) => ({ name: res.name, value: res.id }),
  usageElement: (row) => ({ type: row.type }),
};
