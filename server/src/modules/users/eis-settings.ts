import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EisSettingsRequest } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { eisSettings, companies } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { encryptSecret } from '../../platform/secrets';
import { audit, changes } from '../../platform/audit';

export async function getEisSettings(ctx: Ctx) {
  const [row] = await ctx.deps.db.select().from(eisSettings).where(eq(eisSettings.companyId, ctx.companyId));
  if (!row) {
    const [c] = await ctx.deps.db.select().from(companies).where(eq(companies.id, ctx.companyId));
    return { inn: c?.inn ?? null, kpp: c?.kpp ?? null, ogrn: c?.ogrn ?? null, registry_code: null, login: null, has_password: false };
  }
  return { inn: row.inn, kpp: row.kpp, ogrn: row.ogrn, registry_code: row.registryCode, login: row.login, has_password: !!row.secret };
}

export async function saveEisSettings(ctx: Ctx, input: z.infer<typeof EisSettingsRequest>) {
  if (ctx.user.role === 'operator') throw new AppError('FORBIDDEN');
  const values = {
    inn: input.inn,
    kpp: input.kpp ?? null,
    ogrn: input.ogrn ?? null,
    registryCode: input.registry_code ?? null,
    login: input.login ?? null,
    updatedAt: new Date(),
    // an empty password keeps what is stored
    ...(input.password ? { secret: encryptSecret(ctx.deps.config, input.password) } : {}),
  };
  await ctx.deps.db.transaction(async (tx) => {
    const [was] = await tx.select().from(eisSettings).where(eq(eisSettings.companyId, ctx.companyId));
    await tx
      .insert(eisSettings)
      .values({ companyId: ctx.companyId, ...values })
      .onConflictDoUpdate({ target: eisSettings.companyId, set: values });
    // the password itself never reaches the trail: only that it was changed
    const now = { inn: values.inn, kpp: values.kpp, ogrn: values.ogrn, registry_code: values.registryCode, login: values.login };
    const passwordChanged = !!input.password;
    if (!was) await audit(tx, ctx, { entity: 'eis_settings', entityId: ctx.companyId, action: 'create', after: { ...now, password_changed: passwordChanged || null } });
    else {
      const diff = changes({ inn: was.inn, kpp: was.kpp, ogrn: was.ogrn, registry_code: was.registryCode, login: was.login }, now);
      if (passwordChanged) Object.assign(diff.after, { password_changed: true });
      await audit(tx, ctx, { entity: 'eis_settings', entityId: ctx.companyId, action: 'update', ...diff });
    }
  });
  return getEisSettings(ctx);
}
