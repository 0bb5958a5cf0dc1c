import { sql, type SQL } from 'drizzle-orm';
import { ikzPositionKey, type Notice44Response, type Notices44Query, type Paged, type Protocol44Application } from '@proc/contract';
import type { Eis44NoticeLot, Eis44RejectReason } from '../../db/schema';
import type { Ctx } from '../../platform/context';

/**
 * The company's 44-ФЗ purchases as ЕИС published them: each purchase's newest notice with its newest final protocol,
 * the план-график position it was placed on (its newest plan version), the law-44 procurement made for it, and the
 * 44-ФЗ contract concluded on it (by the purchase number ЕИС's contract names, foundation/…/notificationNumber, else by
 * ИКЗ). Position, notice and procurement are matched as ЕИС fills the ИКЗ: by year, ИКУ and position number (digits
 * 1–26, ikzPositionKey) — the position carries 000 in 27–29 where its purchases carry 001, 002… — the procurement
 * with the notice's very ИКЗ first.
 */
interface Row {
  id: number;
  purchase_number: string;
  version: number;
  document_type: string;
  method: string | null;
  placing_way_name: string | null;
  ikz: string | null;
  ikzs: string[];
  subject: string | null;
  max_price: string | null;
  currency: string | null;
  published_at: string | null;
  applications_end: string | null;
  summarizing_date: string | null;
  placer_name: string | null;
  placer_inn: string | null;
  etp_name: string | null;
  etp_url: string | null;
  href: string | null;
  p_document_type: string | null;
  p_doc_number: string | null;
  p_protocol_date: string | null;
  p_published_at: string | null;
  p_participants: number | null;
  p_winner_app_number: string | null;
  p_winner_price: string | null;
  p_id: number | null;
  p_abandoned_reason: string | null;
  k_id: number | null;
  k_registry_number: string | null;
  k_supplier_name: string | null;
  k_supplier_inn: string | null;
  k_price: string | null;
  k_contract_date: string | null;
  tender_position_id: number | null;
  tender_plan_number: string | null;
  procurement_id: number | null;
  lots: Eis44NoticeLot[];
  total: number;
}

const toResponse = (r: Row, apps: Map<number, Protocol44Application[]>): Notice44Response => ({
  id: r.id,
  purchase_number: r.purchase_number,
  version: r.version,
  document_type: r.document_type,
  method: r.method,
  placing_way_name: r.placing_way_name,
  ikz: r.ikz,
  ikzs: r.ikzs ?? [],
  subject: r.subject,
  max_price: r.max_price,
  currency: r.currency,
  published_at: r.published_at,
  applications_end: r.applications_end,
  summarizing_date: r.summarizing_date,
  placer_name: r.placer_name,
  placer_inn: r.placer_inn,
  etp_name: r.etp_name,
  etp_url: r.etp_url,
  href: r.href,
  protocol: r.p_document_type
    ? {
        document_type: r.p_document_type,
        doc_number: r.p_doc_number,
        protocol_date: r.p_protocol_date,
        published_at: r.p_published_at,
        participants: r.p_participants,
        winner_app_number: r.p_winner_app_number,
        winner_price: r.p_winner_price,
        abandoned_reason: r.p_abandoned_reason,
        applications: (r.p_id && apps.get(r.p_id)) || [],
      }
    : null,
  contract: r.k_id
    ? {
        id: r.k_id,
        registry_number: r.k_registry_number,
        supplier_name: r.k_supplier_name,
        supplier_inn: r.k_supplier_inn,
        price: r.k_price,
        contract_date: r.k_contract_date,
      }
    : null,
  tender_position_id: r.tender_position_id,
  tender_plan_number: r.tender_plan_number,
  procurement_id: r.procurement_id,
});

async function select(ctx: Ctx, where: SQL, page: { limit: number; offset: number }): Promise<Row[]> {
  const c = ctx.companyId;
  const { rows } = (await ctx.deps.db.execute(sql`
    SELECT n.id, n.purchase_number, n.version, n.document_type, n.method, n.placing_way_name, n.ikz, n.ikzs,
      n.object AS subject, n.max_price::text, n.currency, n.published_at, n.applications_end, n.summarizing_date,
      n.placer_name, n.placer_inn, n.etp_name, n.etp_url, n.href, n.lots,
      p.document_type AS p_document_type, p.doc_number AS p_doc_number, p.protocol_date AS p_protocol_date,
      p.published_at AS p_published_at, p.participants AS p_participants, p.winner_app_number AS p_winner_app_number,
      p.winner_price::text AS p_winner_price, p.id AS p_id, p.abandoned_reason AS p_abandoned_reason,
      k.id AS k_id, k.registry_number AS k_registry_number, k.supplier_name AS k_supplier_name,
      k.supplier_inn AS k_supplier_inn, k.price::text AS k_price, k.contract_date::text AS k_contract_date,
      tp.id AS tender_position_id, tp.plan_number AS tender_plan_number, pr.id AS procurement_id,
      count(*) OVER ()::int AS total
    FROM eis44_notices n
    LEFT JOIN LATERAL (
      SELECT * FROM eis44_notices x
      WHERE x.company_id = ${c} AND x.purchase_number = n.purchase_number AND x.kind = 'protocol'
      ORDER BY x.published_at DESC NULLS LAST, x.version DESC LIMIT 1
    ) p ON true
    LEFT JOIN LATERAL (
      SELECT pos.id, plan.plan_number FROM tender_plan_positions pos JOIN tender_plans plan ON plan.id = pos.plan_id
      WHERE pos.company_id = ${c} AND n.ikz IS NOT NULL AND left(pos.ikz, 26) = left(n.ikz, 26)
      ORDER BY plan.version DESC, pos.id DESC LIMIT 1
    ) tp ON true
    LEFT JOIN LATERAL (
      SELECT pr.id FROM procurements pr
      WHERE pr.company_id = ${c} AND pr.law = '44' AND n.ikz IS NOT NULL AND left(pr.ikz, 26) = left(n.ikz, 26)
      ORDER BY (pr.ikz = n.ikz) DESC, pr.id DESC LIMIT 1
    ) pr ON true
    LEFT JOIN LATERAL (
      SELECT c.* FROM contracts c
      WHERE c.company_id = ${c} AND c.law = '44'
        AND (c.purchase_notice_number = n.purchase_number OR (n.ikz IS NOT NULL AND c.ikz = n.ikz))
      ORDER BY (c.purchase_notice_number = n.purchase_number) DESC NULLS LAST, c.contract_date DESC NULLS LAST, c.id DESC
      LIMIT 1
    ) k ON true
    WHERE n.company_id = ${c} AND n.kind = 'notice'
      AND NOT EXISTS (SELECT 1 FROM eis44_notices m WHERE m.company_id = ${c} AND m.kind = 'notice'
        AND m.purchase_number = n.purchase_number AND m.version > n.version)
      AND ${where}
    ORDER BY n.published_at DESC NULLS LAST, n.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`)) as unknown as { rows: Row[] };
  return rows;
}

interface AppRow {
  protocol_id: number;
  app_number: string;
  app_date: string | null;
  price: string | null;
  rating: number | null;
  admitted: boolean;
  reject_reasons: Eis44RejectReason[];
}

/** The applications of these protocols, admitted by rating first, then the refused ones, each in its protocol's order. */
async function applicationsOf(ctx: Ctx, rows: Row[]): Promise<Map<number, Protocol44Application[]>> {
  const out = new Map<number, Protocol44Application[]>();
  const ids = [...new Set(rows.flatMap((r) => (r.p_id ? [r.p_id] : [])))];
  if (!ids.length) return out;
  const { rows: apps } = (await ctx.deps.db.execute(sql`
    SELECT protocol_id, app_number, app_date, price::text, rating, admitted, reject_reasons
    FROM eis44_protocol_applications
    WHERE company_id = ${ctx.companyId} AND protocol_id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})
    ORDER BY protocol_id, admitted DESC, rating NULLS LAST, id`)) as unknown as { rows: AppRow[] };
  for (const a of apps) {
    const list = out.get(a.protocol_id) ?? [];
    list.push({
      app_number: a.app_number,
      app_date: a.app_date,
      price: a.price,
      rating: a.rating,
      admitted: a.admitted,
      reject_reasons: a.reject_reasons ?? [],
    });
    out.set(a.protocol_id, list);
  }
  return out;
}

export async function listNotices44(ctx: Ctx, q: Notices44Query): Promise<Paged<Notice44Response>> {
  const parts: SQL[] = [sql`true`];
  if (q.q)
    parts.push(
      sql`(n.purchase_number = ${q.q} OR n.ikz = ${q.q} OR to_tsvector('russian', coalesce(n.object, '')) @@ plainto_tsquery('russian', ${q.q}))`,
    );
  // the purchase of this ИКЗ, or — a position's ИКЗ (000 in 27–29) — the purchases placed on its position
  if (q.ikz)
    parts.push(
      q.ikz.slice(26, 29) === '000'
        ? sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(n.ikzs) e WHERE left(e, 26) = left(${q.ikz}, 26))`
        : sql`n.ikzs ? ${q.ikz}`,
    );
  if (q.date_from) parts.push(sql`left(n.published_at, 10) >= ${q.date_from}`);
  if (q.date_to) parts.push(sql`left(n.published_at, 10) <= ${q.date_to}`);
  const rows = await select(ctx, sql.join(parts, sql` AND `), { limit: q.limit, offset: (q.page - 1) * q.limit });
  const apps = await applicationsOf(ctx, rows);
  return { items: rows.map((r) => toResponse(r, apps)), total: rows[0]?.total ?? 0, page: q.page, limit: q.limit };
}

/**
 * The purchases (newest notice each) placed on the план-график positions of these ИКЗ, keyed by the position
 * (ikzPositionKey: year, ИКУ, position number): a position's ИКЗ has 000 where its purchases have 001, 002…
 */
export async function notices44ByPosition(ctx: Ctx, ikzs: string[]): Promise<Map<string, Notice44Response>> {
  const out = new Map<string, Notice44Response>();
  const wanted = [...new Set(ikzs.map(ikzPositionKey).filter((k): k is string => !!k))];
  if (!wanted.length) return out;
  const list = sql.join(
    wanted.map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = await select(ctx, sql`left(n.ikz, 26) IN (${list})`, { limit: 500, offset: 0 });
  const apps = await applicationsOf(ctx, rows);
  for (const r of rows) {
    const key = ikzPositionKey(r.ikz);
    // the newest purchase on a position wins (a failed purchase is placed again on the same position)
    if (key && !out.has(key)) out.set(key, toResponse(r, apps));
  }
  return out;
}

/**
 * The purchase ЕИС published for a 44-ФЗ card of this ИКЗ, with the customer's own lot (a purchase placed by an
 * authorised body has one per customer): the notice whose lot carries this very ИКЗ, else one placed on the same
 * position (year, ИКУ, position number) that no other card of the company claims by its own ИКЗ.
 */
export async function notice44OfPurchase(
  ctx: Ctx,
  ikz: string,
  procurementId: number,
): Promise<{ notice: Notice44Response; lot: Eis44NoticeLot | null } | null> {
  const key = ikzPositionKey(ikz);
  if (!key) return null;
  const rows = await select(
    ctx,
    sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(n.ikzs) e WHERE left(e, 26) = ${key}
      AND (e = ${ikz} OR NOT EXISTS (SELECT 1 FROM procurements o WHERE o.company_id = ${ctx.companyId} AND o.id <> ${procurementId} AND o.ikz = e)))`,
    { limit: 20, offset: 0 },
  );
  const row = rows.find((r) => (r.ikzs ?? []).includes(ikz)) ?? rows[0];
  if (!row) return null;
  const apps = await applicationsOf(ctx, [row]);
  const lot = (row.lots ?? []).find((l) => l.ikz === ikz) ?? (row.lots ?? []).find((l) => ikzPositionKey(l.ikz) === key) ?? null;
  return { notice: toResponse(row, apps), lot };
}
