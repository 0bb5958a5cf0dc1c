import { and, count, eq, gte, lt } from 'drizzle-orm';
import { procurements } from '../../db/schema';
import { registerTariffCounter } from '../tariffs';
import { moscowDayEnd, moscowDayStart } from '../../platform/clock';

/** The tariff's "procurements a year" limit counts procurements created in the calendar year. */
export function registerProcurementTariffCounter(): void {
  registerTariffCounter('procurements', async (tx, companyId, year) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(procurements)
      .where(
        and(
          eq(procurements.companyId, companyId),
          gte(procurements.createdAt, moscowDayStart(year.from)),
          lt(procurements.createdAt, moscowDayEnd(year.to)),
        ),
      );
    return n;
  });
}
