import { eq } from 'drizzle-orm';
import { catalogSeeds, tariffPlans } from '../../db/schema';
import type { Deps } from '../../platform/context';

/** Demo tariff plans (no company gets one: a company without a tariff is not limited). */
export async function seedTariffPlans(deps: Deps): Promise<void> {
  if (!deps.config.DEMO_DATA) return;
  const key = 'tariffs.demo.v1';
  const [done] = await deps.db.select().from(catalogSeeds).where(eq(catalogSeeds.key, key));
  if (done) return;
  await deps.db.transaction(async (tx) => {
    const claimed = await tx.insert(catalogSeeds).values({ key }).onConflictDoNothing().returning();
    if (!claimed.length) return;
    await tx.insert(tariffPlans).values([
      {
        name: 'Базовый',
        description: 'Для небольших заказчиков',
        price: '15000.00',
        period: 'month',
        maxUsers: 5,
        maxProcurementsPerYear: 50,
        storageMb: 1024,
      },
      {
        name: 'Стандарт',
        description: 'Для заказчиков со своим отделом закупок',
        price: '120000.00',
        period: 'quarter',
        maxUsers: 15,
        maxProcurementsPerYear: 300,
        storageMb: 10240,
      },
      {
        name: 'Корпоративный',
        description: 'Без ограничений по пользователям и закупкам',
        price: '900000.00',
        period: 'year',
        maxUsers: null,
        maxProcurementsPerYear: null,
      },
    ]);
  });
}
