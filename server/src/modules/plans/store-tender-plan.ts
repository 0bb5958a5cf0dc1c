import { and, eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { TenderPlan } from '../../formats';
import type { Tx } from '../../db/client';
import { tenderPlanPositions, tenderPlans } from '../../db/schema';
import { audit } from '../../platform/audit';

const money = (v: string) => new Decimal(v).toFixed(2);

/**
 * Stores a 44-ФЗ план-график by its number and version; the same version twice stores nothing twice (a resumed or
 * repeated import). Each version keeps its own positions: ЕИС republishes the whole plan with every change.
 */
export async function storeTenderPlan(
  tx: Tx,
  companyId: number,
  p: TenderPlan,
  source: 'eis' | 'upload' | 'demo',
  user: { id: number } | null = null,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await tx
    .select({ id: tenderPlans.id })
    .from(tenderPlans)
    .where(and(eq(tenderPlans.companyId, companyId), eq(tenderPlans.planNumber, p.planNumber), eq(tenderPlans.version, p.versionNumber)));
  if (existing) return { id: existing.id, created: false };
  // the plan's total is ЕИС's own (outcomeIndicators), else the sum of its positions
  const total = p.totals ? money(p.totals.total) : p.positions.reduce((s, x) => s.plus(x.finance.total), new Decimal(0)).toFixed(2);
  const [{ id }] = await tx
    .insert(tenderPlans)
    .values({
      companyId,
      planNumber: p.planNumber,
      version: p.versionNumber,
      eisId: p.id,
      year: p.planYear,
      firstYear: p.firstYear,
      secondYear: p.secondYear,
      customerRegNum: p.customer.regNum,
      customerInn: p.customer.inn,
      customerName: p.customer.fullName,
      confirmedAt: p.confirmDate,
      publishedAt: p.publishDate,
      positionCount: p.positions.length,
      total,
      source,
    })
    .returning({ id: tenderPlans.id });
  const rows = p.positions.map((x) => ({
    planId: id,
    companyId,
    positionNumber: x.positionNumber,
    extNumber: x.extNumber,
    ikz: x.ikz,
    iku: x.iku,
    purchaseNumber: x.purchaseNumber,
    publishYear: x.publishYear,
    subject: x.purchaseObject,
    okpd2Code: x.okpd2[0]?.code ?? null,
    okpd2: x.okpd2,
    kvrCode: x.kvr[0]?.code ?? null,
    kvrName: x.kvr[0]?.name ?? null,
    specialCode: x.special?.code ?? null,
    canceled: x.canceled,
    total: money(x.finance.total),
    currentYear: money(x.finance.currentYear),
    firstYear: money(x.finance.firstYear),
    secondYear: money(x.finance.secondYear),
    subsecYears: money(x.finance.subsecYears),
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(tenderPlanPositions).values(rows.slice(i, i + 500));
  await audit(
    tx,
    { user, companyId },
    {
      entity: 'tender_plan',
      entityId: id,
      action: 'import_create',
      after: { plan_number: p.planNumber, version: p.versionNumber, year: p.planYear, positions: p.positions.length, total, source },
    },
  );
  return { id, created: true };
}
