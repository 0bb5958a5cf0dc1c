import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EVENTS } from '@proc/contract';
import { startTestServer, nextEvent, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { startFakeEis, type FakeEis } from '../../../../tools/fake-eis/server';
import { buildIntegrationApp } from '../../eis-service/build-integration-app';
import { companies, registrations } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { innFrom9 } from '../../../test/factories';
import { runDailySync } from '../eis/daily-sync';
import { importPeriodNow, PERIOD_IMPORT_JOB } from '../eis/period-import';

/**
 * Trusted identity: a client's change of ИНН, КПП, ОГРН waits for the operator, one company per
 * ИНН+КПП, no provider's token for a company without one, and a sync that stops when its user loses the company.
 */
let t: TestServer;
let eis: FakeEis;
let integration: FastifyInstance;
let client: string;
let operator: string;
let admin: string;
let demoId: number;
let demo: { title: string; inn: string; kpp: string | null; ogrn: string | null; law: '223' | '44' };

const TOKEN_MISSING = 'Не задан токен доступа к ЕИС: укажите его в настройках ЕИС организации';
/** Sberbank's ИНН: a valid one of another region (77) than the demo customer's (01). */
const NEW_INN = '7707083893';

const card = async () => (await t.call(routes.companies.getById, { params: { id: demoId }, token: client })).body;
const settings = async () => (await t.call(routes.eis.getCompaniesEisSettings, { params: { id: demoId }, token: client })).body;
/** The region ЕИС was asked about by «Проверить подключение»: the first two digits of the ИНН in force. */
async function checkedRegion(): Promise<string> {
  const from = eis.soi.requests.length;
  const r = await t.call(routes.eis.postCompaniesEisSettingsCheck, { params: { id: demoId }, token: client });
  expect(r.body.ok, r.body.message).toBe(true);
  const asked = eis.soi.requests.slice(from);
  expect(asked).toHaveLength(1);
  return asked[0].params.orgRegion ?? '';
}

beforeAll(async () => {
  eis = await startFakeEis();
  // the service has a token of its own, and no EIS_TOKEN_FALLBACK: it must not answer for a company without one
  integration = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'service-token',
    secret: TEST_INTEGRATION_SECRET,
    archiveRetryMs: 50,
    timeoutMs: 2_000,
    logLevel: 'silent',
  });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  const port = (integration.server.address() as { port: number }).port;
  t = await startTestServer({ INTEGRATION_API_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  [client, operator, admin] = await Promise.all([t.login('client'), t.login('operator'), t.login('admin')]);
  demoId = (await t.call(routes.users.getProfile, { token: client })).body.company_id;
  const c = await card();
  demo = { title: c.title!, inn: c.inn!, kpp: c.kpp, ogrn: c.ogrn, law: c.law };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await integration?.close();
  await eis?.close();
});

describe('the provider’s fallback token', () => {
  it('is off by default: a company without its own token is told to set one, and ЕИС is not asked', async () => {
    const from = eis.soi.requests.length;
    const check = await t.call(routes.eis.postCompaniesEisSettingsCheck, { params: { id: demoId }, token: client });
    expect(check.body).toEqual({ ok: false, message: TOKEN_MISSING });
    const s = await t.socket('auth', client);
    const ev = nextEvent(s, EVENTS.notificationEisContractsResponse);
    expect(
      (await t.call(routes.eis.postContractsImport, { token: client, body: { date_from: '2024-05-01', date_to: '2024-05-01' } })).status,
    ).toBe(202);
    const done = await ev;
    expect(done.result).toBe('error');
    expect(JSON.stringify(done)).toContain(TOKEN_MISSING);
    expect(eis.soi.requests.length).toBe(from);
  });
});

describe('a change of ИНН, КПП or ОГРН', () => {
  it('by the client waits for the operator: the old ИНН stays in force until the approval, then the new one', async () => {
    // the client's own token: ЕИС is asked as the company from now on
    const saved = await t.call(routes.eis.putCompaniesEisSettings, {
      params: { id: demoId },
      token: client,
      body: { inn: demo.inn, kpp: demo.kpp, token: 'client-token' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await checkedRegion()).toBe('01');

    const r = await t.call(routes.companies.putById, {
      params: { id: demoId },
      token: client,
      body: { ...demo, inn: NEW_INN, address: 'г. Майкоп, ул. Новая, д. 2' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.message).toBe('Изменение ИНН, КПП или ОГРН ожидает подтверждения оператором: до его решения действуют прежние реквизиты');
    expect(r.body.identity_request).toMatchObject({ status: 'pending', inn: NEW_INN, kpp: demo.kpp, old_inn: demo.inn });
    // the rest of the card is saved; the identity is the old one, the request shown beside it
    const now = await card();
    expect(now).toMatchObject({
      inn: demo.inn,
      address: 'г. Майкоп, ул. Новая, д. 2',
      identity_request: { status: 'pending', inn: NEW_INN },
    });
    expect(await settings()).toMatchObject({ inn: demo.inn, identity_request: { status: 'pending', inn: NEW_INN } });
    // saving the ЕИС settings with the values in force keeps the request; ЕИС is still asked as the old ИНН
    expect(
      (await t.call(routes.eis.putCompaniesEisSettings, { params: { id: demoId }, token: client, body: { inn: demo.inn, kpp: demo.kpp } }))
        .status,
    ).toBe(200);
    expect((await settings()).identity_request).toMatchObject({ status: 'pending' });
    expect(await checkedRegion()).toBe('01');

    // the client does not decide; the operator sees the request beside registrations
    expect((await t.call(routes.companies.getCompanyIdentityRequests, { token: client })).status).toBe(403);
    const queue = await t.call(routes.companies.getCompanyIdentityRequests, { token: operator });
    expect(queue.status).toBe(200);
    const mine = queue.body.find((q) => q.company_id === demoId)!;
    expect(mine).toMatchObject({ inn: NEW_INN, old_inn: demo.inn, company_title: demo.title });
    expect((await t.call(routes.companies.postCompanyIdentityRequestsApprove, { params: { id: mine.id }, token: client })).status).toBe(
      403,
    );
    const approved = await t.call(routes.companies.postCompanyIdentityRequestsApprove, { params: { id: mine.id }, token: operator });
    if (approved.status === 500) console.log(await t.server.deps.database.sql.query('SELECT 1'));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await card()).toMatchObject({ inn: NEW_INN, identity_request: null });
    expect((await settings()).inn).toBe(NEW_INN);
    expect(await checkedRegion()).toBe('77');
    expect(
      (
        await t.call(routes.companies.postCompanyIdentityRequestsReject, {
          params: { id: mine.id },
          token: operator,
          body: { reason: 'поздно' },
        })
      ).body,
    ).toMatchObject({ message: 'Заявка уже рассмотрена' });

    const trail = await t.call(routes.audit.getById, { params: { entity: 'company', id: demoId }, token: admin });
    expect(trail.body.find((e) => e.action === 'identity_request')).toMatchObject({ before: { inn: demo.inn }, after: { inn: NEW_INN } });
    expect(trail.body.find((e) => e.action === 'identity_approve')).toMatchObject({ before: { inn: demo.inn }, after: { inn: NEW_INN } });
  });

  it('through the ЕИС settings is the same request; a rejection keeps the old values and says why', async () => {
    const other = '7728168971';
    const r = await t.call(routes.eis.putCompaniesEisSettings, {
      params: { id: demoId },
      token: client,
      body: { inn: other, kpp: demo.kpp },
    });
    // waiting for the operator, as the card answers
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({ inn: NEW_INN, identity_request: { status: 'pending', inn: other, old_inn: NEW_INN } });
    const [item] = (await t.call(routes.companies.getCompanyIdentityRequests, { token: admin })).body.filter(
      (q) => q.company_id === demoId,
    );
    expect(
      (await t.call(routes.companies.postCompanyIdentityRequestsReject, { params: { id: item.id }, token: operator, body: { reason: '' } }))
        .status,
    ).toBe(400);
    const rejected = await t.call(routes.companies.postCompanyIdentityRequestsReject, {
      params: { id: item.id },
      token: operator,
      body: { reason: 'ИНН не совпадает с выпиской из ЕГРЮЛ' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'ИНН не совпадает с выпиской из ЕГРЮЛ' });
    expect(await card()).toMatchObject({
      inn: NEW_INN,
      identity_request: { status: 'rejected', inn: other, reason: 'ИНН не совпадает с выпиской из ЕГРЮЛ' },
    });
    expect(await checkedRegion()).toBe('77');
    const trail = await t.call(routes.audit.getById, { params: { entity: 'company', id: demoId }, token: admin });
    expect(trail.body.find((e) => e.action === 'identity_reject')).toMatchObject({
      after: { status: 'rejected', reason: 'ИНН не совпадает с выпиской из ЕГРЮЛ', inn: other },
    });
  });
});

describe('one active company per ИНН+КПП', () => {
  const taken = (inn: string, kpp: string) =>
    `Организация с ИНН ${inn} и КПП ${kpp} уже есть в системе: одна организация — одна учётная запись. Обратитесь к оператору`;

  it('refuses staff a second company, a client a change to another company’s ИНН+КПП, and an approval that became one', async () => {
    const dup = await t.call(routes.companies.post, {
      token: admin,
      body: { title: 'ООО «Двойник»', inn: NEW_INN, kpp: demo.kpp, law: '223' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(taken(NEW_INN, demo.kpp!));
    // another КПП of the same ИНН is another subdivision: allowed
    const branch = await t.call(routes.companies.post, {
      token: admin,
      body: { title: 'Филиал', inn: NEW_INN, kpp: '773601001', law: '223' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(200);
    // a client asking for that subdivision's ИНН+КПП is refused at once
    const steal = await t.call(routes.companies.putById, {
      params: { id: demoId },
      token: client,
      body: { ...demo, inn: NEW_INN, kpp: '773601001' },
    });
    expect(steal.status).toBe(409);
    expect(steal.body.message).toBe(taken(NEW_INN, '773601001'));
    // a free pair asked for, then taken by another company before the operator decides: the approval is refused
    const wanted = await t.call(routes.companies.putById, {
      params: { id: demoId },
      token: client,
      body: { ...demo, inn: NEW_INN, kpp: '773602001' },
    });
    expect(wanted.status).toBe(202);
    expect(
      (await t.call(routes.companies.post, { token: admin, body: { title: 'Ещё филиал', inn: NEW_INN, kpp: '773602001', law: '223' } }))
        .status,
    ).toBe(200);
    const late = await t.call(routes.companies.postCompanyIdentityRequestsApprove, {
      params: { id: wanted.body.identity_request.id },
      token: operator,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(taken(NEW_INN, '773602001'));
    expect(await card()).toMatchObject({ inn: NEW_INN, kpp: demo.kpp, identity_request: { status: 'pending' } });
    // the database itself holds the rule, whatever code writes
    await expect(t.server.deps.db.insert(companies).values({ title: 'Мимо кода', inn: NEW_INN, kpp: '773601001' })).rejects.toThrow();
    // a deleted company frees its pair
    expect((await t.call(routes.companies.deleteById, { params: { id: branch.body.id }, token: admin })).status).toBe(204);
    expect(
      (await t.call(routes.companies.post, { token: admin, body: { title: 'Филиал заново', inn: NEW_INN, kpp: '773601001', law: '223' } }))
        .status,
    ).toBe(200);
  });

  it('refuses to approve a registration of a company already in the system; the application stays pending', async () => {
    const [reg] = await t.server.deps.db
      .insert(registrations)
      .values({
        company: { title: 'ООО «Самозванец»', inn: NEW_INN, kpp: demo.kpp },
        userTitle: 'Самозванцев',
        login: 'impostor',
        email: 'impostor@example.ru',
        passwordHash: await hashPassword('demo12345'),
      })
      .returning();
    const r = await t.call(routes.auth.postRegistrationsApprove, { params: { id: reg.id }, token: operator });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(taken(NEW_INN, demo.kpp!));
    const pending = await t.call(routes.auth.getRegistrations, { token: operator });
    expect(pending.body.map((x) => x.id)).toContain(reg.id);
    expect((await t.call(routes.auth.postLogin, { body: { login: 'impostor', password: 'demo12345' } })).status).not.toBe(200);
  });
});

describe('the daily sync’s acting user', () => {
  it('is checked before each run: a user who lost the grant stops the sync, and the screens say why', async () => {
    const profile = (await t.call(routes.users.getProfile, { token: admin })).body;
    const created = await t.call(routes.users.post, {
      token: admin,
      body: {
        title: 'Синхронный Специалист',
        login: 'sync-spec',
        role: 'specialist',
        company_id: profile.company_id,
        password: 'demo12345',
      },
    });
    expect(created.status).toBe(200);
    const grant = (ids: number[]) =>
      t.call(routes.users.putGrants, { params: { id: created.body.id }, token: admin, body: { company_ids: ids } });
    expect((await grant([demoId])).status).toBe(204);
    const spec = await t.login('sync-spec');
    expect(
      (
        await t.call(routes.eis.putCompaniesEisSettings, {
          params: { id: demoId },
          token: spec,
          body: { inn: NEW_INN, kpp: demo.kpp, token: 'spec-token' },
        })
      ).status,
    ).toBe(200);

    expect((await grant([])).status).toBe(204);
    const deps = t.server.deps;
    const from = eis.soi.requests.length;
    expect(await runDailySync(deps, '2024-05-02')).toEqual([]);
    expect(eis.soi.requests.length).toBe(from);
    const stopped =
      'Синхронизация остановлена: пользователь «Синхронный Специалист» (sync-spec) больше не может действовать за организацию — сохраните токен заново';
    expect((await settings()).sync_stopped).toBe(stopped);
    const status = await t.call(routes.eis.getImportsStatus, { query: { kind: 'contracts' }, token: client });
    expect(status.body.sync_stopped).toBe(stopped);
    // an import acting as that user stops too, saying why
    await expect(
      importPeriodNow(deps, {
        companyId: demoId,
        userId: created.body.id,
        origin: 'manual',
        types: ['contract'],
        dateFrom: '2024-05-01',
        dateTo: '2024-05-01',
      }),
    ).rejects.toThrow(
      'Загрузка из ЕИС остановлена: пользователь «Синхронный Специалист» (sync-spec) больше не может действовать за организацию',
    );
    expect(eis.soi.requests.length).toBe(from);
    const trail = await t.api<{ action: string; after: { reason: string } }[]>('GET', `/api/audit/eis_settings/${demoId}`, {
      token: admin,
    });
    expect(trail.body.find((e) => e.action === 'sync_stopped')?.after.reason).toBe(stopped);

    // blocked is said as such
    await grant([demoId]);
    expect((await t.call(routes.users.patchById, { params: { id: created.body.id }, token: admin, body: { blocked: true } })).status).toBe(
      204,
    );
    expect(await runDailySync(deps, '2024-05-02')).toEqual([]);
    expect((await settings()).sync_stopped).toBe(
      'Синхронизация остановлена: пользователь «Синхронный Специалист» (sync-spec) заблокирован — сохраните токен заново',
    );

    // the client saves a token of its own: the sync runs again, as the client
    expect(
      (
        await t.call(routes.eis.putCompaniesEisSettings, {
          params: { id: demoId },
          token: client,
          body: { inn: NEW_INN, kpp: demo.kpp, token: 'client-token-2' },
        })
      ).status,
    ).toBe(200);
    expect((await settings()).sync_stopped).toBeNull();
    expect(await runDailySync(deps, '2024-05-02')).toHaveLength(1);
    await deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
  }, 60_000);
});

describe('an ИНН another organisation has', () => {
  const X = innFrom9('770154321');
  const Y = innFrom9('770154322');
  const whole = (inn: string, kpp: string | null) =>
    kpp
      ? `Организация с ИНН ${inn} без КПП уже есть в системе: организация с тем же ИНН и КПП ${kpp} не может быть заведена отдельно. Обратитесь к оператору`
      : `Организации с ИНН ${inn} уже есть в системе (с КПП): без КПП этот ИНН не может быть заведён ещё раз — укажите КПП. Обратитесь к оператору`;
  const create = (body: Record<string, unknown>) =>
    t.api<{ id: number; message: string }>('POST', '/api/companies', { token: admin, body: { law: '223', ...body } });

  it('without a КПП is the whole organisation: no other company of that ИНН beside it, in the API or the database', async () => {
    expect((await create({ title: 'АО «Икс»', inn: X, kpp: '770101001' })).status).toBe(200);
    const bare = await create({ title: 'АО «Икс» без КПП', inn: X });
    expect(bare.status).toBe(409);
    expect(bare.body.message).toBe(whole(X, null));
    expect((await create({ title: 'ИП Игреков', inn: Y })).status).toBe(200);
    const branch = await create({ title: 'Филиал Игрека', inn: Y, kpp: '770201001' });
    expect(branch.status).toBe(409);
    expect(branch.body.message).toBe(whole(Y, '770201001'));
    // the database holds it whatever code writes (trigger of migration 0028), as a unique violation the API maps
    await expect(t.server.deps.db.insert(companies).values({ title: 'Мимо кода', inn: Y, kpp: '770201001' })).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'companies_inn_without_kpp_uq' },
    });
    await expect(t.server.deps.db.insert(companies).values({ title: 'Мимо кода', inn: X })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    // another КПП of an ИНН that has one is a subdivision: allowed as before
    expect((await create({ title: 'АО «Икс», филиал', inn: X, kpp: '770102001' })).status).toBe(200);
  });

  it('is shown to the operator with who has it, and is approved only with a reason', async () => {
    const before = await card();
    const asked = await t.call(routes.companies.putById, {
      params: { id: demoId },
      token: client,
      body: { ...demo, inn: X, kpp: '770103001' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const id = asked.body.identity_request.id;
    const queue = await t.call(routes.companies.getCompanyIdentityRequests, { token: operator });
    expect(queue.body.find((q) => q.id === id)?.inn_holders).toEqual([
      expect.objectContaining({ title: 'АО «Икс»', kpp: '770101001' }),
      expect.objectContaining({ title: 'АО «Икс», филиал', kpp: '770102001' }),
    ]);
    const bare = await t.call(routes.companies.postCompanyIdentityRequestsApprove, { params: { id }, token: operator });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(
      `ИНН ${X} уже есть у организаций «АО «Икс»» (КПП 770101001), «АО «Икс», филиал» (КПП 770102001): чтобы подтвердить смену, укажите причину (например, это обособленное подразделение)`,
    );
    const blank = await t.call(routes.companies.postCompanyIdentityRequestsApprove, {
      params: { id },
      token: operator,
      body: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(await card()).toMatchObject({ inn: before.inn, identity_request: { status: 'pending', inn: X } });
    const ok = await t.call(routes.companies.postCompanyIdentityRequestsApprove, {
      params: { id },
      token: operator,
      body: { reason: 'Обособленное подразделение АО «Икс», выписка ЕГРЮЛ' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', reason: 'Обособленное подразделение АО «Икс», выписка ЕГРЮЛ' });
    expect(await card()).toMatchObject({ inn: X, kpp: '770103001' });
    const trail = await t.call(routes.audit.getById, { params: { entity: 'company', id: demoId }, token: admin });
    expect(trail.body.find((e) => e.action === 'identity_approve' && (e.after as { inn?: string } | null)?.inn === X)?.after).toMatchObject(
      {
        inn: X,
        reason: 'Обособленное подразделение АО «Икс», выписка ЕГРЮЛ',
      },
    );
  });
});
