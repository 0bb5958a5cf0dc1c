import { and, count, eq, gte, lt } from 'drizzle-orm';
import { procurements } from '../../db/schema';
import { registerTariffCounter } from '../tariffs';

/** The tariff's "procurements a year" limit counts procurements created in the calendar year. */
export function registerProcurementTariffCounter(): void {
  registerTariffCounter('procurements', async (tx, companyId, year) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(procurements)
      .where(
        and(
          eq(procurements.companyId, companyId),
          gte(procurements.createdAt, new Date(`${year.from}T00:00:00+03:00`)),
          lt(procurements.createdAt, new Date(`${Number(year.to.slice(0, 4)) + 1}-01-01T00:00:00+03:00`)),
        ),
      );
    return n;
  });
}
