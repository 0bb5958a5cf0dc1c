import { and, eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { EisPlan } from '../../formats';
import type { Tx } from '../../db/client';
import { planItems, plans } from '../../db/schema';
import { methodOf } from '../rules';
import { audit } from '../../platform/audit';

/**
 * Stores a plan by registration number and version; the same version twice stores nothing twice. A stored version is
 * recorded in the trail on behalf of `user` (who started the import; null — the system).
 */
export async function storePlan(
  tx: Tx,
  companyId: number,
  p: EisPlan,
  source: 'eis' | 'upload',
  user: { id: number } | null = null,
): Promise<{ id: number; created: boolean }> {
  const registrationNumber = p.registrationNumber ?? p.guid;
  const version = p.version ?? 1;
  const [existing] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.companyId, companyId), eq(plans.registrationNumber, registrationNumber), eq(plans.version, version)));
  if (existing) return { id: existing.id, created: false };
  const total = p.items.reduce((s, i) => s.plus(i.nmcdRub ?? i.nmcd ?? 0), new Decimal(0));
  const [{ id }] = await tx
    .insert(plans)
    .values({
      companyId,
      registrationNumber,
      guid: p.guid,
      year: p.year,
      version,
      name: p.name,
      status: p.status === 'P' ? 'published' : (p.status ?? 'published'),
      itemCount: p.items.length,
      total: total.toFixed(2),
      publishedAt: p.publicationDateTime ? new Date(p.publicationDateTime) : null,
      source,
    })
    .returning({ id: plans.id });
  const rows = p.items.map((it, i) => ({
    planId: id,
    companyId,
    ordinal: i + 1,
    guid: it.guid,
    subject: it.subject ?? '',
    okpd2Code: it.okpd2?.code ?? null,
    okved2Code: it.okved2?.code ?? null,
    okeiCode: it.okei?.code ?? null,
    okeiName: it.okei?.name ?? null,
    quantity: it.quantity,
    nmcd: it.nmcd,
    currency: it.currency?.code ?? 'RUB',
    plannedMonth: it.plannedMonth ? `${it.plannedMonth}-01` : null,
    method: methodOf(it.methodCode, it.methodName) ?? it.methodName,
    methodCode: it.methodCode,
    smeOnly: it.smeOnly,
    electronic: it.electronic ?? false,
    okato: it.okato,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(planItems).values(rows.slice(i, i + 500));
  await audit(
    tx,
    { user, companyId },
    {
      entity: 'plan',
      entityId: id,
      action: 'import_create',
      after: {
        registration_number: registrationNumber,
        version,
        year: p.year,
        name: p.name,
        items: p.items.length,
        total: total.toFixed(2),
        source,
      },
    },
  );
  return { id, created: true };
}
