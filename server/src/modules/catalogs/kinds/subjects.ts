import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogSubjectOptionsQuery,
  CatalogSubjectRequest,
  CatalogSubjectResponse,
  CatalogSubjectsQuery,
  CreateCatalogSubjectRequest,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogSubjects } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogSubjects.$inferSelect;
type Res = z.infer<typeof CatalogSubjectResponse>;
const t = catalogSubjects;

/** Procurement subjects; procurements and document rules refer to them by code ('goods', 'works', 'services'). */
export const subjectsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogSubjectRequest>,
  z.infer<typeof CatalogSubjectRequest>,
  z.infer<typeof CatalogSubjectsQuery>,
  z.infer<typeof CatalogSubjectOptionsQuery>
> = {
  kind: 'subjects',
  table: t,
  title: 'Предмет закупки',
  schemas: {
    create: CreateCatalogSubjectRequest,
    update: CatalogSubjectRequest,
    response: CatalogSubjectResponse,
    query: CatalogSubjectsQuery,
    options: CatalogSubjectOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if (q.subject_type) f.push(eq(t.subjectType, q.subject_type));
    return f;
  },
  sorts: { name: ruOrder(t.name), code: t.code, created_at: t.createdAt, updated_at: t.updatedAt },
  codeColumn: t.code,
  prefixColumns: [t.code],
  values: (input) => ({ code: input.code, subjectType: input.subject_type }),
  respond: async (_tx, rows) => rows.map((r) => ({ ...commonResponse(r), code: r.code, subject_type: r.subjectType })),
  option: (res) => ({ name: res.name, value: res.code }),
  usageElement: (row) => ({ code: row.code }),
};
