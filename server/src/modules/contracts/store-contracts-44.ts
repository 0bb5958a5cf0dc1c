import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Contract44, Contracts44File, EisContract } from '../../formats';
import type { Tx } from '../../db/client';
import { contractDocuments44, contracts } from '../../db/schema';
import { storeContracts, type StoredContract } from './store-contracts';
import { namesOwnCustomer, type OwnCustomers } from '../companies';

/** The register's status of a 44-ФЗ contract from ЕИС's currentContractStage (zfcs_contract.contractStageType). */
const STATUS_44: Record<string, string> = { E: 'executing', EC: 'completed', ET: 'terminated', IN: 'invalid' };

/**
 * The customer's ИНН in a 44-ФЗ register number (19 digits): the customer's budget level (1), its ИНН (10), the year (2)
 * and the ordinal (6) — e.g. 2770933044223000024 of the customer 7709330442 (fixtures/eis44/contract_portal44.xml).
 * An execution or a cancel names no customer but this number, by which ЕИС's answer for a region is sorted.
 */
export const customerInnOf44 = (regNum: string) => (/^\d{19}$/.test(regNum) ? regNum.slice(1, 11) : null);

/** The company's own documents of ЕИС's answers for its region, joined into one file. */
export function ownContracts44(files: Contracts44File[], owner: Pick<OwnCustomers, 'parties'>): { file: Contracts44File; size: number } {
  // the customer the document names (ИНН and КПП), else the ИНН its register number carries
  const own = (regNum: string, customer?: { inn: string | null; kpp: string | null }) =>
    namesOwnCustomer(owner, [customer?.inn ? customer : customerInnOf44(regNum)]);
  const file = {
    contracts: files.flatMap((f) => f.contracts).filter((c) => own(c.regNum, c.customer)),
    procedures: files.flatMap((f) => f.procedures).filter((p) => own(p.regNum)),
    cancels: files.flatMap((f) => f.cancels).filter((c) => own(c.regNum)),
  };
  return { file, size: file.contracts.length + file.procedures.length + file.cancels.length };
}

/** A 44-ФЗ contract in the shape of the 223-ФЗ register's record: one store, one register, one card. */
function asRegisterRecord(c: Contract44): EisContract {
  return {
    guid: c.id ?? c.regNum,
    registrationNumber: c.regNum,
    recordRegistrationNumber: null,
    version: c.version,
    number: c.number,
    contractDate: c.signDate,
    createDateTime: null,
    publicationDate: c.publishDate,
    status: null,
    customer: c.customer.inn
      ? { name: c.customer.fullName, shortName: null, inn: c.customer.inn, kpp: c.customer.kpp, ogrn: null, okato: null }
      : null,
    placer: null,
    suppliers: c.suppliers.map((s) => ({
      name: s.name,
      shortName: null,
      inn: s.inn,
      kpp: s.kpp,
      ogrn: null,
      okpo: null,
      type: null,
      individual: null,
      nonResident: null,
      sme: null,
      country: null,
    })),
    price: c.price,
    rubPrice: null,
    currency: c.currency ? { code: c.currency, digitalCode: null, name: null } : null,
    subject: c.subject,
    startDate: c.startDate,
    endDate: c.endDate,
    electronic: null,
    smePurchase: null,
    purchase: {
      noticeNumber: c.noticeNumber,
      noticeGuid: null,
      noticeName: null,
      noticePublicationDateTime: null,
      methodCode: null,
      methodName: c.methodName,
      lotGuid: null,
      lotNumber: null,
    },
    positions: c.products.map((p, i) => ({
      guid: null,
      ordinal: i + 1,
      name: p.name,
      okpd2: p.okpd2,
      okved2: null,
      okdp: null,
      okpd: null,
      okei: p.okei,
      quantity: p.quantity,
      unitPrice: p.price,
      amount: p.sum,
      country: null,
    })),
    urlEis: c.href,
  };
}

/**
 * Stores what the 44-ФЗ register of contracts gave for one company: the contracts through the register's own store
 * (a newer version replaces, the same one changes nothing), the executions and cancellations once per document and
 * version. The status of each contract touched is then ЕИС's latest word: cancelled, else the newest stage.
 */
export async function storeContracts44(
  tx: Tx,
  companyId: number,
  file: Contracts44File,
  source: 'eis' | 'upload',
  user: { id: number } | null = null,
): Promise<{ contracts: StoredContract[]; documents: { created: number; unchanged: number } }> {
  const of = new Map<EisContract, Contract44>();
  const records = file.contracts.map((c) => {
    const r = asRegisterRecord(c);
    of.set(r, c);
    return r;
  });
  const stored = await storeContracts(tx, companyId, records, source, user, {
    law: '44',
    extra: (r) => {
      const c = of.get(r)!;
      return { ikz: c.ikz, eisStages: c.stages, eisStage: c.stage, status: STATUS_44[c.stage ?? 'E'] ?? 'executing' };
    },
  });
  const docs = [
    ...file.procedures.map((p) => ({
      companyId,
      registryNumber: p.regNum,
      kind: 'procedure' as const,
      eisId: p.id,
      version: p.version,
      publishedAt: p.publishDate,
      payload: p,
    })),
    ...file.cancels.map((c) => ({
      companyId,
      registryNumber: c.regNum,
      kind: 'cancel' as const,
      eisId: `${c.regNum}:${c.cancelDate}`,
      version: 0,
      publishedAt: c.publishDate ?? c.cancelDate,
      payload: c,
    })),
  ];
  const added = docs.length
    ? await tx.insert(contractDocuments44).values(docs).onConflictDoNothing().returning({ id: contractDocuments44.id })
    : [];
  const touched = [...new Set([...file.contracts.map((c) => c.regNum), ...docs.map((d) => d.registryNumber)])];
  if (touched.length) await settleStatus(tx, companyId, touched);
  return { contracts: stored, documents: { created: added.length, unchanged: docs.length - added.length } };
}

/** A contract's status after its documents: a cancel makes it invalid; else the stage of the newest execution. */
async function settleStatus(tx: Tx, companyId: number, numbers: string[]): Promise<void> {
  const d = contractDocuments44;
  const rows = await tx
    .select({ number: d.registryNumber, kind: d.kind, payload: d.payload })
    .from(d)
    .where(and(eq(d.companyId, companyId), inArray(d.registryNumber, numbers)))
    .orderBy(sql`${d.publishedAt} NULLS FIRST`, d.id);
  const stageOf = new Map<string, string>();
  for (const r of rows) {
    const stage = r.kind === 'cancel' ? 'IN' : (r.payload as { stage: string | null }).stage;
    if (stageOf.get(r.number) === 'IN') continue;
    if (stage) stageOf.set(r.number, stage);
  }
  for (const [number, stage] of stageOf) {
    await tx
      .update(contracts)
      .set({ eisStage: stage, status: STATUS_44[stage] ?? 'executing' })
      .where(and(eq(contracts.companyId, companyId), eq(contracts.registryNumber, number), eq(contracts.law, '44')));
  }
}
