import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { userByToken } from '../../platform/auth';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { innFrom9 } from '../demo/seed-demo';
import { addDays, formatRuDate } from '../deadlines/iso-date';
import { assertTariffAllows, registerTariffCounter } from './limits';
import { moscowToday } from '../../platform/clock';

type Body = Record<string, unknown> & { id: number };
type Current = {
  status: string;
  notice: string | null;
  tariff: { name: string } | null;
  usage: {
    users: { used: number; limit: number | null; reached: boolean };
    procurements: { used: number; limit: number | null; reached: boolean; year: number };
  };
};

let t: TestServer;
const tok: Record<string, string> = {};
let customerId: number;
const today = moscowToday();

const api = <T = Body>(who: string, method: string, url: string, body?: unknown, companyId?: number) =>
  t.api<T>(method, url, { token: tok[who], body, headers: companyId ? { 'x-company-id': String(companyId) } : {} });

let n = 0;
/** A fresh company with one client user, so each case starts without tariffs. */
async function newCompany(): Promise<{ id: number; client: string }> {
  n += 1;
  const c = await api('admin', 'POST', '/api/companies', {
    title: `ООО «Тарифный ${n}»`,
    inn: innFrom9(String(600000000 + n * 7919).slice(0, 9)),
    law: '223',
  });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  const login = `tariff_client_${n}`;
  expect(
    (await api('admin', 'POST', '/api/users', { title: 'Клиент', login, role: 'client', company_id: c.body.id, password: 'demo12345' }))
      .status,
  ).toBe(200);
  tok[login] = await t.login(login);
  return { id: c.body.id, client: login };
}

async function plan(body: Record<string, unknown>): Promise<Body> {
  const r = await api('admin', 'POST', '/api/tariffs', { period: 'month', price: '1000', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function ctxFor(who: string, companyId: number): Promise<Ctx> {
  const user = await userByToken(t.server.deps.db, tok[who], t.config.SESSION_IDLE_HOURS);
  return { deps: t.server.deps, user: user!, companyId };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  for (const login of ['client', 'admin', 'administrator', 'specialist', 'operator']) tok[login] = await t.login(login);
  customerId = (await api<{ company: { id: number } }>('client', 'GET', '/api/auth/me')).body.company.id;
});
afterAll(async () => t?.close());

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe('tariff plans (admin only)', () => {
  it('round trip: create, read, edit, list, options, archive, delete', async () => {
    const created = await plan({ name: 'Пробный', price: '1500,5', period: 'quarter', max_users: 3, max_procurements_per_year: null });
    expect(created).toMatchObject({
      name: 'Пробный',
      price: '1500.50',
      period: 'quarter',
      period_title: 'квартал',
      max_users: 3,
      max_procurements_per_year: null,
      archived: false,
    });
    expect((await api('admin', 'GET', `/api/tariffs/${created.id}`)).body).toEqual(created);
    const edited = await api('admin', 'PUT', `/api/tariffs/${created.id}`, {
      name: 'Пробный+',
      price: '2000',
      period: 'year',
      max_users: null,
      max_procurements_per_year: 10,
    });
    expect(edited.body).toMatchObject({
      name: 'Пробный+',
      price: '2000.00',
      period: 'year',
      max_users: null,
      max_procurements_per_year: 10,
    });
    const list = await api<{ items: Body[]; total: number }>('admin', 'GET', '/api/tariffs?q=Пробный&sort=price&order=desc');
    expect(list.body.items.map((i) => i.id)).toEqual([created.id]);
    const options = await api<{ items: { name: string; value: number }[] }>('admin', 'GET', '/api/tariffs/options?q=Пробный');
    expect(options.body.items.map((o) => [o.name, o.value])).toEqual([['Пробный+', created.id]]);
    expect((await api('admin', 'POST', `/api/tariffs/${created.id}/archive`, { archived: true })).body.archived).toBe(true);
    expect((await api<{ items: unknown[] }>('admin', 'GET', '/api/tariffs/options?q=Пробный')).body.items).toEqual([]);
    expect((await api<{ total: number }>('admin', 'GET', '/api/tariffs?q=Пробный&archived=true')).body.total).toBe(1);
    expect((await api('admin', 'DELETE', `/api/tariffs/${created.id}`)).status).toBe(204);
    expect((await api('admin', 'GET', `/api/tariffs/${created.id}`)).status).toBe(404);
  });

  it('demo plans are seeded', async () => {
    const names = (await api<{ items: { name: string }[] }>('admin', 'GET', '/api/tariffs?limit=100')).body.items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Базовый', 'Стандарт', 'Корпоративный']));
  });

  it('is refused to everybody but admin', async () => {
    const p = await plan({ name: 'Закрытый' });
    for (const who of ['administrator', 'specialist', 'operator', 'client']) {
      const r = await api<{ message: string }>(who, 'GET', '/api/tariffs');
      expect(r.status, who).toBe(403);
      expect(r.body.message).toBe(CATALOG_MESSAGES.adminOnlyTariffs);
      expect((await api(who, 'POST', '/api/tariffs', { name: 'X', price: '1', period: 'month' })).status, who).toBe(403);
      expect((await api(who, 'PUT', `/api/tariffs/${p.id}`, { name: 'X', price: '1', period: 'month' })).status, who).toBe(403);
      expect((await api(who, 'DELETE', `/api/tariffs/${p.id}`)).status, who).toBe(403);
    }
    expect((await api('specialist', 'GET', `/api/companies/${customerId}/tariffs`)).status).toBe(403);
    expect((await api('specialist', 'POST', `/api/companies/${customerId}/tariffs`, { tariff_id: p.id, valid_from: today })).status).toBe(
      403,
    );
  });

  it('validates price and limits', async () => {
    const r = await api<{ fields: Record<string, string[]> }>('admin', 'POST', '/api/tariffs', {
      name: 'Плохой',
      price: '12.345',
      period: 'week',
      max_users: 0,
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['max_users', 'period', 'price']);
  });
});

describe('tariff of a company', () => {
  it('a company without a tariff is not limited', async () => {
    const c = await newCompany();
    const cur = await api<Current>(c.client, 'GET', '/api/tariffs/current');
    expect(cur.body).toMatchObject({
      status: 'none',
      tariff: null,
      notice: null,
      usage: { users: { used: 1, limit: null, reached: false } },
    });
    await expect(assertTariffAllows(await ctxFor(c.client, c.id), 'users')).resolves.toBeUndefined();
    await expect(assertTariffAllows(await ctxFor(c.client, c.id), 'procurements')).resolves.toBeUndefined();
  });

  it('a lapsed tariff blocks with the date it ended', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Месячный' });
    const yesterday = addDays(today, -1);
    const a = await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, {
      tariff_id: p.id,
      valid_from: addDays(today, -31),
      valid_to: yesterday,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ company_id: c.id, state: 'expired', valid_to: yesterday });
    const text = `Срок действия тарифа «Месячный» истёк ${formatRuDate(yesterday)}. Обратитесь к администратору для продления`;
    const cur = await api<Current>(c.client, 'GET', '/api/tariffs/current');
    expect(cur.body).toMatchObject({ status: 'expired', notice: text, tariff: { name: 'Месячный' } });
    const err = await refusal(assertTariffAllows(await ctxFor(c.client, c.id), 'procurements'));
    expect(err.code).toBe('TARIFF_LIMIT');
    expect(err.status).toBe(403);
    expect(err.message).toBe(text);

    // prolonging the period lifts the block
    const longer = await api('admin', 'PUT', `/api/companies/${c.id}/tariffs/${a.body.id}`, {
      tariff_id: p.id,
      valid_from: addDays(today, -31),
      valid_to: addDays(today, 30),
    });
    expect(longer.body.state).toBe('active');
    expect((await api<Current>(c.client, 'GET', '/api/tariffs/current')).body).toMatchObject({ status: 'active', notice: null });
    await expect(assertTariffAllows(await ctxFor(c.client, c.id), 'procurements')).resolves.toBeUndefined();
  });

  it('a tariff not started yet blocks too', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Будущий' });
    const from = addDays(today, 5);
    await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, { tariff_id: p.id, valid_from: from, valid_to: null });
    const cur = await api<Current>(c.client, 'GET', '/api/tariffs/current');
    expect(cur.body).toMatchObject({
      status: 'not_started',
      notice: `Тариф «Будущий» действует с ${formatRuDate(from)}. Обратитесь к администратору`,
    });
    expect((await refusal(assertTariffAllows(await ctxFor(c.client, c.id), 'users'))).code).toBe('TARIFF_LIMIT');
  });

  it('the yearly procurement limit is reached at the limit', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Малый', max_procurements_per_year: 2 });
    await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, {
      tariff_id: p.id,
      valid_from: addDays(today, -10),
      valid_to: addDays(today, 355),
    });
    let used = 1;
    const seen: { from: string; to: string }[] = [];
    cleanups.push(
      registerTariffCounter('procurements', async (_tx, companyId, period) => {
        seen.push(period);
        return companyId === c.id ? used : 0;
      }),
    );
    await expect(assertTariffAllows(await ctxFor(c.client, c.id), 'procurements')).resolves.toBeUndefined();
    expect(seen[0]).toEqual({ from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` });
    used = 2;
    const text = 'Достигнут лимит тарифа «Малый»: не более 2 закупок в год';
    expect((await refusal(assertTariffAllows(await ctxFor(c.client, c.id), 'procurements'))).message).toBe(text);
    const cur = await api<Current>(c.client, 'GET', '/api/tariffs/current');
    expect(cur.body).toMatchObject({
      status: 'active',
      notice: text,
      usage: { procurements: { used: 2, limit: 2, reached: true, year: Number(today.slice(0, 4)) } },
    });
    // users are not limited by this plan
    await expect(assertTariffAllows(await ctxFor(c.client, c.id), 'users')).resolves.toBeUndefined();
  });

  it('the user limit counts active users of the company', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Одиночный', max_users: 1 });
    await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, { tariff_id: p.id, valid_from: today, valid_to: null });
    const err = await refusal(assertTariffAllows(await ctxFor(c.client, c.id), 'users'));
    expect(err.message).toBe('Достигнут лимит тарифа «Одиночный»: не более 1 пользователя');
    expect((await api<Current>('admin', 'GET', '/api/tariffs/current', undefined, c.id)).body.usage.users).toEqual({
      used: 1,
      limit: 1,
      reached: true,
    });
  });

  it('periods of one company do not overlap; a used plan is archived, not deleted', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Годовой' });
    expect(
      (await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, { tariff_id: p.id, valid_from: today, valid_to: addDays(today, 364) }))
        .status,
    ).toBe(200);
    const clash = await api<{ message: string }>('admin', 'POST', `/api/companies/${c.id}/tariffs`, {
      tariff_id: p.id,
      valid_from: addDays(today, 100),
      valid_to: null,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(CATALOG_MESSAGES.tariffOverlap(formatRuDate(today), formatRuDate(addDays(today, 364))));
    expect(
      (await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, { tariff_id: p.id, valid_from: addDays(today, 365), valid_to: null }))
        .status,
    ).toBe(200);
    const bad = await api<{ fields: Record<string, string[]> }>('admin', 'POST', `/api/companies/${c.id}/tariffs`, {
      tariff_id: p.id,
      valid_from: today,
      valid_to: addDays(today, -1),
    });
    expect(bad.body.fields.valid_to).toEqual(['Дата окончания раньше даты начала']);

    const del = await api<{ message: string; code: string }>('admin', 'DELETE', `/api/tariffs/${p.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      'Элемент «Годовой» используется (назначения организациям: 2) и не может быть удалён. Перенесите его в архив',
    );
    await api('admin', 'POST', `/api/tariffs/${p.id}/archive`, { archived: true });
    const other = await newCompany();
    const archived = await api<{ message: string }>('admin', 'POST', `/api/companies/${other.id}/tariffs`, {
      tariff_id: p.id,
      valid_from: today,
    });
    expect(archived.body.message).toBe(CATALOG_MESSAGES.tariffArchived);

    const list = await api<Body[]>('admin', 'GET', `/api/companies/${c.id}/tariffs`);
    expect(list.body.map((a) => a.state)).toEqual(['planned', 'active']);
    expect((await api('admin', 'DELETE', `/api/companies/${c.id}/tariffs/${list.body[0].id}`)).status).toBe(204);
  });

  it('keeps companies apart', async () => {
    const c = await newCompany();
    const p = await plan({ name: 'Отдельный' });
    const a = await api('admin', 'POST', `/api/companies/${c.id}/tariffs`, { tariff_id: p.id, valid_from: today });
    // another company's client, and staff without a grant, get "not found"
    expect((await api('client', 'GET', '/api/tariffs/current', undefined, c.id)).status).toBe(404);
    expect((await api('specialist', 'GET', '/api/tariffs/current', undefined, c.id)).status).toBe(404);
    expect((await api('administrator', 'GET', `/api/companies/${c.id}/tariffs`)).status).toBe(404);
    // an assignment is reachable only under its own company
    expect(
      (await api('admin', 'PUT', `/api/companies/${customerId}/tariffs/${a.body.id}`, { tariff_id: p.id, valid_from: today })).status,
    ).toBe(404);
    expect((await api('admin', 'DELETE', `/api/companies/${customerId}/tariffs/${a.body.id}`)).status).toBe(404);
    expect((await api<Current>('client', 'GET', '/api/tariffs/current')).body.status).toBe('none');
    expect((await api<Current>(c.client, 'GET', '/api/tariffs/current')).body.status).toBe('active');
  });
});
