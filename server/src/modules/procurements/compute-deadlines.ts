import { Decimal } from 'decimal.js';
import type { DeadlineViolation, LeadTimeRule } from '@proc/contract';
import {
  baseMethod,
  checkProcurementDates,
  defaultLeadTimes,
  earliestApplicationDeadline,
  findLeadTimeRule,
  isIsoDate,
} from '../deadlines';
import { formatMoneyRu } from '../../formats/docx/format';
import type { Tx } from '../../db/client';
import { moscowToday } from '../../platform/clock';
import { effectiveLeadTimes, versionInForce, type GoverningVersion } from '../rules';

export interface DatedProcurement {
  /** the procurement's law: 44-ФЗ's terms are the law's own, 223-ФЗ's those of the Положение's version in force */
  law?: '223' | '44';
  ruleId: number | null;
  method: string;
  smeOnly: boolean;
  nmcd: string;
  publishedOn: string | null;
  applicationDeadline: string | null;
  reviewOn: string | null;
  summingUpOn: string | null;
}

export interface DeadlineResult {
  version: GoverningVersion | null;
  deadline: { earliest: string | null; rule: LeadTimeRule | null };
  violations: DeadlineViolation[];
}

/** The date whose rule version governs a procurement: its publication, or today while it has none. */
export const governingDate = (p: Pick<DatedProcurement, 'publishedOn'>) => p.publishedOn ?? moscowToday();

/**
 * The earliest lawful application deadline and the date violations under the rule version in force (its lead-time
 * overrides, else the defaults of 223-ФЗ), plus the version's limit for a single-supplier purchase. `governing` is that
 * version when the caller read it already (governingVersionOf).
 */
export async function computeDeadlines(db: Tx, p: DatedProcurement, governing?: GoverningVersion | null): Promise<DeadlineResult> {
  const is44 = p.law === '44';
  const version = governing !== undefined ? governing : p.ruleId ? await versionInForce(db, p.ruleId, governingDate(p)) : null;
  const rules = is44 ? defaultLeadTimes('44') : effectiveLeadTimes(version?.leadTimeOverrides);
  const query = { method: p.method, smeOnly: p.smeOnly, nmcd: p.nmcd, rules };
  const rule = findLeadTimeRule(query) ?? null;
  let earliest: string | null = null;
  if (rule && p.publishedOn && isIsoDate(p.publishedOn)) {
    try {
      earliest = earliestApplicationDeadline({ ...query, publishedOn: p.publishedOn }).date;
    } catch {
      earliest = null; // outside the loaded production calendar: checkProcurementDates reports it
    }
  }
  const violations: DeadlineViolation[] = checkProcurementDates({
    ...query,
    publishedOn: p.publishedOn,
    applicationDeadline: p.applicationDeadline,
    reviewOn: p.reviewOn,
    summingUpOn: p.summingUpOn,
  });
  if (!rule) {
    violations.push({
      code: 'no_lead_time_rule',
      field: 'method',
      message: is44
        ? `Способ закупки «${p.method}» не предусмотрен 44-ФЗ: срок подачи заявок для него не установлен`
        : `Для способа закупки «${p.method}» положением не установлен срок подачи заявок`,
    });
  }
  // the Положение's limit of a single-supplier purchase is a 223-ФЗ customer's own; 44-ФЗ sets its limits in ст. 93
  const limit = is44 ? null : version?.singleSupplierMax;
  if (baseMethod(p.method) === 'single' && limit && new Decimal(p.nmcd).gt(limit)) {
    violations.push({
      code: 'single_supplier_over_limit',
      field: 'nmcd',
      message: `НМЦД превышает предельную сумму закупки у единственного поставщика по положению (${formatMoneyRu(limit, ' ')} ₽)`,
    });
  }
  return { version, deadline: { earliest, rule }, violations };
}
