import { isNull, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { acceptanceDocuments } from '../../db/schema';
import type { Db } from '../../db/client';

/**
 * A delivery document of a contract as the figures count it: a supplier's УПД uploaded here (its delivered amount is
 * the sum of its lines mapped to the contract's positions), or a 44-ФЗ document of acceptance that ЕИС published in the
 * contract's execution (contractProcedure/executions/execution/docAcceptance, its fulfilmentSumRUR).
 */
export interface DeliveryDocument {
  source: 'upd' | 'eis';
  /** acceptance_documents.id of an УПД; null for ЕИС's own */
  id: number | null;
  /** the document's kind in words: «УПД», or ЕИС's docAcceptance/name («Акт выполненных работ») */
  name: string;
  number: string | null;
  date: string | null;
  /** the document's total (УПД: with VAT; ЕИС: fulfilmentSumRUR, else fulfilmentSum) */
  total: string | null;
  /** УПД: its VAT */
  vat: string | null;
  /** what it adds to «Поставлено» */
  delivered: string;
  /** УПД: processing | processed | error; ЕИС: accepted (ЕИС publishes a document of acceptance once it is signed) */
  status: string;
  /** ЕИС: docAcceptance/deliveryAcceptDate; УПД: the customer's date of acceptance (or refusal) */
  acceptDate: string | null;
  /**
   * The customer's acceptance of the document: received → review → accepted | partial | refused. ЕИС publishes a
   * document of acceptance once the customer signed it (ч. 13 ст. 94 44-ФЗ), so ЕИС's own are accepted.
   */
  acceptance: 'received' | 'review' | 'accepted' | 'partial' | 'refused';
  /** ЕИС holds this document (it came from ЕИС, or ЕИС's execution names the same one): never sent to ЕИС again */
  knownToEis: boolean;
}

/** A payment of a contract: a 1C payment order linked to it, or a payment ЕИС published (execution/payDoc with paidRUR). */
export interface ContractPayment {
  source: '1c' | 'eis';
  /** payment_orders.id of a 1C order; null for ЕИС's own */
  id: number | null;
  name: string;
  number: string | null;
  date: string | null;
  amount: string;
  purpose: string | null;
  knownToEis: boolean;
}

export interface ContractFigures {
  delivered: string;
  paid: string;
  /** the dates of the payments counted, oldest first (the reporting deadlines run from them) */
  paymentDates: string[];
  /** Delivered per contract position (mapped УПД lines of documents counted): quantity and amount with VAT */
  byPosition: Map<number, { quantity: string; amount: string }>;
  /** every delivery document counted, each once, oldest first */
  documents: DeliveryDocument[];
  /** every payment counted, each once, oldest first */
  payments: ContractPayment[];
}

/**
 * An УПД in force: not withdrawn. A withdrawn document stays listed on its tab and leaves every figure at once.
 */
export const documentInForce = isNull(acceptanceDocuments.withdrawnAt);

/**
 * Whether a delivery document adds to «Поставлено»: only what the customer accepted — in full, or in part (then its
 * lines count with the quantities accepted). A document received or under review is not delivered yet: acceptance
 * is the customer's signature of the document of acceptance (ч. 7 ст. 94 44-ФЗ), and a refused one never is. Every
 * figure of the card, register, dashboard, reports and the ЕИС package follows this one rule.
 */
export function countsAsDelivered(d: DeliveryDocument): boolean {
  return d.acceptance === 'accepted' || d.acceptance === 'partial';
}

/**
 * The identity of a document seen from two sides (1C and ЕИС, an УПД and ЕИС, two ЕИС procedures or versions naming
 * the same document): its number, date and amount. ЕИС's side, zfcs_contractProcedure2015Type of IntegrationTypes.xsd
 * (scheme 13.3, rezident1989/portal44_xml `src/schemes/13_3`): executions/execution (maxOccurs unbounded) holds a
 * docAcceptance or a payDoc, each with documentNum and documentDate (xs:date), both required; the sum is
 * docAcceptance/fulfilmentSumRUR and the execution's paidRUR (minOccurs 0; fulfilmentSum and paid in another currency).
 * ЕИС's own key of such a document, its `sid`, is kept across versions but is optional («заполняется при передаче»)
 * and means nothing to 1C or an УПД, so it cannot be the rule. A payment order's number is typed by people in ЕИС and
 * printed by 1C as it is, so the number is compared without case, spaces, «№» and leading zeros («№ 000518» is 518).
 * A document without a number or a date has no identity and is never merged with another.
 */
export function documentIdentity(number: string | null, date: string | null, amount: string | null): string | null {
  if (!number || !date) return null;
  const n = number
    .toLowerCase()
    .replace(/[\s№#]/g, '')
    .replace(/^0+(?=\d)/, '');
  if (!n) return null;
  return `${n}|${date}|${amount === null ? '' : new Decimal(amount).toFixed(2)}`;
}

type Row = {
  contract_id: number;
  kind: 'upd' | 'line' | '1c' | 'eis_acceptance' | 'eis_payment' | 'only_position';
  ref: string | null;
  name: string | null;
  number: string | null;
  date: string | null;
  amount: string | null;
  position_id: number | null;
  quantity: string | null;
  vat: string | null;
  extra: string | null;
  /** УПД: its acceptance state and date (state|date) */
  state: string | null;
};

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Every source of a set of contracts' execution in one statement: the УПД in force with their mapped lines, the 1C
 * payment orders linked to the contracts and the acceptances and payments of ЕИС's contractProcedure documents filed
 * under the contracts' registry numbers (the newest stored version of each procedure). A procedure joins its contract
 * by the registry number the two share (contract_documents_44.registry_number = contracts.registry_number): one stored
 * before its contract counts from the moment the contract is stored, in that same transaction, with nothing to move.
 */
async function sourceRows(db: Db, companyId: number, contractIds: number[]): Promise<Row[]> {
  const ids = idList(contractIds);
  const result = (await db.execute(sql`
    WITH c AS MATERIALIZED (
      -- the contracts asked for, looked up once: each then reaches its documents by an index
      SELECT id, registry_number FROM contracts WHERE company_id = ${companyId} AND id IN (${ids})
    ), procedures AS (
      SELECT DISTINCT ON (d.eis_id) c.id AS contract_id, d.eis_id, d.payload
      FROM c JOIN LATERAL (
        SELECT eis_id, version, id, payload FROM contract_documents_44
        WHERE company_id = ${companyId} AND registry_number = c.registry_number AND kind = 'procedure'
      ) d ON true
      ORDER BY d.eis_id, d.version DESC, d.id DESC
    ), executions AS (
      SELECT p.contract_id, p.eis_id, e.n, e.v FROM procedures p
      CROSS JOIN LATERAL jsonb_array_elements(COALESCE(p.payload -> 'executions', '[]'::jsonb)) WITH ORDINALITY AS e(v, n)
    )
    SELECT d.contract_id, 'upd' AS kind, d.id::text AS ref, NULL AS name, d.number, d.doc_date::text AS date,
      COALESCE(d.amount_with_vat, d.amount_without_vat)::text AS amount, NULL::int AS position_id, NULL AS quantity,
      d.vat_amount::text AS vat, d.status AS extra, d.acceptance || '|' || COALESCE(d.accepted_on::text, '') AS state
    FROM c JOIN acceptance_documents d ON d.company_id = ${companyId} AND d.contract_id = c.id
    WHERE d.withdrawn_at IS NULL
    UNION ALL
    -- a line accepted in part counts its accepted quantity's share of its amount
    SELECT d.contract_id, 'line', d.id::text, NULL, NULL, NULL,
      SUM(CASE WHEN l.accepted_quantity IS NULL OR COALESCE(l.quantity, 0) = 0 THEN COALESCE(l.amount_with_vat, l.amount_without_vat)
        ELSE round(COALESCE(l.amount_with_vat, l.amount_without_vat) * l.accepted_quantity / l.quantity, 2) END)::text,
      l.position_id, SUM(COALESCE(l.accepted_quantity, l.quantity))::text, NULL, NULL, NULL
    FROM c JOIN acceptance_documents d ON d.company_id = ${companyId} AND d.contract_id = c.id
    JOIN acceptance_lines l ON l.document_id = d.id AND l.company_id = ${companyId}
    WHERE l.position_id IS NOT NULL AND d.withdrawn_at IS NULL
    GROUP BY d.contract_id, d.id, l.position_id
    UNION ALL
    SELECT p.contract_id, '1c', p.id::text, NULL, p.number, p.doc_date::text, p.amount::text, NULL, NULL, NULL, p.purpose, NULL
    FROM c JOIN payment_orders p ON p.company_id = ${companyId} AND p.contract_id = c.id
    UNION ALL
    SELECT x.contract_id, 'eis_acceptance', x.eis_id || ':' || x.n, x.v -> 'acceptance' ->> 'name', x.v -> 'acceptance' ->> 'number',
      x.v -> 'acceptance' ->> 'date', x.v -> 'acceptance' ->> 'sum', NULL, NULL, NULL, x.v -> 'acceptance' ->> 'acceptDate', NULL
    FROM executions x WHERE jsonb_typeof(x.v -> 'acceptance') = 'object'
    UNION ALL
    SELECT x.contract_id, 'eis_payment', x.eis_id || ':' || x.n, x.v -> 'payment' ->> 'name', x.v -> 'payment' ->> 'number',
      x.v -> 'payment' ->> 'date', x.v -> 'payment' ->> 'sum', NULL, NULL, NULL, NULL, NULL
    FROM executions x WHERE jsonb_typeof(x.v -> 'payment') = 'object'
    UNION ALL
    SELECT p.contract_id, 'only_position', NULL, NULL, NULL, NULL, NULL, MIN(p.id), NULL, NULL, NULL, NULL
    FROM c JOIN contract_positions p ON p.contract_id = c.id
    GROUP BY p.contract_id HAVING count(*) = 1
    ORDER BY contract_id, date NULLS LAST, kind, ref`)) as unknown as { rows: Row[] };
  return result.rows;
}

const money = (s: string | null) => new Decimal(s ?? 0);

/**
 * Our documents (УПД, 1C orders) with ЕИС's after them, each once: one of ЕИС's that names a document already there
 * (documentIdentity) only marks it as known to ЕИС; ЕИС's repeats of its own count once too.
 */
function withEis<T extends { knownToEis: boolean }>(ours: T[], identity: (x: T) => string | null, eis: Row[], make: (r: Row) => T): T[] {
  const seen = new Map<string, T>();
  for (const x of ours) {
    const key = identity(x);
    if (key) seen.set(key, x);
  }
  const out = [...ours];
  for (const r of eis) {
    const key = documentIdentity(r.number, r.date, r.amount);
    const same = key ? seen.get(key) : undefined;
    if (same) {
      same.knownToEis = true;
      continue;
    }
    const x = make(r);
    out.push(x);
    if (key) seen.set(key, x);
  }
  return out;
}
const byDate = <T extends { date: string | null }>(a: T, b: T) => (a.date ?? '9999').localeCompare(b.date ?? '9999');

/**
 * Delivered and paid of several contracts of both laws — the one computation behind the card, the register, the
 * dashboard, the XLSX/PDF reports and the ЕИС execution package. Each document counts once: an УПД and ЕИС's document
 * of acceptance with the same identity (documentIdentity) are one delivery — the УПД, which carries the lines mapped
 * to positions; a 1C payment order and ЕИС's payment document with the same identity are one payment — the 1C order,
 * which carries its purpose; ЕИС documents repeated across procedures or their versions count once.
 */
export async function contractFigures(db: Db, companyId: number, contractIds: number[]): Promise<Map<number, ContractFigures>> {
  const out = new Map<number, ContractFigures>();
  for (const id of contractIds)
    out.set(id, { delivered: '0', paid: '0', paymentDates: [], byPosition: new Map(), documents: [], payments: [] });
  if (!contractIds.length) return out;
  const rows = await sourceRows(db, companyId, contractIds);
  type Acc = {
    upd: Map<string, DeliveryDocument>;
    lines: Row[];
    oneC: ContractPayment[];
    eisAcceptances: Row[];
    eisPayments: Row[];
    onlyPosition: number | null;
  };
  const acc = new Map<number, Acc>();
  for (const r of rows) {
    let a = acc.get(r.contract_id);
    if (!a) acc.set(r.contract_id, (a = { upd: new Map(), lines: [], oneC: [], eisAcceptances: [], eisPayments: [], onlyPosition: null }));
    if (r.kind === 'upd')
      a.upd.set(r.ref!, {
        source: 'upd',
        id: Number(r.ref),
        name: 'УПД',
        number: r.number,
        date: r.date,
        total: r.amount,
        vat: r.vat,
        delivered: '0',
        status: r.extra ?? 'processing',
        acceptDate: r.state?.split('|')[1] || null,
        acceptance: (r.state?.split('|')[0] ?? 'received') as DeliveryDocument['acceptance'],
        knownToEis: false,
      });
    else if (r.kind === 'line') a.lines.push(r);
    else if (r.kind === '1c')
      a.oneC.push({
        source: '1c',
        id: Number(r.ref),
        name: 'Платёжное поручение',
        number: r.number,
        date: r.date,
        amount: r.amount!,
        purpose: r.extra,
        knownToEis: false,
      });
    else if (r.kind === 'only_position') a.onlyPosition = r.position_id;
    else if (r.kind === 'eis_acceptance') a.eisAcceptances.push(r);
    else a.eisPayments.push(r);
  }
  for (const [contractId, a] of acc) {
    const f = out.get(contractId)!;
    for (const l of a.lines) {
      const d = a.upd.get(l.ref!)!;
      d.delivered = money(d.delivered).plus(money(l.amount)).toString();
    }
    const documents = withEis(
      [...a.upd.values()],
      (d) => documentIdentity(d.number, d.date, d.total),
      a.eisAcceptances,
      (r): DeliveryDocument => ({
        source: 'eis',
        id: null,
        name: r.name ?? 'Документ о приёмке',
        number: r.number,
        date: r.date,
        total: r.amount,
        vat: null,
        delivered: money(r.amount).toString(),
        status: 'accepted',
        acceptDate: r.extra,
        acceptance: 'accepted',
        knownToEis: true,
      }),
    );
    const payments = withEis(
      a.oneC,
      (p) => documentIdentity(p.number, p.date, p.amount),
      a.eisPayments,
      (r): ContractPayment => ({
        source: 'eis',
        id: null,
        name: r.name ?? 'Платёжный документ',
        number: r.number,
        date: r.date,
        amount: money(r.amount).toString(),
        purpose: null,
        knownToEis: true,
      }),
    );
    f.documents = documents.sort(byDate);
    f.payments = payments.sort(byDate);
    const counted = new Set(f.documents.filter(countsAsDelivered));
    f.delivered = [...counted].reduce((s, d) => s.plus(d.delivered), new Decimal(0)).toString();
    f.paid = f.payments.reduce((s, p) => s.plus(p.amount), new Decimal(0)).toString();
    f.paymentDates = f.payments.flatMap((p) => (p.date ? [p.date] : []));
    const addTo = (positionId: number, quantity: string | null, amount: string | null) => {
      const was = f.byPosition.get(positionId);
      f.byPosition.set(positionId, {
        quantity: money(was?.quantity ?? null)
          .plus(money(quantity))
          .toString(),
        amount: money(was?.amount ?? null)
          .plus(money(amount))
          .toString(),
      });
    };
    for (const l of a.lines) if (counted.has(a.upd.get(l.ref!)!)) addTo(l.position_id!, l.quantity, l.amount);
    // ЕИС's document of acceptance names no position we read (its amount is the stage's): the only position of a
    // contract that has one is what it accepted; a contract of several positions shows it in the totals only
    if (a.onlyPosition !== null) for (const d of counted) if (d.source === 'eis') addTo(a.onlyPosition, null, d.delivered);
  }
  return out;
}

/** A part of a whole in per cent with two decimals; 0.00 of an unknown or zero whole. */
export const share = (part: string, whole: string | null) =>
  whole && !new Decimal(whole).isZero() ? new Decimal(part).div(whole).times(100).toFixed(2) : '0.00';

/** The four figures the card and the register show of a contract, from its ContractFigures and price. */
export const figureShares = (f: ContractFigures, price: string | null) => ({
  delivered_amount: new Decimal(f.delivered).toFixed(2),
  delivered_share: share(f.delivered, price),
  paid_amount: new Decimal(f.paid).toFixed(2),
  paid_share: share(f.paid, price),
});
