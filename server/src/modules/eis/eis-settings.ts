import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EisSettingsRequest } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { eisSettings, companies } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { decryptSecret, encryptSecret } from '../../platform/secrets';
import { audit, changes } from '../../platform/audit';
import { gatewayOf } from '../../clients/eis-gateway-of';
import { changeIdentity, latestIdentityRequest } from '../companies';
import { now as clockNow } from '../../platform/clock';

/** The settings; ИНН, КПП and ОГРН are the company's in force (ЕИС is asked as that company, never as typed text). */
export async function getEisSettings(ctx: Ctx) {
  const [[row], [c], identityRequest] = await Promise.all([
    ctx.deps.db.select().from(eisSettings).where(eq(eisSettings.companyId, ctx.companyId)),
    ctx.deps.db.select().from(companies).where(eq(companies.id, ctx.companyId)),
    latestIdentityRequest(ctx.deps.db, ctx.companyId),
  ]);
  const identity = { inn: c?.inn ?? null, kpp: c?.kpp ?? null, ogrn: c?.ogrn ?? null, identity_request: identityRequest };
  if (!row)
    return {
      ...identity,
      registry_code: null,
      login: null,
      has_password: false,
      has_token: false,
      region_code: null,
      sync_stopped: null,
      token_rejected: null,
    };
  return {
    ...identity,
    registry_code: row.registryCode,
    login: row.login,
    has_password: !!row.secret,
    has_token: !!row.tokenSecret,
    region_code: row.regionCode,
    sync_stopped: row.syncStopped,
    token_rejected: row.tokenRejected,
  };
}

/** Saves the settings; `pending` when their ИНН, КПП or ОГРН became a request for the operator (the route's 202). */
export async function saveEisSettings(ctx: Ctx, input: z.infer<typeof EisSettingsRequest>) {
  if (ctx.user.role === 'operator') throw new AppError('FORBIDDEN');
  const values = {
    registryCode: input.registry_code ?? null,
    login: input.login ?? null,
    regionCode: input.region_code ?? null,
    updatedAt: clockNow(),
    // an empty password or token keeps what is stored
    ...(input.password ? { secret: encryptSecret(ctx.deps.config, input.password) } : {}),
    // the token is a person's: the daily sync acts as the user who gave it (saving it anew restarts a stopped sync);
    // a new token clears ЕИС's refusal of the old one
    ...(input.token
      ? { tokenSecret: encryptSecret(ctx.deps.config, input.token), tokenUserId: ctx.user.id, syncStopped: null, tokenRejected: null }
      : {}),
  };
  let pending = false;
  await ctx.deps.db.transaction(async (tx) => {
    const [was] = await tx.select().from(eisSettings).where(eq(eisSettings.companyId, ctx.companyId));
    // ИНН, КПП, ОГРН other than the company's are a change of the company's identity: the operator's to approve for a
    // client; the settings keep the ones in force
    const [company] = await tx
      .select({ inn: companies.inn, kpp: companies.kpp, ogrn: companies.ogrn })
      .from(companies)
      .where(eq(companies.id, ctx.companyId));
    const asked = {
      inn: input.inn,
      kpp: input.kpp === undefined ? (company?.kpp ?? null) : input.kpp,
      ogrn: input.ogrn === undefined ? (company?.ogrn ?? null) : input.ogrn,
    };
    pending = (await changeIdentity(tx, ctx, asked)) !== null;
    const [inForce] = await tx
      .select({ inn: companies.inn, kpp: companies.kpp, ogrn: companies.ogrn })
      .from(companies)
      .where(eq(companies.id, ctx.companyId));
    const row = { ...values, inn: inForce.inn, kpp: inForce.kpp, ogrn: inForce.ogrn };
    await tx
      .insert(eisSettings)
      .values({ companyId: ctx.companyId, ...row })
      .onConflictDoUpdate({ target: eisSettings.companyId, set: row });
    // the password itself never reaches the trail: only that it was changed
    const now = {
      inn: row.inn,
      kpp: row.kpp,
      ogrn: row.ogrn,
      registry_code: values.registryCode,
      login: values.login,
      region_code: values.regionCode,
    };
    const passwordChanged = !!input.password;
    const tokenChanged = !!input.token;
    if (!was)
      await audit(tx, ctx, {
        entity: 'eis_settings',
        entityId: ctx.companyId,
        action: 'create',
        after: { ...now, password_changed: passwordChanged || null, token_changed: tokenChanged || null },
      });
    else {
      const diff = changes(
        { inn: was.inn, kpp: was.kpp, ogrn: was.ogrn, registry_code: was.registryCode, login: was.login, region_code: was.regionCode },
        now,
      );
      if (passwordChanged) Object.assign(diff.after, { password_changed: true });
      if (tokenChanged) Object.assign(diff.after, { token_changed: true });
      await audit(tx, ctx, { entity: 'eis_settings', entityId: ctx.companyId, action: 'update', ...diff });
    }
  });
  return { settings: await getEisSettings(ctx), pending };
}

/** What the integration service needs to ask ЕИС for this company: its own token (if it has one) and region. */
export async function eisAccess(deps: Ctx['deps'], companyId: number): Promise<{ token: string | null; region: string | null }> {
  const [row] = await deps.db
    .select({ tokenSecret: eisSettings.tokenSecret, regionCode: eisSettings.regionCode })
    .from(eisSettings)
    .where(eq(eisSettings.companyId, companyId));
  return { token: row?.tokenSecret ? decryptSecret(deps.config, row.tokenSecret) : null, region: row?.regionCode ?? null };
}

/**
 * ЕИС refused the company's token (missing, expired, unknown): its words are kept until a new token is saved, so the
 * settings and the register screens say that a new one is needed. A company without settings uses the service's token,
 * which is the provider's to replace: nothing to mark.
 */
export async function markTokenRejected(deps: Ctx['deps'], companyId: number, message: string): Promise<void> {
  await deps.db.update(eisSettings).set({ tokenRejected: message }).where(eq(eisSettings.companyId, companyId));
}

/** «Проверить подключение»: the saved token and region, one real request through the integration service. */
export async function checkEisConnection(ctx: Ctx): Promise<{ ok: boolean; message: string }> {
  const settings = await getEisSettings(ctx);
  if (!settings.inn) return { ok: false, message: 'Укажите ИНН организации' };
  // settings.inn is the company's in force (getEisSettings), never a typed one
  const r = await gatewayOf(ctx.deps).checkConnection(settings.inn, await eisAccess(ctx.deps, ctx.companyId));
  if (r.token_rejected) await markTokenRejected(ctx.deps, ctx.companyId, r.message);
  return { ok: r.ok, message: r.message };
}
