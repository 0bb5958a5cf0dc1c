import { and, eq, sql } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { EisContract } from '../../formats';
import type { Tx } from '../../db/client';
import { contractPositions, contracts } from '../../db/schema';
import { checkContract } from './check-contract';
import { audit, changes } from '../../platform/audit';

export interface StoredContract {
  id: number;
  registryNumber: string | null;
  violations: string[];
  change: 'created' | 'updated' | 'unchanged';
}

/** The stored contract's fields the trail records when an import creates or replaces it. */
const EXISTING = {
  id: contracts.id, version: contracts.version, violations: contracts.violations, registryNumber: contracts.registryNumber, number: contracts.number,
  contractDate: contracts.contractDate, subject: contracts.subject, supplierName: contracts.supplierName, supplierInn: contracts.supplierInn,
  price: contracts.price, currency: contracts.currency, startDate: contracts.startDate, endDate: contracts.endDate, status: contracts.status, source: contracts.source,
};
type ContractRow = typeof contracts.$inferSelect;
type AuditedFields = 'registryNumber' | 'version' | 'number' | 'contractDate' | 'subject' | 'supplierName' | 'supplierInn' | 'price' | 'currency' | 'startDate' | 'endDate' | 'status' | 'violations' | 'source';
const audited = (c: Pick<ContractRow, AuditedFields>) => ({
  registry_number: c.registryNumber, version: c.version, number: c.number, contract_date: c.contractDate, subject: c.subject, supplier_name: c.supplierName,
  supplier_inn: c.supplierInn, price: c.price === null ? null : new Decimal(c.price).toFixed(2), currency: c.currency, start_date: c.startDate, end_date: c.endDate, status: c.status, violations: c.violations, source: c.source,
});

/** Advisory lock class of a company's contract stores (727001 is the migration lock). */
const CONTRACTS_LOCK = 727002;

const STATUS: Record<string, string> = { P: 'registered', F: 'editing', I: 'invalid', M: 'changing' };

/**
 * Stores ЕИС contract records of one company by registry number: a newer version replaces the row (and its
 * positions) in place, the same or an older version changes nothing. Runs inside the caller's transaction; each
 * creation or replacement is recorded in the trail on behalf of `user` (who started the import; null — the system).
 */
export async function storeContracts(tx: Tx, companyId: number, records: EisContract[], source: 'eis' | 'upload', user: { id: number } | null = null): Promise<StoredContract[]> {
  // one store per company at a time (an import, its run repeated after expiry, an upload): the later one sees the
  // earlier one's rows instead of inserting them again (a contract without a registry number has no unique key)
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTRACTS_LOCK}, ${companyId})`);
  const out: StoredContract[] = [];
  for (const r of records) {
    const version = r.version ?? 1;
    const [existing] = r.registrationNumber
      ? await tx.select(EXISTING).from(contracts).where(and(eq(contracts.companyId, companyId), eq(contracts.registryNumber, r.registrationNumber)))
      : await tx.select(EXISTING).from(contracts).where(and(eq(contracts.companyId, companyId), eq(contracts.guid, r.guid)));
    if (existing && existing.version >= version) {
      out.push({ id: existing.id, registryNumber: r.registrationNumber, violations: existing.violations, change: 'unchanged' });
      continue;
    }
    const supplier = r.suppliers[0] ?? null;
    const publishedOn = (r.publicationDate ?? r.createDateTime)?.slice(0, 10) ?? null;
    const violations = await checkContract(tx, companyId, { contractDate: r.contractDate, publishedOn, price: r.rubPrice ?? r.price, methodCode: r.purchase.methodCode, methodName: r.purchase.methodName });
    const subject = r.subject ?? r.purchase.noticeName ?? '';
    const values = {
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
      publishedAt: r.publicationDate ? new Date(r.publicationDate) : null,
      violations,
      source,
      searchVector: sql`to_tsvector('russian', ${[subject, r.number ?? '', supplier?.name ?? '', r.registrationNumber ?? ''].join(' ')})`,
      updatedAt: new Date(),
    };
    let id: number;
    if (existing) {
      await tx.update(contracts).set(values).where(eq(contracts.id, existing.id));
      await tx.delete(contractPositions).where(eq(contractPositions.contractId, existing.id));
      id = existing.id;
    } else {
      [{ id }] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
    }
    if (r.positions.length) {
      await tx.insert(contractPositions).values(
        r.positions.map((p, i) => {
          const cls = p.okpd2 ?? p.okpd ?? p.okdp;
          return {
            contractId: id,
            ordinal: i + 1,
            name: p.name ?? cls?.name ?? '',
            okpd2Code: cls?.code ?? null,
            okpd2Name: cls?.name ?? null,
            okeiCode: p.okei?.code ?? null,
            okeiName: p.okei?.name ?? null,
            quantity: p.quantity,
            unitPrice: p.unitPrice,
            amount: p.amount,
          };
        }),
      );
    }
    if (existing) await audit(tx, { user, companyId }, { entity: 'contract', entityId: id, action: 'import_update', ...changes(audited(existing), audited(values)) });
    else await audit(tx, { user, companyId }, { entity: 'contract', entityId: id, action: 'import_create', after: { ...audited(values), positions: r.positions.length } });
    out.push({ id, registryNumber: r.registrationNumber, violations, change: existing ? 'updated' : 'created' });
  }
  return out;
}
