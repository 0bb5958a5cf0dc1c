import { eq, inArray, like } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CatalogProductOptionsQuery,
  CatalogProductRequest,
  CatalogProductResponse,
  CatalogProductsQuery,
  CreateCatalogProductRequest,
} from '@proc/contract';
import type { z } from 'zod';
import { catalogProducts, catalogSubjects, okei, okpd2 } from '../../../db/schema';
import { commonResponse, type KindDef } from '../kind-def';
import { assertOkei, assertOkpd2, assertRefVisible, byIds } from '../refs';
import { escapeLike, ruOrder } from '../search';

type Row = typeof catalogProducts.$inferSelect;
type Res = z.infer<typeof CatalogProductResponse>;
const t = catalogProducts;

/** Goods, works, services: a position tied to an ОКПД2 code and an ОКЕИ unit. */
export const productsKind: KindDef<
  Row,
  Res,
  z.infer<typeof CreateCatalogProductRequest>,
  z.infer<typeof CatalogProductRequest>,
  z.infer<typeof CatalogProductsQuery>,
  z.infer<typeof CatalogProductOptionsQuery>
> = {
  kind: 'products',
  table: t,
  title: 'Товар, работа, услуга',
  schemas: {
    create: CreateCatalogProductRequest,
    update: CatalogProductRequest,
    response: CatalogProductResponse,
    query: CatalogProductsQuery,
    options: CatalogProductOptionsQuery,
  },
  rowAccess: () => 'staff',
  queryAccess: () => 'staff',
  filters: (q) => {
    const f: SQL[] = [];
    if ('okpd2' in q && q.okpd2) f.push(like(t.okpd2Code, `${escapeLike(q.okpd2)}%`));
    if (q.subject_id) f.push(eq(t.subjectId, q.subject_id));
    return f;
  },
  sorts: { name: ruOrder(t.name), okpd2_code: t.okpd2Code, code: t.code, created_at: t.createdAt, updated_at: t.updatedAt },
  prefixColumns: [t.okpd2Code, t.code],
  values: (input) => ({
    code: input.code ?? null,
    okpd2Code: input.okpd2_code,
    okeiCode: input.okei_code,
    subjectId: input.subject_id ?? null,
  }),
  validate: async (tx, input, scope) => {
    await assertOkpd2(tx, input.okpd2_code);
    await assertOkei(tx, input.okei_code);
    if (input.subject_id) await assertRefVisible(tx, catalogSubjects, input.subject_id, scope, 'subject_id', 'Предмет закупки');
  },
  respond: async (tx, rows) => {
    const codes = [...new Set(rows.map((r) => r.okpd2Code))];
    const units = [...new Set(rows.map((r) => r.okeiCode))];
    // one query per related table; sequential, as `tx` may be a transaction's single connection
    const okpdNames = codes.length
      ? await tx.select({ code: okpd2.code, name: okpd2.name }).from(okpd2).where(inArray(okpd2.code, codes))
      : [];
    const okeiRows = units.length ? await tx.select().from(okei).where(inArray(okei.code, units)) : [];
    const subjects = await byIds(
      (ids) =>
        tx.select({ id: catalogSubjects.id, name: catalogSubjects.name }).from(catalogSubjects).where(inArray(catalogSubjects.id, ids)),
      rows.map((r) => r.subjectId),
    );
    const okpdName = new Map(okpdNames.map((o) => [o.code, o.name]));
    const unit = new Map(okeiRows.map((u) => [u.code, u]));
    return rows.map((r) => ({
      ...commonResponse(r),
      code: r.code,
      okpd2_code: r.okpd2Code,
      okpd2_name: okpdName.get(r.okpd2Code) ?? null,
      okei_code: r.okeiCode,
      okei_name: unit.get(r.okeiCode)?.name ?? null,
      okei_short_name: unit.get(r.okeiCode)?.shortName ?? null,
      subject_id: r.subjectId,
      subject_name: r.subjectId ? (subjects.get(r.subjectId)?.name ?? null) : null,
    }));
  },
  option: (res) => ({ name: res.name, value: res.id }),
};
