import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/harness';
import { catalogMethods, okpd2 } from '../../db/schema';
import { readOkpd2Text, seedOkpd2 } from './seed/seed-okpd2';
import { seedReference } from './seed/seed-reference';

type Node = { code: string; name: string; parent_code: string | null; depth: number; is_leaf: boolean };
type Page = { items: Node[]; total: number };
const codesInFile = readOkpd2Text()
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('\t')[0].trim());

let t: TestServer;
let token: string;
const get = <T = Page>(url: string) => t.api<T>('GET', url, { token });

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  token = await t.login('client');
});
afterAll(async () => t?.close());

describe('ОКПД2 loaded at first start', () => {
  it('holds the whole classifier and is not loaded twice', async () => {
    const [{ n }] = await t.server.deps.db.select({ n: count() }).from(okpd2);
    expect(n).toBe(20328);
    expect(await seedOkpd2(t.server.deps)).toBe(0);
    const [{ m }] = await t.server.deps.db.select({ m: count() }).from(catalogMethods);
    await seedReference(t.server.deps);
    expect((await t.server.deps.db.select({ m: count() }).from(catalogMethods))[0].m).toBe(m);
  });
});

describe('ОКПД2 search by code prefix', () => {
  it('finds every code starting with the prefix, in code order, with the exact total', async () => {
    const r = await get('/api/classifiers/okpd2?q=17.12&limit=100');
    const expected = codesInFile.filter((c) => c.startsWith('17.12')).sort();
    expect(r.body.total).toBe(expected.length);
    expect(r.body.items.map((i) => i.code)).toEqual(expected.slice(0, 100));
  });

  it('accepts digits without dots and a section letter', async () => {
    expect((await get('/api/classifiers/okpd2?q=171214110')).body.items.map((i) => i.code)).toEqual(['17.12.14.110']);
    const digits = await get('/api/classifiers/okpd2?q=0111');
    expect(digits.body.total).toBe(codesInFile.filter((c) => c.startsWith('01.11')).length);
    expect((await get('/api/classifiers/okpd2?q=c')).body.items.map((i) => i.code)).toEqual(['C']);
  });
});

describe('ОКПД2 search by words', () => {
  it('matches Russian word forms, best (shortest) names first', async () => {
    const r = await get('/api/classifiers/okpd2?q=пшеницы');
    expect(r.body.items[0]).toEqual({ code: '01.11.1', name: 'Пшеница', parent_code: '01.11', depth: 5, is_leaf: false });
    expect(r.body.total).toBeGreaterThan(20);
    for (const i of r.body.items) expect(i.name.toLowerCase()).toMatch(/пшениц/);
  });

  it('matches word starts and needs every word', async () => {
    const start = await get('/api/classifiers/okpd2?q=пшени');
    expect(start.body.items.map((i) => i.code)).toContain('01.11.1');
    const both = await get('/api/classifiers/okpd2?q=ремонт автомобилей&limit=50');
    expect(both.body.total).toBeGreaterThan(0);
    for (const i of both.body.items) {
      expect(i.name.toLowerCase()).toMatch(/ремонт/);
      expect(i.name.toLowerCase()).toMatch(/автомоб/);
    }
    expect((await get('/api/classifiers/okpd2?q=абракадабра')).body.total).toBe(0);
  });
});

describe('ОКПД2 tree browsing', () => {
  it('lists sections, then the children of a code', async () => {
    const roots = await get('/api/classifiers/okpd2?limit=100');
    expect(roots.body.items.map((i) => i.code)).toEqual('ABCDEFGHIJKLMNOPQRSTU'.split(''));
    expect((await get('/api/classifiers/okpd2?parent=A')).body.items.map((i) => i.code)).toEqual(['01', '02', '03']);
    const kids = await get('/api/classifiers/okpd2?parent=01.11.11.110');
    expect(kids.body.items.map((i) => i.code)).toEqual(['01.11.11.111', '01.11.11.112']);
    expect(kids.body.items.every((i) => i.is_leaf)).toBe(true);
  });

  it('gives a position with the chain of its parents', async () => {
    const r = await get<Node & { path: Node[] }>('/api/classifiers/okpd2/01.11.11.111');
    expect(r.body.name).toBe('Зерно озимой твердой пшеницы');
    expect(r.body.path.map((p) => p.code)).toEqual(['A', '01', '01.1', '01.11', '01.11.1', '01.11.11', '01.11.11.110']);
    expect((await get('/api/classifiers/okpd2/29.10.41.130')).body).toMatchObject({
      name: 'Автомобили грузовые, приводимые в движение исключительно электрическим двигателем и заряжаемые с помощью внешнего источника электроэнергии',
    });
    expect((await get('/api/classifiers/okpd2/00.00')).status).toBe(404);
  });

  it('gives select options in steps of 10', async () => {
    const r = await get<{ items: { name: string; value: string; obj: Node }[]; has_more: boolean }>(
      '/api/classifiers/okpd2/options?q=17.12',
    );
    expect(r.body.items).toHaveLength(10);
    expect(r.body.has_more).toBe(true);
    expect(r.body.items[0]).toMatchObject({ name: '17.12 Бумага и картон', value: '17.12' });
    const leaves = await get<{ items: { obj: Node }[] }>('/api/classifiers/okpd2/options?q=бумага для печати&leaf_only=true');
    expect(leaves.body.items.length).toBeGreaterThan(0);
    expect(leaves.body.items.every((i) => i.obj.is_leaf)).toBe(true);
  });
});

describe('ОКЕИ', () => {
  it('finds units by code, name and short name', async () => {
    type Units = { items: { code: string; name: string; short_name: string }[] };
    expect((await get<Units>('/api/classifiers/okei?q=796')).body.items).toEqual([{ code: '796', name: 'Штука', short_name: 'шт' }]);
    expect((await get<Units>('/api/classifiers/okei?q=кг')).body.items.map((u) => u.code)).toContain('166');
    const opts = await get<{ items: { name: string; value: string }[] }>('/api/classifiers/okei/options?q=Метр');
    expect(opts.body.items).toContainEqual({ name: 'Метр (м)', value: '006', obj: { code: '006', name: 'Метр', short_name: 'м' } });
  });
});
