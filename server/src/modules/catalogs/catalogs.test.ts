import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, CATALOG_NAME_MAX, CATALOG_ROUTES, DOCUMENT_TEMPLATE_CODES, EVENTS, type CatalogRoute } from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { innFrom9 } from '../demo/seed-demo';
import { PROCUREMENT_METHODS } from '../deadlines/lead-times';
import { TEMPLATE_CODES } from '../../formats/docx/template-fields';
import { registerUsage } from './usage';

type Body = Record<string, unknown> & { id: number; name: string };
type Page = { items: Body[]; total: number; page: number; limit: number };
type Options = { items: { name: string; value: string | number; obj: Body }[]; has_more: boolean };

let t: TestServer;
const tok: Record<string, string> = {};
let customerId: number;
let otherId: number;
let goodsSubjectId: number;
let techSpecDocId: number;

const api = <T = Body>(who: string, method: string, url: string, body?: unknown, companyId?: number) =>
  t.api<T>(method, url, { token: tok[who], body, headers: companyId ? { 'x-company-id': String(companyId) } : {} });

beforeAll(async () => {
  t = await startTestServer();
  for (const login of ['client', 'admin', 'administrator', 'specialist', 'operator']) tok[login] = await t.login(login);
  customerId = (await api<{ company: { id: number } }>('client', 'GET', '/api/auth/me')).body.company.id;
  // a second customer that the specialist does not serve, with its own client
  const b = await api('admin', 'POST', '/api/companies', { title: 'ООО «Другой заказчик»', inn: innFrom9('500100732'), law: '223' });
  expect(b.status).toBe(200);
  otherId = b.body.id;
  const u = await api('admin', 'POST', '/api/users', {
    title: 'Петров Пётр',
    login: 'client_b',
    role: 'client',
    company_id: otherId,
    password: 'demo12345',
  });
  expect(u.status).toBe(200);
  tok.clientB = await t.login('client_b');
  goodsSubjectId = (await api<Options>('specialist', 'GET', '/api/catalogs/subjects/options?q=Товары')).body.items.find(
    (o) => o.value === 'goods',
  )!.obj.id;
  techSpecDocId = (await api<Page>('specialist', 'GET', '/api/catalogs/documents?q=Техническое')).body.items.find(
    (d) => d.template_code === 'tech-spec',
  )!.id;
});
afterAll(async () => t?.close());

describe('reference data seeded at first start', () => {
  it('has the 223-FZ procurement methods with the codes of the deadlines module', async () => {
    const r = await api<Page>('specialist', 'GET', '/api/catalogs/methods?limit=100&scope=system');
    expect(r.status).toBe(200);
    expect(r.body.items.map((m) => m.code).sort()).toEqual([...PROCUREMENT_METHODS].sort());
    const names = r.body.items.map((m) => m.name);
    for (const n of [
      'Конкурс',
      'Конкурс в электронной форме',
      'Аукцион в электронной форме',
      'Запрос котировок в электронной форме',
      'Запрос предложений',
    ])
      expect(names).toContain(n);
    expect(r.body.items.find((m) => m.code === 'single')).toMatchObject({ is_competitive: false, system: true });
  });

  it('has НМЦД methods, funding sources, contract bases, subjects, ensuring, terms and places', async () => {
    const nmcd = (await api<Page>('specialist', 'GET', '/api/catalogs/elements?type=1&limit=100')).body.items.map((e) => e.name);
    expect(nmcd).toEqual(
      expect.arrayContaining([
        'Метод сопоставимых рыночных цен (анализа рынка)',
        'Нормативный метод',
        'Тарифный метод',
        'Проектно-сметный метод',
        'Затратный метод',
      ]),
    );
    const funding = (await api<Page>('client', 'GET', '/api/catalogs/elements?type=8&limit=100')).body.items.map((e) => e.name);
    expect(funding).toEqual(expect.arrayContaining(['Собственные средства', 'Кредитные (заёмные) средства']));
    expect((await api<Page>('client', 'GET', '/api/catalogs/elements?type=9&limit=100')).body.total).toBeGreaterThanOrEqual(10);
    const subjects = (await api<Page>('specialist', 'GET', '/api/catalogs/subjects')).body.items.map((s) => s.code);
    expect(subjects.sort()).toEqual(['goods', 'services', 'works']);
    const ensuring = (await api<Page>('specialist', 'GET', '/api/catalogs/ensuring?limit=100')).body.items;
    expect(new Set(ensuring.map((e) => e.kind))).toEqual(new Set(['application', 'contract', 'warranty']));
    expect(ensuring.find((e) => e.kind === 'contract' && e.percent_max === '30.00')).toBeTruthy();
    for (const [type, subject] of [
      [1, 1],
      [1, 2],
      [1, 3],
    ])
      expect(
        (await api<Page>('specialist', 'GET', `/api/catalogs/exec-terms?type=${type}&subject_type=${subject}`)).body.total,
      ).toBeGreaterThan(0);
    expect((await api<Page>('client', 'GET', '/api/catalogs/exec-terms?type=2')).body.total).toBeGreaterThan(0);
  });

  it('has every document template code and at least 40 ОКЕИ units', async () => {
    expect([...DOCUMENT_TEMPLATE_CODES]).toEqual([...TEMPLATE_CODES]);
    const docs = (await api<Page>('specialist', 'GET', '/api/catalogs/documents?has_template=true&limit=100')).body.items;
    expect(docs.map((d) => d.template_code).sort()).toEqual([...DOCUMENT_TEMPLATE_CODES].sort());
    const okei = await api<Page>('client', 'GET', '/api/classifiers/okei?limit=100');
    expect(okei.body.total).toBeGreaterThanOrEqual(40);
    expect(okei.body.items).toEqual(
      expect.arrayContaining([
        { code: '796', name: 'Штука', short_name: 'шт' },
        { code: '006', name: 'Метр', short_name: 'м' },
      ]),
    );
  });
});

/** Body fields a new element of the route's catalogue needs besides its fixed type / subject_type. */
function extraFields(route: CatalogRoute, n: number): Record<string, unknown> {
  switch (route.kind) {
    case 'methods':
      return { code: `own_method_${n}`, is_competitive: true, is_electronic: true };
    case 'subjects':
      return { code: `own_subject_${n}`, subject_type: 3 };
    case 'ensuring':
      return { kind: 'contract', value_type: 'percent', percent: '7,5', percent_min: '5', percent_max: '30' };
    case 'products':
      return { okpd2_code: '17.12.14.110', okei_code: '796', subject_id: goodsSubjectId, code: `ART-${n}` };
    case 'documents':
      return { code: `own-doc-${n}`, template_code: 'tech-spec' };
    case 'documentSubjects':
      return { subject_id: goodsSubjectId, document_id: techSpecDocId, required: false, sort_order: 5 };
    default:
      return route.kind === 'elements' ? { code: `own-${n}` } : {};
  }
}

describe('create – edit – archive round trip for every catalogue screen', () => {
  const routes = CATALOG_ROUTES.filter((r) => r.kind !== 'tariffs');
  it('covers all 16 catalogue screens of the gear menu besides tariffs', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        '/catalog',
        '/catalogContractBasis',
        '/catalogDeliveryTerms',
        '/catalogDocument',
        '/catalogDocumentSubject',
        '/catalogEnsuring',
        '/catalogExecPlace',
        '/catalogFinancialResults',
        '/catalogFundingSources',
        '/catalogInfoAndDocuments',
        '/catalogMethod',
        '/catalogRequirements',
        '/catalogService',
        '/catalogServiceDocument',
        '/catalogServiceTerms',
        '/catalogWorkTerms',
      ].sort(),
    );
  });

  routes.forEach((route, n) => {
    it(`${route.path} (${route.label})`, async () => {
      const base = `/api${route.api}`;
      const q = new URLSearchParams(Object.entries(route.query).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const list = (extra = '') => api<Page>('specialist', 'GET', `${base}?${[q, extra].filter(Boolean).join('&')}`, undefined, customerId);
      const name = `Ёмкий тестовый элемент ${n}`;
      const body: Record<string, unknown> = {
        ...route.query,
        ...extraFields(route, n),
        name,
        user_fields: [{ name: 'term', label: 'Срок', type: 'number', default: '10' }],
      };

      const created = await api('specialist', 'POST', base, body, customerId);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({
        name,
        system: false,
        company_id: customerId,
        archived: false,
        user_fields: [{ name: 'term', label: 'Срок', type: 'number', default: '10' }],
      });
      for (const [k, v] of Object.entries(route.query)) expect(created.body[k]).toBe(v);
      const id = created.body.id;

      const got = await api('specialist', 'GET', `${base}/${id}`, undefined, customerId);
      expect(got.body).toEqual(created.body);
      const found = await list('q=тестовый');
      expect(found.body.items.map((i) => i.id)).toContain(id);

      const renamed = { ...body, name: `${name} (изменён)`, description: 'Описание для документации', user_fields: [] };
      const updated = await api('specialist', 'PUT', `${base}/${id}`, renamed, customerId);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject({ id, name: renamed.name, description: 'Описание для документации', user_fields: [] });

      const archived = await api('specialist', 'POST', `${base}/${id}/archive`, { archived: true }, customerId);
      expect(archived.body.archived).toBe(true);
      expect((await list()).body.items.map((i) => i.id)).not.toContain(id);
      expect((await list('archived=true')).body.items.map((i) => i.id)).toContain(id);
      const options = await api<Options>('specialist', 'GET', `${base}/options?${q}&q=тестовый`, undefined, customerId);
      expect(options.body.items.map((o) => o.obj.id)).not.toContain(id);

      const restored = await api('specialist', 'POST', `${base}/${id}/archive`, { archived: false }, customerId);
      expect(restored.body.archived).toBe(false);
      const optionsBack = await api<Options>('specialist', 'GET', `${base}/options?${q}&q=тестовый`, undefined, customerId);
      const option = optionsBack.body.items.find((o) => o.obj.id === id)!;
      expect(option.name).toBe(renamed.name);
      expect(option.value).toBe(route.kind === 'methods' || route.kind === 'subjects' ? body.code : id);

      expect((await api('specialist', 'DELETE', `${base}/${id}`, undefined, customerId)).status).toBe(204);
      expect((await api('specialist', 'GET', `${base}/${id}`, undefined, customerId)).status).toBe(404);
    });
  });
});

describe('lists: search, server paging and ordering', () => {
  it('pages and orders by the Russian collation', async () => {
    const all = (await api<Page>('client', 'GET', '/api/catalogs/elements?type=9&limit=100')).body.items.map((i) => i.name);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'ru')));
    const p2 = await api<Page>('client', 'GET', '/api/catalogs/elements?type=9&limit=3&page=2');
    expect(p2.body).toMatchObject({ page: 2, limit: 3, total: all.length });
    expect(p2.body.items.map((i) => i.name)).toEqual(all.slice(3, 6));
    const desc = (await api<Page>('client', 'GET', '/api/catalogs/elements?type=9&limit=100&order=desc')).body.items.map((i) => i.name);
    expect(desc).toEqual([...all].reverse());
  });

  it('finds by word forms and word starts, and by code prefix', async () => {
    const byForm = await api<Page>('specialist', 'GET', '/api/catalogs/elements?type=9&q=аренды');
    expect(byForm.body.items.map((i) => i.name)).toContain('Аренда нежилого здания, строения, сооружения, помещения');
    const byStart = await api<Page>('specialist', 'GET', '/api/catalogs/methods?q=котир');
    expect(byStart.body.items.map((i) => i.code).sort()).toEqual(['quotation', 'quotation_e']);
    const byCode = await api<Page>('specialist', 'GET', '/api/catalogs/methods?q=auction');
    expect(byCode.body.items.map((i) => i.code).sort()).toEqual(['auction', 'auction_e']);
  });

  it('gives select options in steps of 10 with has_more', async () => {
    const first = await api<Options>('specialist', 'GET', '/api/catalogs/elements/options?type=9');
    expect(first.body.items).toHaveLength(10);
    expect(first.body.has_more).toBe(true);
    expect(first.body.items[0]).toEqual({
      name: first.body.items[0].obj.name,
      value: first.body.items[0].obj.id,
      obj: expect.objectContaining({ type: 9 }),
    });
    const second = await api<Options>('specialist', 'GET', '/api/catalogs/elements/options?type=9&page=2');
    expect(second.body.has_more).toBe(false);
    expect(second.body.items.map((o) => o.value)).not.toContain(first.body.items[0].value);
  });
});

describe('access rules', () => {
  it('lets a client read funding sources, contract bases and delivery places only', async () => {
    for (const url of [
      '/api/catalogs/elements?type=8',
      '/api/catalogs/elements?type=9',
      '/api/catalogs/exec-terms?type=2',
      '/api/catalogs/elements/options?type=8',
      '/api/catalogs/exec-terms/options?type=2',
    ])
      expect((await api('client', 'GET', url)).status, url).toBe(200);
    // the selects of the client's own procurement card: НМЦД method, requirements, delivery terms (and the others)
    for (const url of [
      '/api/catalogs/elements/options?type=1',
      '/api/catalogs/elements/options?type=2',
      '/api/catalogs/exec-terms/options?type=1',
      '/api/catalogs/methods/options',
    ]) {
      const r = await api<{ items: unknown[] }>('client', 'GET', url);
      expect(r.status, url).toBe(200);
      expect(r.body.items.length, url).toBeGreaterThan(0);
    }
    for (const url of [
      '/api/catalogs/elements?type=1',
      '/api/catalogs/elements?type=2',
      '/api/catalogs/elements?type=6',
      '/api/catalogs/elements?type=7',
      '/api/catalogs/exec-terms?type=1',
      '/api/catalogs/methods',
      '/api/catalogs/subjects',
      '/api/catalogs/ensuring',
      '/api/catalogs/products',
      '/api/catalogs/document-subjects',
      '/api/catalogs/documents',
    ]) {
      const r = await api<{ message: string; code: string }>('client', 'GET', url);
      expect(r.status, url).toBe(403);
      expect(r.body.message).toBe(CATALOG_MESSAGES.staffOnly);
    }
    const nmcd = (await api<Page>('specialist', 'GET', '/api/catalogs/elements?type=1')).body.items[0];
    expect((await api('client', 'GET', `/api/catalogs/elements/${nmcd.id}`)).status).toBe(403);
    const funding = (await api<Page>('client', 'GET', '/api/catalogs/elements?type=8')).body.items[0];
    expect((await api('client', 'GET', `/api/catalogs/elements/${funding.id}`)).status).toBe(200);
  });

  it('never lets a client edit catalogues, even the ones it reads', async () => {
    const funding = (await api<Page>('client', 'GET', '/api/catalogs/elements?type=8')).body.items[0];
    const create = await api<{ message: string }>('client', 'POST', '/api/catalogs/elements', { type: 8, name: 'Свои средства' });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(CATALOG_MESSAGES.clientCannotEdit);
    expect((await api('client', 'PUT', `/api/catalogs/elements/${funding.id}`, { name: 'Другое' })).status).toBe(403);
    expect((await api('client', 'POST', `/api/catalogs/elements/${funding.id}/archive`, { archived: true })).status).toBe(403);
    expect((await api('client', 'DELETE', `/api/catalogs/elements/${funding.id}`)).status).toBe(403);
  });

  it('lets the operator read but not edit reference catalogues', async () => {
    const methods = await api<Page>('operator', 'GET', '/api/catalogs/methods');
    expect(methods.status).toBe(200);
    const m = methods.body.items[0];
    const put = await api<{ message: string }>('operator', 'PUT', `/api/catalogs/methods/${m.id}`, { code: m.code, name: 'Изменено' });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe(CATALOG_MESSAGES.operatorCannotEdit);
    expect((await api('operator', 'POST', '/api/catalogs/elements', { type: 9, name: 'Основание' })).status).toBe(403);
    expect((await api('operator', 'POST', `/api/catalogs/methods/${m.id}/archive`, {})).status).toBe(403);
    expect((await api('operator', 'DELETE', `/api/catalogs/methods/${m.id}`)).status).toBe(403);
    expect((await api('operator', 'GET', `/api/catalogs/methods/${m.id}`)).body.name).toBe(m.name);
  });

  it('lets staff edit system elements, and shared elements reach every company', async () => {
    const shared = await api('administrator', 'POST', '/api/catalogs/elements', { type: 8, name: 'Средства целевого фонда', shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ system: true, company_id: null });
    const edited = await api(
      'specialist',
      'PUT',
      `/api/catalogs/elements/${shared.body.id}`,
      { name: 'Средства целевого фонда развития' },
      customerId,
    );
    expect(edited.body.name).toBe('Средства целевого фонда развития');
    expect((await api<Page>('clientB', 'GET', '/api/catalogs/elements?type=8&q=фонда')).body.items.map((i) => i.id)).toContain(
      shared.body.id,
    );
    expect((await api('admin', 'DELETE', `/api/catalogs/elements/${shared.body.id}`)).status).toBe(204);
  });

  it('requires sign-in', async () => {
    expect((await t.api('GET', '/api/catalogs/elements?type=8')).status).toBe(401);
    expect((await t.call(routes.catalogs.getClassifiersOkpd2, {})).status).toBe(401);
  });
});

describe('tenant isolation', () => {
  let ownId: number;
  beforeAll(async () => {
    const r = await api('specialist', 'POST', '/api/catalogs/elements', { type: 8, name: 'Средства заказчика на развитие' }, customerId);
    ownId = r.body.id;
  });

  it('shows a company its own elements next to the system ones', async () => {
    const mine = await api<Page>('client', 'GET', '/api/catalogs/elements?type=8&scope=company');
    expect(mine.body.items.map((i) => i.id)).toEqual([ownId]);
    expect((await api('client', 'GET', `/api/catalogs/elements/${ownId}`)).status).toBe(200);
  });

  it('hides a company element from every other company (404, never the record)', async () => {
    expect((await api<Page>('clientB', 'GET', '/api/catalogs/elements?type=8&limit=100')).body.items.map((i) => i.id)).not.toContain(ownId);
    expect((await api('clientB', 'GET', `/api/catalogs/elements/${ownId}`)).status).toBe(404);
    expect(
      (await api<Options>('clientB', 'GET', '/api/catalogs/elements/options?type=8&limit=100')).body.items.map((o) => o.obj.id),
    ).not.toContain(ownId);
    // admin acting for the other company
    expect((await api('admin', 'GET', `/api/catalogs/elements/${ownId}`, undefined, otherId)).status).toBe(404);
    expect((await api('admin', 'PUT', `/api/catalogs/elements/${ownId}`, { name: 'Чужое' }, otherId)).status).toBe(404);
    expect((await api('admin', 'POST', `/api/catalogs/elements/${ownId}/archive`, { archived: true }, otherId)).status).toBe(404);
    expect((await api('admin', 'GET', `/api/catalogs/elements/${ownId}/usage`, undefined, otherId)).status).toBe(404);
    expect((await api('admin', 'DELETE', `/api/catalogs/elements/${ownId}`, undefined, otherId)).status).toBe(404);
    expect((await api('client', 'GET', `/api/catalogs/elements/${ownId}`)).status).toBe(200);
  });

  it('refuses a company the user may not act for (404)', async () => {
    expect((await api('specialist', 'GET', '/api/catalogs/elements?type=8', undefined, otherId)).status).toBe(404);
    expect((await api('specialist', 'POST', '/api/catalogs/elements', { type: 8, name: 'Чужие средства' }, otherId)).status).toBe(404);
    expect((await api('client', 'GET', '/api/catalogs/elements?type=8', undefined, otherId)).status).toBe(404);
    expect((await api('clientB', 'GET', '/api/catalogs/exec-terms?type=2', undefined, customerId)).status).toBe(404);
  });

  it("does not let an element reference another company's elements", async () => {
    const subjectB = await api('admin', 'POST', '/api/catalogs/subjects', { code: 'b_only', name: 'Предмет Б', subject_type: 1 }, otherId);
    expect(subjectB.status).toBe(200);
    const r = await api<{ fields: Record<string, string[]> }>(
      'specialist',
      'POST',
      '/api/catalogs/products',
      { name: 'Товар', okpd2_code: '17.12.14.110', okei_code: '796', subject_id: subjectB.body.id },
      customerId,
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.subject_id).toBeTruthy();
    // a shared element may reference only shared ones
    const own = await api(
      'specialist',
      'POST',
      '/api/catalogs/subjects',
      { code: 'own_goods', name: 'Свои товары', subject_type: 1 },
      customerId,
    );
    const shared = await api(
      'specialist',
      'POST',
      '/api/catalogs/document-subjects',
      { subject_id: own.body.id, document_id: techSpecDocId, shared: true },
      customerId,
    );
    expect(shared.status).toBe(400);
  });
});

describe('validation', () => {
  it('refuses a code already used by a visible element', async () => {
    const r = await api<{ message: string; code: string }>(
      'specialist',
      'POST',
      '/api/catalogs/methods',
      { code: 'competition', name: 'Свой конкурс' },
      customerId,
    );
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CATALOG_MESSAGES.codeTaken('competition'));
    // the same code in another company is fine
    expect((await api('admin', 'POST', '/api/catalogs/methods', { code: 'tender_x', name: 'Тендер' }, otherId)).status).toBe(200);
    expect((await api('specialist', 'POST', '/api/catalogs/methods', { code: 'tender_x', name: 'Тендер' }, customerId)).status).toBe(200);
  });

  it('checks ОКПД2 and ОКЕИ codes against the classifiers', async () => {
    const bad = await api<{ message: string }>(
      'specialist',
      'POST',
      '/api/catalogs/products',
      { name: 'Товар', okpd2_code: '99.99.99.999', okei_code: '796' },
      customerId,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CATALOG_MESSAGES.okpd2Unknown('99.99.99.999'));
    const unit = await api<{ message: string }>(
      'specialist',
      'POST',
      '/api/catalogs/products',
      { name: 'Товар', okpd2_code: '17.12.14.110', okei_code: '999' },
      customerId,
    );
    expect(unit.body.message).toBe(CATALOG_MESSAGES.okeiUnknown('999'));
  });

  it('validates user fields, ensuring sizes and term types with messages under the fields', async () => {
    const dup = await api<{ fields: Record<string, string[]> }>('specialist', 'POST', '/api/catalogs/elements', {
      type: 2,
      name: 'Требование',
      user_fields: [
        { name: 'a', label: 'A' },
        { name: 'a', label: 'Б', type: 'date', default: '31.12.2025' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fields['user_fields.1.name']).toEqual(['Поле «a» уже есть']);
    expect(dup.body.fields['user_fields.1.default']).toEqual(['Дата в формате ГГГГ-ММ-ДД']);
    const ens = await api<{ fields: Record<string, string[]> }>('specialist', 'POST', '/api/catalogs/ensuring', {
      name: 'Обеспечение',
      kind: 'application',
      percent: '7',
      percent_max: '5',
    });
    expect(ens.status).toBe(400);
    expect(ens.body.fields.percent).toEqual(['Размер вне допустимых границ']);
    const term = await api<{ fields: Record<string, string[]> }>('specialist', 'POST', '/api/catalogs/exec-terms', {
      type: 1,
      name: 'Условие',
    });
    expect(term.body.fields.subject_type).toEqual(['Обязательное поле']);
    const type = await api('specialist', 'POST', '/api/catalogs/elements', { type: 5, name: 'Нет такого типа' });
    expect(type.status).toBe(400);
    const empty = await api<{ fields: Record<string, string[]> }>('specialist', 'POST', '/api/catalogs/elements', { type: 8, name: '   ' });
    expect(empty.body.fields.name).toEqual(['Обязательное поле']);
  });

  it('refuses a 1,200-character name; the longest allowed is saved', async () => {
    const long = await api<{ fields: Record<string, string[]> }>('specialist', 'POST', '/api/catalogs/elements', {
      type: 8,
      name: 'Б'.repeat(1200),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields.name).toEqual([`Не более ${CATALOG_NAME_MAX} символов`]);
    expect(
      (await api('specialist', 'POST', '/api/catalogs/elements', { type: 8, name: `Источник ${'в'.repeat(CATALOG_NAME_MAX - 9)}` })).status,
    ).toBe(200);
  });

  it('keeps money and percents as decimal strings', async () => {
    const r = await api(
      'specialist',
      'POST',
      '/api/catalogs/ensuring',
      { name: 'Фиксированное обеспечение заявки', kind: 'application', value_type: 'amount', amount: '150000,5' },
      customerId,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ value_type: 'amount', amount: '150000.50', percent: null });
  });
});

describe('delete of an element in use', () => {
  it('is refused with the places it is used in, and the element can be archived instead', async () => {
    const el = await api('specialist', 'POST', '/api/catalogs/elements', { type: 8, name: 'Средства по соглашению' }, customerId);
    const unregister = registerUsage('elements', async (_tx, id) => (id === el.body.id ? 2 : 0), 'закупки');
    try {
      const usage = await api<{ in_use: boolean; count: number; usages: unknown[] }>(
        'specialist',
        'GET',
        `/api/catalogs/elements/${el.body.id}/usage`,
        undefined,
        customerId,
      );
      expect(usage.body).toEqual({ in_use: true, count: 2, usages: [{ label: 'закупки', count: 2 }] });
      const del = await api<{ message: string; code: string }>(
        'specialist',
        'DELETE',
        `/api/catalogs/elements/${el.body.id}`,
        undefined,
        customerId,
      );
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('IN_USE');
      expect(del.body.message).toBe(
        'Элемент «Средства по соглашению» используется (закупки: 2) и не может быть удалён. Перенесите его в архив',
      );
      expect((await api('specialist', 'GET', `/api/catalogs/elements/${el.body.id}`, undefined, customerId)).status).toBe(200);
      expect(
        (await api('specialist', 'POST', `/api/catalogs/elements/${el.body.id}/archive`, { archived: true }, customerId)).body.archived,
      ).toBe(true);
    } finally {
      unregister();
    }
    expect((await api('specialist', 'DELETE', `/api/catalogs/elements/${el.body.id}`, undefined, customerId)).status).toBe(204);
  });

  it('knows catalogues that reference each other', async () => {
    const subject = await api(
      'specialist',
      'POST',
      '/api/catalogs/subjects',
      { code: 'spare_parts', name: 'Запасные части', subject_type: 1 },
      customerId,
    );
    const product = await api(
      'specialist',
      'POST',
      '/api/catalogs/products',
      { name: 'Фильтр масляный', okpd2_code: '28.29.13.110', okei_code: '796', subject_id: subject.body.id },
      customerId,
    );
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    expect(product.body).toMatchObject({ subject_name: 'Запасные части', okei_short_name: 'шт' });
    const del = await api<{ message: string }>('specialist', 'DELETE', `/api/catalogs/subjects/${subject.body.id}`, undefined, customerId);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      'Элемент «Запасные части» используется (товары, работы, услуги: 1) и не может быть удалён. Перенесите его в архив',
    );
    expect((await api('specialist', 'DELETE', `/api/catalogs/documents/${techSpecDocId}`, undefined, customerId)).status).toBe(409);
  });
});

describe('catalogUserfields triad over a real socket', () => {
  it('acknowledges with the key and answers with the user fields of the requested elements', async () => {
    const el = await api(
      'specialist',
      'POST',
      '/api/catalogs/exec-terms',
      {
        type: 1,
        subject_type: 1,
        name: 'Поставка в течение {deliveryDays} дней',
        user_fields: [{ name: 'deliveryDays', label: 'Срок поставки, дней', type: 'number', default: '10' }],
      },
      customerId,
    );
    const doc = await api(
      'specialist',
      'POST',
      '/api/catalogs/documents',
      { name: 'Справка', user_fields: [{ name: 'signer', label: 'Подписант' }] },
      customerId,
    );
    const s = await t.socket('auth', tok.specialist);
    const received = nextEvent(s, EVENTS.catalogUserfieldsReceived, (p) => p.key === 'k1');
    const response = nextEvent(s, EVENTS.catalogUserfieldsResponse, (p) => p.key === 'k1');
    s.emit(EVENTS.catalogUserfieldsRequest, {
      key: 'k1',
      company_id: customerId,
      elements: [
        { kind: 'execTerms', id: el.body.id },
        { kind: 'documents', id: doc.body.id },
      ],
    });
    expect(await received).toEqual({ key: 'k1' });
    expect(await response).toEqual({
      key: 'k1',
      result: 'success',
      elements: [
        {
          kind: 'execTerms',
          id: el.body.id,
          name: 'Поставка в течение {deliveryDays} дней',
          user_fields: [{ name: 'deliveryDays', label: 'Срок поставки, дней', type: 'number', default: '10' }],
        },
        {
          kind: 'documents',
          id: doc.body.id,
          name: 'Справка',
          user_fields: [{ name: 'signer', label: 'Подписант', type: 'string', default: null }],
        },
      ],
    });
  });

  it("answers with an error for elements the user may not read or another company's", async () => {
    const nmcd = (await api<Page>('specialist', 'GET', '/api/catalogs/elements?type=1')).body.items[0];
    const own = await api(
      'specialist',
      'POST',
      '/api/catalogs/elements',
      { type: 9, name: 'Основание заказчика', user_fields: [{ name: 'x', label: 'X' }] },
      customerId,
    );
    const client = await t.socket('auth', tok.client);
    const staffOnly = nextEvent(client, EVENTS.catalogUserfieldsResponse, (p) => (p as { key?: unknown }).key === 2);
    client.emit(EVENTS.catalogUserfieldsRequest, { key: 2, kind: 'elements', id: nmcd.id });
    expect(await staffOnly).toMatchObject({ result: 'error', error: CATALOG_MESSAGES.staffOnly });
    const mine = nextEvent(client, EVENTS.catalogUserfieldsResponse, (p) => (p as { key?: unknown }).key === 3);
    client.emit(EVENTS.catalogUserfieldsRequest, { key: 3, kind: 'elements', ids: [own.body.id] });
    expect((await mine).result).toBe('success');

    const other = await t.socket('auth', tok.clientB);
    const hidden = nextEvent(other, EVENTS.catalogUserfieldsResponse, (p) => (p as { key?: unknown }).key === 4);
    other.emit(EVENTS.catalogUserfieldsRequest, { key: 4, kind: 'elements', id: own.body.id });
    expect(await hidden).toMatchObject({ result: 'error', error: 'Запрашиваемый ресурс не найден' });
    const foreign = nextEvent(other, EVENTS.catalogUserfieldsResponse, (p) => (p as { key?: unknown }).key === 5);
    other.emit(EVENTS.catalogUserfieldsRequest, { key: 5, company_id: customerId, kind: 'elements', id: own.body.id });
    expect(await foreign).toMatchObject({ result: 'error', error: 'Запрашиваемый ресурс не найден' });
  });
});
