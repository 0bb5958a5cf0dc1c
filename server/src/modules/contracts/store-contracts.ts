import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { EisContract } from '../../formats';
import type { Tx } from '../../db/client';
import { contractPositions, contracts } from '../../db/schema';
import { contractChecker } from '../rules';
import { auditMany, changes, type AuditEntry } from '../../platform/audit';
import { now } from '../../platform/clock';

export interface StoredContract {
  id: number;
  registryNumber: string | null;
  violations: string[];
  change: 'created' | 'updated' | 'unchanged';
}

/** The stored contract's fields the trail records when an import creates or replaces it. */
const EXISTING = {
  id: contracts.id,
  version: contracts.version,
  violations: contracts.violations,
  registryNumber: contracts.registryNumber,
  number: contracts.number,
  contractDate: contracts.contractDate,
  subject: contracts.subject,
  supplierName: contracts.supplierName,
  supplierInn: contracts.supplierInn,
  price: contracts.price,
  currency: contracts.currency,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  status: contracts.status,
  source: contracts.source,
};
type ContractRow = typeof contracts.$inferSelect;
type AuditedFields =
  | 'registryNumber'
  | 'version'
  | 'number'
  | 'contractDate'
  | 'subject'
  | 'supplierName'
  | 'supplierInn'
  | 'price'
  | 'currency'
  | 'startDate'
  | 'endDate'
  | 'status'
  | 'violations'
  | 'source';
const audited = (c: Pick<ContractRow, AuditedFields>) => ({
  registry_number: c.registryNumber,
  version: c.version,
  number: c.number,
  contract_date: c.contractDate,
  subject: c.subject,
  supplier_name: c.supplierName,
  supplier_inn: c.supplierInn,
  price: c.price === null ? null : new Decimal(c.price).toFixed(2),
  currency: c.currency,
  start_date: c.startDate,
  end_date: c.endDate,
  status: c.status,
  violations: c.violations,
  source: c.source,
});

/** Advisory lock class of a company's contract stores (727001 is the migration lock). */
const CONTRACTS_LOCK = 727002;

const STATUS: Record<string, string> = { P: 'registered', F: 'editing', I: 'invalid', M: 'changing' };

/** A record's key among the company's contracts: the registry number, or the guid of a record without one. */
const keyOf = (registryNumber: string | null | undefined, guid: string | null) => (registryNumber ? `n:${registryNumber}` : `g:${guid}`);

/**
 * A store of another law's records through the same path (eis/store-contracts-44.ts): the law, the columns only it
 * fills, and whether the 223-ФЗ checks apply (the rule versions and the 3-day term are 223-ФЗ's).
 */
export interface StoreAs {
  law: '44';
  extra: (r: EisContract) => Partial<Pick<typeof contracts.$inferInsert, 'ikz' | 'eisStages' | 'eisStage' | 'status'>>;
}

/** Rows of at most this many go in one INSERT (PostgreSQL takes 65,535 parameters a statement). */
const CHUNK = 2000;

/**
 * Stores ЕИС contract records of one company by registry number: a newer version replaces the row (and its
 * positions) in place, the same or an older version changes nothing. Runs inside the caller's transaction; each
 * creation or replacement is recorded in the trail on behalf of `user` (who started the import; null — the system).
 * A batch is read and written in a few statements whatever its size: the existing rows in two, new contracts,
 * their positions and the trail in multi-row inserts; only replacements go one by one.
 */
export async function storeContracts(
  tx: Tx,
  companyId: number,
  records: EisContract[],
  source: 'eis' | 'upload',
  user: { id: number } | null = null,
  as?: StoreAs,
): Promise<StoredContract[]> {
  // one store per company at a time (an import, its run repeated after expiry, an upload): the later one sees the
  // earlier one's rows instead of inserting them again (a contract without a registry number has no unique key)
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTRACTS_LOCK}, ${companyId})`);
  const numbers = [...new Set(records.flatMap((r) => (r.registrationNumber ? [r.registrationNumber] : [])))];
  const guids = [...new Set(records.flatMap((r) => (r.registrationNumber ? [] : [r.guid])))];
  const existingRows = [
    ...(numbers.length
      ? await tx
          .select({ ...EXISTING, guid: contracts.guid })
          .from(contracts)
          .where(and(eq(contracts.companyId, companyId), inArray(contracts.registryNumber, numbers)))
      : []),
    ...(guids.length
      ? await tx
          .select({ ...EXISTING, guid: contracts.guid })
          .from(contracts)
          .where(and(eq(contracts.companyId, companyId), inArray(contracts.guid, guids)))
      : []),
  ];
  const existing = new Map(existingRows.map((e) => [keyOf(e.registryNumber, e.guid), e]));
  const check = contractChecker(tx, companyId);

  // the latest version of each key in the batch wins, as if the records were stored one after another
  const latest = new Map<string, EisContract>();
  for (const r of records) {
    const k = keyOf(r.registrationNumber, r.guid);
    const seen = latest.get(k);
    if (!seen || (r.version ?? 1) > (seen.version ?? 1)) latest.set(k, r);
  }

  type Values = Omit<typeof contracts.$inferInsert, 'searchVector'> & { searchVector: SQL } & Pick<ContractRow, AuditedFields>;
  const stored = new Map<string, StoredContract>();
  const fresh: { key: string; r: EisContract; values: Values }[] = [];
  const trail: AuditEntry[] = [];
  for (const [key, r] of latest) {
    const version = r.version ?? 1;
    const old = existing.get(key);
    if (old && old.version >= version) {
      stored.set(key, { id: old.id, registryNumber: r.registrationNumber, violations: old.violations, change: 'unchanged' });
      continue;
    }
    const supplier = r.suppliers[0] ?? null;
    const publishedOn = (r.publicationDate ?? r.createDateTime)?.slice(0, 10) ?? null;
    const violations = as
      ? []
      : await check({
          contractDate: r.contractDate,
          publishedOn,
          price: r.rubPrice ?? r.price,
          methodCode: r.purchase.methodCode,
          methodName: r.purchase.methodName,
        });
    const subject = r.subject ?? r.purchase.noticeName ?? '';
    const values: Values = {
      companyId,
      registryNumber: r.registrationNumber,
      version,
      guid: r.guid,
      number: r.number,
      contractDate: r.contractDate,
      subject,
      supplierName: supplier?.name ?? supplier?.shortName ?? null,
      supplierInn: supplier?.inn ?? null,
      supplierKpp: supplier?.kpp ?? null,
      price: r.price,
      currency: r.currency?.code ?? 'RUB',
      startDate: r.startDate,
      endDate: r.endDate,
      status: STATUS[r.status ?? 'P'] ?? r.status ?? 'registered',
      purchaseNoticeNumber: r.purchase.noticeNumber,
      methodCode: r.purchase.methodCode,
      methodName: r.purchase.methodName,
      publishedAt: r.publicationDate ? new Date(r.publicationDate) : null,
      violations,
      source,
      searchVector: sql`to_tsvector('russian', ${[subject, r.number ?? '', supplier?.name ?? '', r.registrationNumber ?? ''].join(' ')})`,
      updatedAt: now(),
    };
    if (as) Object.assign(values, { law: as.law }, as.extra(r));
    if (old) {
      await tx.update(contracts).set(values).where(eq(contracts.id, old.id));
      await tx.delete(contractPositions).where(eq(contractPositions.contractId, old.id));
      stored.set(key, { id: old.id, registryNumber: r.registrationNumber, violations, change: 'updated' });
      trail.push({ entity: 'contract', entityId: old.id, action: 'import_update', ...changes(audited(old), audited(values)) });
    } else {
      fresh.push({ key, r, values });
    }
  }
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const part = fresh.slice(i, i + CHUNK);
    // RETURNING gives the key back with the id, so nothing depends on the order of the returned rows
    const ids = await tx
      .insert(contracts)
      .values(part.map((f) => f.values))
      .returning({ id: contracts.id, registryNumber: contracts.registryNumber, guid: contracts.guid });
    const idOf = new Map(ids.map((x) => [keyOf(x.registryNumber, x.guid), x.id]));
    for (const f of part) {
      const id = idOf.get(f.key)!;
      stored.set(f.key, { id, registryNumber: f.r.registrationNumber, violations: f.values.violations ?? [], change: 'created' });
      trail.push({
        entity: 'contract',
        entityId: id,
        action: 'import_create',
        after: { ...audited(f.values), positions: f.r.positions.length },
      });
    }
  }
  const positions = [...latest].flatMap(([key, r]) => {
    const s = stored.get(key)!;
    if (s.change === 'unchanged') return [];
    return r.positions.map((p, i) => {
      // a record before 2017 classifies by ОКПД or ОКДП: kept under its own classifier, never as an ОКПД2 code
      const [classifier, cls] = p.okpd2
        ? (['okpd2', p.okpd2] as const)
        : p.okpd
          ? (['okpd', p.okpd] as const)
          : p.okdp
            ? (['okdp', p.okdp] as const)
            : (['okpd2', null] as const);
      return {
        contractId: s.id,
        ordinal: i + 1,
        name: p.name ?? cls?.name ?? '',
        okpd2Code: p.okpd2?.code ?? null,
        okpd2Name: p.okpd2?.name ?? null,
        classifier,
        classifierCode: cls?.code ?? null,
        classifierName: cls?.name ?? null,
        okeiCode: p.okei?.code ?? null,
        okeiName: p.okei?.name ?? null,
        quantity: p.quantity,
        unitPrice: p.unitPrice,
        amount: p.amount,
      };
    });
  });
  for (let i = 0; i < positions.length; i += CHUNK * 2) await tx.insert(contractPositions).values(positions.slice(i, i + CHUNK * 2));
  await auditMany(tx, { user, companyId }, trail);
  // one answer per record given, in its order (an older duplicate in the batch answers as its key's outcome)
  // contracts concluded on a notice the register holds belong to that procurement
  await tx.execute(sql`
    UPDATE contracts c SET procurement_id = p.id FROM procurements p
    WHERE c.company_id = ${companyId} AND c.procurement_id IS NULL AND c.purchase_notice_number IS NOT NULL
      AND p.company_id = c.company_id AND p.notice_number = c.purchase_notice_number`);
  return records.map((r) => stored.get(keyOf(r.registrationNumber, r.guid))!);
}
