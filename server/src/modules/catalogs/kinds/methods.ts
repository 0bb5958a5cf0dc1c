import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogMethodOptionsQuery,
  CatalogMethodRequest,
  CatalogMethodResponse,
  CatalogMethodsQuery,
  CreateCatalogMethodRequest,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogMethods } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogMethods.$inferSelect;
type Res = z.infer<typeof CatalogMethodResponse>;
const t = catalogMethods;

/** Procurement methods; other modules (deadlines, procurements, rules) refer to them by code. */
export const methodsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogMethodRequest>,
  z.infer<typeof CatalogMethodRequest>,
  z.infer<typeof CatalogMethodsQuery>,
  z.infer<typeof CatalogMethodOptionsQuery>
> = {
  kind: 'methods',
  table: t,
  title: 'Способ закупки',
  schemas: {
    create: CreateCatalogMethodRequest,
    update: CatalogMethodRequest,
    response: CatalogMethodResponse,
    query: CatalogMethodsQuery,
    options: CatalogMethodOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if ('is_competitive' in q && q.is_competitive) f.push(eq(t.isCompetitive, q.is_competitive === 'true'));
    if ('is_electronic' in q && q.is_electronic) f.push(eq(t.isElectronic, q.is_electronic === 'true'));
    return f;
  },
  sorts: { name: ruOrder(t.name), code: t.code, created_at: t.createdAt, updated_at: t.updatedAt },
  codeColumn: t.code,
  prefixColumns: [t.code],
  values: (input) => ({
    code: input.code,
    shortName: input.short_name ?? null,
    isCompetitive: input.is_competitive,
    isElectronic: input.is_electronic,
  }),
  respond: async (_tx, rows) =>
    rows.map((r) => ({
      ...commonResponse(r),
      code: r.code,
      short_name: r.shortName,
      is_competitive: r.isCompetitive,
      is_electronic: r.isElectronic,
    })),
  option: (res) => ({ name: res.name, value: res.code }),
  usageElement: (row) => ({ code: row.code }),
};
