import { CATALOG_MESSAGES, type CatalogKind } from '@proc/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';

/** What a checker learns about the element being deleted (methods and subjects are referenced by code elsewhere). */
export interface UsageElement {
  id: number;
  companyId: number | null;
  name: string;
  code?: string | null;
  type?: number | null;
  /**
   * Count only the records of this company: the usage a company is shown (a shared element is used by every tenant,
   * and one tenant may not learn how much the others use it). Unset when deleting: every record counts then.
   */
  viewerCompanyId?: number;
}

/** The company condition of a usage count: the viewer's records, or (unset) those the element may be used by. */
export function usageScope(companyColumn: AnyPgColumn, el: UsageElement): SQL | undefined {
  if (el.viewerCompanyId !== undefined) return eq(companyColumn, el.viewerCompanyId);
  return el.companyId === null ? undefined : eq(companyColumn, el.companyId);
}

/** Counts the records that reference an element; runs inside the deleting transaction. */
export type UsageChecker = (tx: Tx, id: number, element: UsageElement) => Promise<number>;
export type UsageKind = CatalogKind | 'tariffs';

const checkers = new Map<UsageKind, { label: string; check: UsageChecker }[]>();

/**
 * Lets another module say that its records reference catalogue elements, so that such an element is not deleted
 * (only archived). `label` names the records in the refusal message, e.g. 'закупки'. Returns an unregister function.
 *
 *   registerUsage('elements', async (tx, id) => countProcurementsWithFundingSource(tx, id), 'закупки');
 */
export function registerUsage(kind: UsageKind, check: UsageChecker, label = 'записи других разделов'): () => void {
  const entry = { label, check };
  const list = checkers.get(kind) ?? [];
  list.push(entry);
  checkers.set(kind, list);
  return () => {
    const current = checkers.get(kind) ?? [];
    checkers.set(
      kind,
      current.filter((e) => e !== entry),
    );
  };
}

export interface Usage {
  count: number;
  usages: { label: string; count: number }[];
}

export async function usageOf(kind: UsageKind, tx: Tx, element: UsageElement): Promise<Usage> {
  const usages: Usage['usages'] = [];
  for (const { label, check } of checkers.get(kind) ?? []) {
    const n = await check(tx, element.id, element);
    if (n > 0) usages.push({ label, count: n });
  }
  return { count: usages.reduce((s, u) => s + u.count, 0), usages };
}

export const usageDetails = (usage: Usage): string => usage.usages.map((u) => CATALOG_MESSAGES.usageCount(u.label, u.count)).join(', ');
