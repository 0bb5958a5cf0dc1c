import { sql, type SQL } from 'drizzle-orm';
import type { Notice44Response, Notices44Query, Paged } from '@proc/contract';
import type { Ctx } from '../../platform/context';

/**
 * The company's 44-ФЗ purchases as ЕИС published them: each purchase's newest notice with its newest final protocol,
 * the план-график position with the same ИКЗ (its newest plan version) and the law-44 procurement with it.
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
  tender_position_id: number | null;
  tender_plan_number: string | null;
  procurement_id: number | null;
  total: number;
}

const toResponse = (r: Row): Notice44Response => ({
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
      n.placer_name, n.placer_inn, n.etp_name, n.etp_url, n.href,
      p.document_type AS p_document_type, p.doc_number AS p_doc_number, p.protocol_date AS p_protocol_date,
      p.published_at AS p_published_at, p.participants AS p_participants, p.winner_app_number AS p_winner_app_number,
      p.winner_price::text AS p_winner_price,
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
      WHERE pos.company_id = ${c} AND n.ikz IS NOT NULL AND pos.ikz = n.ikz
      ORDER BY plan.version DESC, pos.id DESC LIMIT 1
    ) tp ON true
    LEFT JOIN LATERAL (
      SELECT pr.id FROM procurements pr
      WHERE pr.company_id = ${c} AND pr.law = '44' AND n.ikz IS NOT NULL AND pr.ikz = n.ikz
      ORDER BY pr.id LIMIT 1
    ) pr ON true
    WHERE n.company_id = ${c} AND n.kind = 'notice'
      AND NOT EXISTS (SELECT 1 FROM eis44_notices m WHERE m.company_id = ${c} AND m.kind = 'notice'
        AND m.purchase_number = n.purchase_number AND m.version > n.version)
      AND ${where}
    ORDER BY n.published_at DESC NULLS LAST, n.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`)) as unknown as { rows: Row[] };
  return rows;
}

export async function listNotices44(ctx: Ctx, q: Notices44Query): Promise<Paged<Notice44Response>> {
  const parts: SQL[] = [sql`true`];
  if (q.q)
    parts.push(
      sql`(n.purchase_number = ${q.q} OR n.ikz = ${q.q} OR to_tsvector('russian', coalesce(n.object, '')) @@ plainto_tsquery('russian', ${q.q}))`,
    );
  if (q.ikz) parts.push(sql`n.ikzs ? ${q.ikz}`);
  if (q.date_from) parts.push(sql`left(n.published_at, 10) >= ${q.date_from}`);
  if (q.date_to) parts.push(sql`left(n.published_at, 10) <= ${q.date_to}`);
  const rows = await select(ctx, sql.join(parts, sql` AND `), { limit: q.limit, offset: (q.page - 1) * q.limit });
  return { items: rows.map(toResponse), total: rows[0]?.total ?? 0, page: q.page, limit: q.limit };
}

/** The purchases (newest notice each) with one of these ИКЗ: for план-график positions and procurement cards. */
export async function notices44ByIkz(ctx: Ctx, ikzs: string[]): Promise<Map<string, Notice44Response>> {
  const out = new Map<string, Notice44Response>();
  const wanted = [...new Set(ikzs.filter(Boolean))];
  if (!wanted.length) return out;
  const list = sql.join(
    wanted.map((i) => sql`${i}`),
    sql`, `,
  );
  for (const r of await select(ctx, sql`n.ikz IN (${list})`, { limit: 500, offset: 0 })) {
    // the newest purchase of a ИКЗ wins (a failed purchase is placed again under the same ИКЗ)
    if (r.ikz && !out.has(r.ikz)) out.set(r.ikz, toResponse(r));
  }
  return out;
}
