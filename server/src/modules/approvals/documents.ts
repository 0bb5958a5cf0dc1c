import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ApprovalKind } from '@proc/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';

/** What a route is chosen by, what the run freezes, and where the document is: one document of one company. */
export interface ApprovalDocument {
  title: string;
  link: string;
  /** Hash of everything the approval covers: a different hash is a different version. */
  versionHash: string;
  versionLabel: string;
  authorId: number | null;
  traits: { law: string | null; method: string | null; amount: string | null; subject: string | null };
  /** Audit entity the run's steps are written under (the document's own trail), and its id there. */
  auditEntity: string;
  auditEntityId: number;
}

type Row = Record<string, unknown>;
const hash = (v: unknown) => crypto.createHash('sha256').update(JSON.stringify(v)).digest('hex');
const first = async (tx: Tx, q: ReturnType<typeof sql>): Promise<Row | null> => {
  const r = (await tx.execute(q)) as unknown as { rows: Row[] };
  return r.rows[0] ?? null;
};

/**
 * Reads a document of the company by kind. The purchase's version is its card's revision with the current version of
 * each of its files (documentation): a saved card or a new file is a new version. The other kinds hash their row.
 */
export async function loadDocument(tx: Tx, companyId: number, kind: ApprovalKind, id: number): Promise<ApprovalDocument> {
  let doc: ApprovalDocument | null = null;
  if (kind === 'purchase') {
    const r = await first(
      tx,
      sql`SELECT p.number, p.title, p.law, p.method, p.subject, p.nmcd::text AS nmcd, p.revision, p.created_by,
            COALESCE((SELECT json_agg(json_build_array(f.id, f.current_version) ORDER BY f.id) FROM procurement_files f
                      WHERE f.procurement_id = p.id AND f.deleted_at IS NULL), '[]'::json) AS files
          FROM procurements p WHERE p.id = ${id} AND p.company_id = ${companyId}`,
    );
    if (r) {
      const files = r.files as [number, number][];
      doc = {
        title: `Закупка № ${String(r.number)} «${String(r.title)}»`,
        link: `/documents/${id}`,
        versionHash: hash([r.revision, files]),
        versionLabel: `редакция карточки ${String(r.revision)}, файлов документации: ${files.length}`,
        authorId: (r.created_by as number | null) ?? null,
        traits: { law: r.law as string, method: r.method as string, amount: r.nmcd as string, subject: r.subject as string },
        auditEntity: 'procurement',
        auditEntityId: id,
      };
    }
  } else if (kind === 'contract') {
    const r = await first(
      tx,
      sql`SELECT c.*, c.price::text AS price_text FROM contracts c WHERE c.id = ${id} AND c.company_id = ${companyId}`,
    );
    // the contract's essential terms (who, what, for how much, when): a check's findings or a registry mark are not
    // a new version of what was agreed
    if (r)
      doc = {
        title: `Договор ${r.number ? `№ ${String(r.number)} ` : ''}«${String(r.subject)}»`,
        link: `/contracts/register/${id}`,
        versionHash: hash([
          r.number,
          r.contract_date,
          r.subject,
          r.supplier_name,
          r.supplier_inn,
          r.supplier_kpp,
          r.price_text,
          r.currency,
          r.start_date,
          r.end_date,
          r.eis_stages,
        ]),
        versionLabel: `версия ${String(r.version)}`,
        authorId: null,
        traits: {
          law: r.law as string,
          method: (r.method_code as string | null) ?? null,
          amount: r.price_text as string | null,
          subject: null,
        },
        auditEntity: 'contract',
        auditEntityId: id,
      };
  } else if (kind === 'rule_version') {
    const r = await first(
      tx,
      sql`SELECT v.*, r.title AS rule_title FROM rule_versions v JOIN procurement_rules r ON r.id = v.rule_id WHERE v.id = ${id} AND v.company_id = ${companyId}`,
    );
    if (r)
      doc = {
        title: `Редакция ${String(r.number)} положения «${String(r.rule_title)}»`,
        link: `/procurementsRules/${String(r.rule_id)}/versions`,
        // what the version says, not where it is in its life: approving it does not make it another version
        versionHash: hash([r.number, r.in_force_from, r.lead_time_overrides, r.single_supplier_max, r.notes, r.approval_file_key]),
        versionLabel: `редакция ${String(r.number)}`,
        authorId: (r.created_by as number | null) ?? null,
        traits: { law: null, method: null, amount: null, subject: null },
        auditEntity: 'rule_version',
        auditEntityId: id,
      };
  } else if (kind === 'acceptance') {
    const r = await first(
      tx,
      sql`SELECT d.id, d.contract_id, d.number, d.doc_date::text AS doc_date, d.seller_inn, d.amount_with_vat::text AS total_text,
            COALESCE((SELECT json_agg(json_build_array(l.ordinal, l.name, l.quantity::text, l.price::text, l.amount_with_vat::text,
                                                       l.position_id) ORDER BY l.ordinal)
                      FROM acceptance_lines l WHERE l.document_id = d.id), '[]'::json) AS lines
          FROM acceptance_documents d WHERE d.id = ${id} AND d.company_id = ${companyId}`,
    );
    // what the supplier delivered as the document states it, line by line with the contract position each is matched
    // to: the review, the votes and the decision are what the approval precedes, not part of the version
    if (r)
      doc = {
        title: `Документ о приёмке № ${String(r.number ?? '—')}`,
        link: `/contracts/register/${String(r.contract_id)}`,
        versionHash: hash([r.number, r.doc_date, r.seller_inn, r.total_text, r.lines]),
        versionLabel: `от ${String(r.doc_date ?? '—')}`,
        authorId: null,
        traits: { law: null, method: null, amount: (r.total_text as string | null) ?? null, subject: null },
        auditEntity: 'contract',
        auditEntityId: r.contract_id as number,
      };
  } else if (kind === 'payment') {
    const r = await first(
      tx,
      sql`SELECT o.*, o.amount::text AS amount_text, o.doc_date::text AS date_text FROM payment_orders o WHERE o.id = ${id} AND o.company_id = ${companyId}`,
    );
    // the order itself (number, date, sum, payer, payee, purpose); the contract it is registered for is the action
    // the approval releases, not its version
    if (r)
      doc = {
        title: `Платёж № ${String(r.number)} на ${String(r.amount_text)} ₽`,
        link: r.contract_id ? `/contracts/register/${String(r.contract_id)}` : '/contracts/execution',
        versionHash: hash([r.number, r.date_text, r.amount_text, r.payer_inn, r.payee_inn, r.payee_account, r.purpose]),
        versionLabel: `от ${String(r.date_text)}`,
        authorId: null,
        traits: { law: null, method: null, amount: r.amount_text as string, subject: null },
        // a payment not yet registered for a contract has no contract's trail: its own
        auditEntity: r.contract_id ? 'contract' : 'payment_order',
        auditEntityId: (r.contract_id as number | null) ?? id,
      };
  } else if (kind === 'plan_change') {
    const r = await first(tx, sql`SELECT p.* FROM plans p WHERE p.id = ${id} AND p.company_id = ${companyId}`);
    if (r)
      doc = {
        title: `План закупки ${String(r.registration_number ?? r.id)}`,
        link: '/eisPlans',
        versionHash: hash(r),
        versionLabel: `версия ${String(r.version ?? 1)}`,
        authorId: null,
        traits: { law: '223', method: null, amount: null, subject: null },
        auditEntity: 'plan',
        auditEntityId: id,
      };
  }
  if (!doc) throw new AppError('NOT_FOUND', 'Документ не найден');
  return doc;
}
