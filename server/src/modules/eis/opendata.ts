import { eq } from 'drizzle-orm';
import { companies, contracts, planItems, plans, procurements } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { now as clockNow } from '../../platform/clock';

/** OCDS 1.1 release package of the company's plans (planning), procurements (tender) and contracts (awards+contracts). */
export async function ocdsPackage(ctx: Ctx) {
  const db = ctx.deps.db;
  const [co] = await db.select().from(companies).where(eq(companies.id, ctx.companyId));
  const [pl, items, pr, cs] = await Promise.all([
    db.select().from(plans).where(eq(plans.companyId, ctx.companyId)),
    db.select().from(planItems).where(eq(planItems.companyId, ctx.companyId)),
    db.select().from(procurements).where(eq(procurements.companyId, ctx.companyId)),
    db.select().from(contracts).where(eq(contracts.companyId, ctx.companyId)),
  ]);
  const prefix = `ocds-zakupki-${co?.inn ?? ctx.companyId}`;
  const buyer = { id: `RU-INN-${co?.inn ?? ''}`, name: co?.title ?? `id:${ctx.companyId}` };
  const party = {
    ...buyer,
    identifier: { scheme: 'RU-INN', id: co?.inn ?? '', legalName: co?.fullTitle ?? co?.title ?? '' },
    roles: ['buyer', 'procuringEntity'],
  };
  const now = clockNow().toISOString();
  const value = (amount: string | null, currency: string) => (amount === null ? undefined : { amount: Number(amount), currency });
  const releases = [
    ...pl.flatMap((p) =>
      items
        .filter((i) => i.planId === p.id)
        .map((i) => ({
          ocid: `${prefix}-plan-${p.registrationNumber}-${i.ordinal}`,
          id: `plan-${p.registrationNumber}-v${p.version}-${i.ordinal}`,
          date: (p.publishedAt ?? p.createdAt).toISOString(),
          tag: ['planning'],
          initiationType: 'tender',
          parties: [party],
          buyer,
          planning: {
            budget: { description: i.subject, amount: value(i.nmcd, i.currency) },
            rationale: `План закупки ${p.registrationNumber}, позиция ${i.ordinal}`,
          },
          tender: {
            id: `${p.registrationNumber}-${i.ordinal}`,
            title: i.subject,
            status: 'planning',
            value: value(i.nmcd, i.currency),
            items: [
              {
                id: String(i.ordinal),
                description: i.subject,
                classification: i.okpd2Code ? { scheme: 'OKPD2', id: i.okpd2Code } : undefined,
                quantity: i.quantity === null ? undefined : Number(i.quantity),
                unit: i.okeiCode ? { scheme: 'OKEI', id: i.okeiCode, name: i.okeiName ?? undefined } : undefined,
              },
            ],
          },
        })),
    ),
    ...pr.map((p) => ({
      ocid: `${prefix}-proc-${p.number}`,
      id: `proc-${p.number}-${p.updatedAt.getTime()}`,
      date: p.updatedAt.toISOString(),
      tag: ['tender'],
      initiationType: 'tender',
      parties: [party],
      buyer,
      tender: {
        id: p.number,
        title: p.title,
        description: p.subjectDescription ?? undefined,
        status: p.status === 'cancelled' ? 'cancelled' : p.status === 'draft' ? 'planned' : 'active',
        value: value(p.nmcd, p.currency),
        procurementMethodDetails: p.method,
        mainProcurementCategory: p.subject,
      },
    })),
    ...cs.map((c) => {
      const supplier = { id: `RU-INN-${c.supplierInn ?? 'unknown'}`, name: c.supplierName ?? '' };
      const ocid = `${prefix}-contract-${c.registryNumber ?? c.id}`;
      return {
        ocid,
        id: `contract-${c.registryNumber ?? c.id}-v${c.version}`,
        date: c.updatedAt.toISOString(),
        tag: ['award', 'contract'],
        initiationType: 'tender',
        parties: [party, { ...supplier, identifier: { scheme: 'RU-INN', id: c.supplierInn ?? '' }, roles: ['supplier'] }],
        buyer,
        awards: [
          {
            id: `award-${c.id}`,
            status: 'active',
            date: c.contractDate ? `${c.contractDate}T00:00:00Z` : undefined,
            value: value(c.price, c.currency),
            suppliers: [supplier],
          },
        ],
        contracts: [
          {
            id: c.registryNumber ?? String(c.id),
            awardID: `award-${c.id}`,
            title: c.subject,
            status: c.status === 'invalid' ? 'cancelled' : 'active',
            value: value(c.price, c.currency),
            dateSigned: c.contractDate ? `${c.contractDate}T00:00:00Z` : undefined,
            period:
              c.startDate || c.endDate
                ? {
                    startDate: c.startDate ? `${c.startDate}T00:00:00Z` : undefined,
                    endDate: c.endDate ? `${c.endDate}T00:00:00Z` : undefined,
                  }
                : undefined,
          },
        ],
      };
    }),
  ];
  return {
    uri: `${ctx.deps.config.CLIENT_URL}/api/opendata/ocds.json?company=${ctx.companyId}`,
    version: '1.1',
    publishedDate: now,
    publisher: { name: co?.title ?? `id:${ctx.companyId}`, scheme: 'RU-INN', uid: co?.inn ?? undefined },
    license: 'https://creativecommons.org/licenses/by/4.0/',
    publicationPolicy: `${ctx.deps.config.CLIENT_URL}/opendata`,
    releases,
  };
}
