import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogEnsuringOptionsQuery,
  CatalogEnsuringQuery,
  CatalogEnsuringRequest,
  CatalogEnsuringResponse,
  CreateCatalogEnsuringRequest,
  ENSURING_KIND_TITLES,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogEnsuring } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { ruOrder } from '../search';

type Row = typeof catalogEnsuring.$inferSelect;
type Res = z.infer<typeof CatalogEnsuringResponse>;
type Kind = keyof typeof ENSURING_KIND_TITLES;
const t = catalogEnsuring;

/** Security of applications, contract performance and warranty: a percent (with its allowed range) or an amount. */
export const ensuringKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogEnsuringRequest>,
  z.infer<typeof CatalogEnsuringRequest>,
  z.infer<typeof CatalogEnsuringQuery>,
  z.infer<typeof CatalogEnsuringOptionsQuery>
> = {
  kind: 'ensuring',
  table: t,
  title: 'Обеспечение',
  schemas: {
    create: CreateCatalogEnsuringRequest,
    update: CatalogEnsuringRequest,
    response: CatalogEnsuringResponse,
    query: CatalogEnsuringQuery,
    options: CatalogEnsuringOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if (q.kind) f.push(eq(t.kind, q.kind));
    return f;
  },
  sorts: { name: ruOrder(t.name), kind: t.kind, percent: t.percent, created_at: t.createdAt, updated_at: t.updatedAt },
  values: (input) => ({
    kind: input.kind,
    valueType: input.value_type,
    percent: input.value_type === 'percent' ? (input.percent ?? null) : null,
    percentMin: input.percent_min ?? null,
    percentMax: input.percent_max ?? null,
    amount: input.value_type === 'amount' ? (input.amount ?? null) : null,
  }),
  respond: async (_tx, rows) =>
    rows.map((r) => ({
      ...commonResponse(r),
      kind: r.kind as Kind,
      kind_title: ENSURING_KIND_TITLES[r.kind as Kind] ?? r.kind,
      value_type: r.valueType as 'percent' | 'amount',
      percent: r.percent,
      percent_min: r.percentMin,
      percent_max: r.percentMax,
      amount: r.amount,
    })),
  option: (res) => ({ name: res.name, value: res.id }),
};
