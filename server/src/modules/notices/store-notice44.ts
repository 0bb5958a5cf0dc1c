import { and, desc, eq, isNull } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import { NOTICE44_METHODS, type Eis44Purchase } from '../../formats';
import type { Tx } from '../../db/client';
import { eis44Notices, eis44ProtocolApplications } from '../../db/schema';
import { audit } from '../../platform/audit';

const money = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(2));

/**
 * Stores a 44-ФЗ notice or final protocol by its type, purchase number and version; the same version twice stores
 * nothing twice (a resumed or repeated import): ЕИС publishes a change as a new version, it does not edit one.
 * A protocol carries no ИКЗ: it takes its notice's, and a notice arriving after its protocol hands its ИКЗ over.
 */
export async function storeNotice44(
  tx: Tx,
  companyId: number,
  d: Eis44Purchase,
  source: 'eis' | 'upload' | 'demo',
  user: { id: number } | null = null,
): Promise<{ id: number; created: boolean }> {
  const t = eis44Notices;
  const same = and(
    eq(t.companyId, companyId),
    eq(t.documentType, d.documentType),
    eq(t.purchaseNumber, d.purchaseNumber),
    eq(t.version, d.versionNumber),
  );
  const [existing] = await tx.select({ id: t.id }).from(t).where(same);
  if (existing) return { id: existing.id, created: false };
  const base = {
    companyId,
    kind: d.kind,
    documentType: d.documentType,
    purchaseNumber: d.purchaseNumber,
    version: d.versionNumber,
    eisId: d.id,
    method: NOTICE44_METHODS[d.documentType],
    publishedAt: d.publishedAt,
    source,
  };
  let values: typeof t.$inferInsert;
  if (d.kind === 'notice') {
    const ikzs = [...new Set(d.lots.flatMap((l) => (l.ikz ? [l.ikz] : [])))];
    values = {
      ...base,
      ikz: ikzs[0] ?? null,
      ikzs,
      planPositionNumber: d.lots.find((l) => l.planPositionNumber)?.planPositionNumber ?? null,
      lots: d.lots.map((l) => ({
        regNum: l.customer.regNum,
        fullName: l.customer.fullName,
        iku: l.iku,
        ikz: l.ikz,
        maxPrice: money(l.maxPrice),
        planPositionNumber: l.planPositionNumber,
        finance: l.finance,
      })),
      objects: d.objects,
      customerIkus: [...new Set(d.lots.flatMap((l) => (l.iku ? [l.iku] : [])))],
      placingWayName: d.placingWay?.name ?? null,
      object: d.object,
      maxPrice: money(d.maxPrice),
      currency: d.currency,
      applicationsEnd: d.applicationsEnd,
      summarizingDate: d.summarizingDate,
      placerRegNum: d.placer.regNum,
      placerInn: d.placer.inn,
      placerName: d.placer.fullName,
      etpName: d.etp?.name ?? null,
      etpUrl: d.etp?.url ?? null,
      href: d.href,
    };
  } else {
    const [notice] = await tx
      .select({ ikz: t.ikz, ikzs: t.ikzs, object: t.object })
      .from(t)
      .where(and(eq(t.companyId, companyId), eq(t.purchaseNumber, d.purchaseNumber), eq(t.kind, 'notice')))
      .orderBy(desc(t.version))
      .limit(1);
    values = {
      ...base,
      ikz: notice?.ikz ?? null,
      ikzs: notice?.ikzs ?? [],
      object: notice?.object ?? null,
      protocolDate: d.protocolDate,
      docNumber: d.docNumber,
      placerRegNum: d.publisher.regNum,
      placerInn: d.publisher.inn,
      placerName: d.publisher.fullName,
      participants: d.applications.length,
      winnerAppNumber: d.winner?.appNumber ?? null,
      winnerPrice: money(d.winner?.price ?? null),
      abandonedReason: d.abandonedReason,
    };
  }
  const [row] = await tx.insert(t).values(values).onConflictDoNothing().returning({ id: t.id });
  // another run stored it between the look and the insert
  if (!row) return { id: (await tx.select({ id: t.id }).from(t).where(same))[0].id, created: false };
  if (d.kind === 'protocol' && d.applications.length) {
    // one row per application number: a protocol naming one twice keeps its first entry
    const apps = d.applications.filter((a, i, all) => all.findIndex((b) => b.appNumber === a.appNumber) === i);
    await tx.insert(eis44ProtocolApplications).values(
      apps.map((a) => ({
        protocolId: row.id,
        companyId,
        appNumber: a.appNumber,
        appDate: a.appDate,
        price: money(a.price),
        rating: a.rating,
        admitted: a.admitted,
        rejectReasons: a.rejectReasons,
      })),
    );
  }
  if (d.kind === 'notice' && values.ikz) {
    await tx
      .update(t)
      .set({ ikz: values.ikz, ikzs: values.ikzs, object: values.object })
      .where(and(eq(t.companyId, companyId), eq(t.purchaseNumber, d.purchaseNumber), eq(t.kind, 'protocol'), isNull(t.ikz)));
  }
  await audit(
    tx,
    { user, companyId },
    {
      entity: 'eis44_notice',
      entityId: row.id,
      action: 'import_create',
      after: {
        document_type: d.documentType,
        purchase_number: d.purchaseNumber,
        version: d.versionNumber,
        ikz: values.ikz ?? null,
        source,
      },
    },
  );
  return { id: row.id, created: true };
}
