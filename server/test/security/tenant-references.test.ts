/**
 * References and counts scoped to the acting company: a procurement refuses another tenant's plan
 * item, and a shared catalogue element's usage counts only the acting company's records (a delete still counts all).
 * The last test walks every write route of the table and puts another tenant's id into each …_id/…_ids field of its
 * body: top-level fields, and fields inside arrays of objects (`positions[].x_id`) as the route table records them.
 * The socket events a client sends with ids (catalogue user fields, documentation, copying a rule) are walked too.
 */
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { TriadName } from '@proc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../harness';
import {
  acceptanceCommissionMembers,
  acceptanceDocuments,
  catalogElements,
  catalogExecTerms,
  contractPositions,
  planItems,
  plans,
  procedureProtocols,
  procurements,
} from '../../src/db/schema';
import type { RouteEntry } from '../../src/platform/route-table';
import { as, procurementInput, world, type World } from '../factories';
import { createCompanyB, type CompanyB } from './b-company';
import { BODIES, exemptReason, key, resolve } from './route-walk';

let t: TestServer;
let w: World;
let b: CompanyB;
let admin: string;

beforeAll(async () => {
  t = await startTestServer({});
  admin = await t.login('admin');
  w = await world(t);
  b = await createCompanyB(t, admin);
}, 90_000);
afterAll(async () => t?.close());

/** A new procurement's body with references to check; sent through the API, whose answer the tests read. */
const procurement = (extra: Record<string, unknown>) => procurementInput({ title: 'Закупка с ссылками', nmcd: '1000', ...extra });

describe('plan items of the acting company only', () => {
  it("a procurement refuses another tenant's plan item on create and on save, and takes its own", async () => {
    const foreign = await t.api<{ message: string; fields: Record<string, string[]> }>('POST', '/api/procurements', {
      token: w.client,
      body: procurement({ plan_item_id: b.ids.planItem }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.plan_item_id).toEqual(['Позиция плана закупки не найдена']);

    const db = t.server.deps.db;
    const [plan] = await db
      .insert(plans)
      .values({
        companyId: w.demoId,
        registrationNumber: `A${Date.now()}`,
        year: 2025,
        name: 'План А',
        itemCount: 1,
        total: '1000.00',
        source: 'upload',
      })
      .returning();
    const [own] = await db
      .insert(planItems)
      .values({
        planId: plan.id,
        companyId: w.demoId,
        ordinal: 1,
        subject: 'Бумага А',
        okpd2Code: '17.12.14.129',
        okeiCode: '796',
        okeiName: 'Штука',
        quantity: '1',
        nmcd: '1000.00',
        plannedMonth: '2025-03-01',
        method: 'auction_e',
      })
      .returning();
    const created = await t.api<{ id: number; plan_item_id: number | null }>('POST', '/api/procurements', {
      token: w.client,
      body: procurement({ plan_item_id: own.id }),
    });
    expect(created.status).toBe(200);
    expect(created.body.plan_item_id).toBe(own.id);

    const saved = await t.api('PUT', `/api/procurements/${created.body.id}`, {
      token: w.client,
      body: procurement({ plan_item_id: b.ids.planItem }),
    });
    expect(saved.status).toBe(400);
    const after = await t.api<{ plan_item_id: number | null }>('GET', `/api/procurements/${created.body.id}`, { token: w.client });
    expect(after.body.plan_item_id).toBe(own.id);
  });
});

describe('usage counts of a shared catalogue element', () => {
  it("count the acting company's records only; deleting it counts every tenant's", async () => {
    const [shared] = await t.server.deps.db
      .insert(catalogElements)
      .values({ companyId: null, type: 8, name: 'Общий источник финансирования' })
      .returning();
    const usage = async (token: string, companyId: number) =>
      (await t.api<{ count: number }>('GET', `/api/catalogs/elements/${shared.id}/usage`, { token, headers: as(companyId) })).body.count;
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.api('POST', '/api/procurements', { token: w.client, body: procurement({ funding_source_ids: [shared.id] }) })).status,
      ).toBe(200);
    }
    expect(await usage(w.client, w.demoId)).toBe(3);
    expect(await usage(admin, b.companyId)).toBe(0);
    expect(
      (
        await t.api('POST', '/api/procurements', {
          token: admin,
          headers: as(b.companyId),
          body: procurement({ funding_source_ids: [shared.id] }),
        })
      ).status,
    ).toBe(200);
    expect(await usage(admin, b.companyId)).toBe(1);
    expect(await usage(w.client, w.demoId)).toBe(3);
    const del = await t.api<{ message: string }>('DELETE', `/api/catalogs/elements/${shared.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('(закупки: 4)');
  });
});

/**
 * The id fields of write bodies, and the object of company B each one names. A new …_id field on a write route fails
 * the walk until it is added here (or to GLOBAL_IDS with the reason).
 */
type Foreign = (b: CompanyB, route: string) => Promise<number | number[]> | number | number[];
const ID_FIELDS: Record<string, Foreign> = {
  plan_item_id: (b) => b.ids.planItem,
  contract_id: (b) => b.ids.contract,
  // a price source of the НМЦК justification taken from a contract position of the register (modules/nmck)
  contract_position_id: async (b) =>
    (await t.server.deps.db.select().from(contractPositions).where(eq(contractPositions.contractId, b.ids.contract)))[0].id,
  position_id: async (b) =>
    (await t.server.deps.db.select().from(contractPositions).where(eq(contractPositions.contractId, b.ids.contract)))[0].id,
  subject_id: (b) => b.ids.catalog.subjects,
  document_id: async (b, route) =>
    route === '/api/approvals'
      ? b.ids.procurement
      : route.includes('/upd/')
        ? (await t.server.deps.db.select().from(acceptanceDocuments).where(eq(acceptanceDocuments.contractId, b.ids.contract)))[0].id
        : b.ids.catalog.documents,
  funding_source_ids: (b) => [b.ids.catalog.elements],
  // B's elements of the very type each field takes, so only the tenant check can refuse them
  nmcd_method_id: (b) => element(b, 1),
  requirement_ids: async (b) => [await element(b, 2)],
  info_document_ids: async (b) => [await element(b, 7)],
  delivery_term_ids: async (b) => [
    (
      await t.server.deps.db
        .insert(catalogExecTerms)
        .values({ companyId: b.companyId, type: 1, subjectType: 1, name: 'Условие Б' })
        .returning()
    )[0].id,
  ],
  delivery_place_ids: (b) => [b.ids.catalog['exec-terms']],
  ensuring_ids: (b) => [b.ids.catalog.ensuring],
  rule_id: (b) => b.ids.rule,
  based_on_version_id: (b) => b.ids.version,
  // B's user as an approver, a delegate or a commission member of A's
  user_id: (b) => b.ids.user,
  line_id: (b) => b.ids.acceptanceLine,
  // an application or a criterion of B's purchase named in A's review or scores (modules/procedure)
  application_id: (b) => b.ids.procedureApplication,
  criterion_id: (b) => b.ids.procedureCriterion,
  member_id: async (b) =>
    (
      await t.server.deps.db
        .insert(acceptanceCommissionMembers)
        .values({ companyId: b.companyId, contractId: b.ids.contract, fullName: 'Член комиссии Б', isChair: false })
        .returning()
    )[0].id,
};
const element = async (b: CompanyB, type: number) =>
  (
    await t.server.deps.db
      .insert(catalogElements)
      .values({ companyId: b.companyId, type, name: `Элемент Б ${type}` })
      .returning()
  )[0].id;
/** Ids that name nothing of a tenant, with the reason. */
const GLOBAL_IDS: Record<string, string> = {
  tariff_id: 'tariff plans are global (admin assigns them)',
  company_id: "a user's company: who may create users where is the users matrix's (mayManage), not a reference",
  company_ids: "staff grants: the users matrix's (mayManage)",
  parent_id: "a company's parent organisation: staff arrange companies (the companies tests)",
  record_id: "the execution record is looked up under the path's contract (the signatures tests)",
};

/** A member of A's commission: a vote's other fields valid, so only the foreign id can be refused. */
let aMember = 0;
let aLine = 0;
const acceptanceVote = () => ({ member_id: aMember, lines: [{ line_id: aLine, accepted_quantity: '0', reason: 'Брак' }] });

/** Valid bodies of creating routes (BODIES in route-walk.ts holds those of routes on B's objects). */
const CREATE: Record<string, (a: CompanyB) => Record<string, unknown>> = {
  'POST /api/procurements': () => procurement({}),
  'PUT /api/procurements/:id': () => procurement({}),
  'POST /api/catalogs/document-subjects': (a) => ({
    subject_id: a.ids.catalog.subjects,
    document_id: a.ids.catalog.documents,
    required: false,
    sort_order: 1,
  }),
  'PUT /api/catalogs/document-subjects/:id': (a) => ({
    subject_id: a.ids.catalog.subjects,
    document_id: a.ids.catalog.documents,
    required: false,
    sort_order: 1,
  }),
  'POST /api/approvals': () => ({ kind: 'purchase' }),
  'POST /api/acceptance/:id/votes/text': () => acceptanceVote(),
  'POST /api/acceptance/:id/votes': () => acceptanceVote(),
  'POST /api/acceptance/:id/decision': (a) => ({ lines: [{ line_id: a.ids.acceptanceLine, accepted_quantity: '0', reason: 'Брак' }] }),
  'POST /api/approval_routes': (a) => ({
    kind: 'purchase',
    title: 'Маршрут',
    steps: [{ participants: [{ user_id: a.ids.user }], term_days: 1 }],
  }),
  'PUT /api/approval_routes/:id': (a) => ({
    kind: 'purchase',
    title: 'Маршрут',
    steps: [{ participants: [{ user_id: a.ids.user }], term_days: 1 }],
  }),
  'POST /api/procurements/:id/procedure/review': (a) => ({ decisions: [{ application_id: a.ids.procedureApplication, admitted: true }] }),
  'PUT /api/procurements/:id/procedure/scores': (a) => ({
    scores: [{ application_id: a.ids.procedureApplication, criterion_id: a.ids.procedureCriterion, score: '50' }],
  }),
  'POST /api/catalogs/products': () => ({ name: 'Товар', okpd2_code: '17.12.14.110', okei_code: '796' }),
  'PUT /api/catalogs/products/:id': () => ({ name: 'Товар', okpd2_code: '17.12.14.110', okei_code: '796' }),
};

describe("another tenant's id in any write body", () => {
  it('is refused with the field named (or 404), on every write route of the table', async () => {
    const a = await createCompanyB(t, admin);
    aLine = a.ids.acceptanceLine;
    // a member's vote needs A's commission; the customer's decision without a commission needs none (a commission of
    // one would be refused first, as under five members)
    const db = t.server.deps.db;
    const commission = async (formed: boolean) => {
      await db.delete(acceptanceCommissionMembers).where(eq(acceptanceCommissionMembers.companyId, a.companyId));
      if (formed)
        aMember = (
          await db
            .insert(acceptanceCommissionMembers)
            .values({ companyId: a.companyId, contractId: a.ids.contract, fullName: 'Член комиссии А', isChair: true })
            .returning()
        )[0].id;
    };
    // A's procedure open to changes: applications received, no protocol signed yet (modules/procedure)
    const openProcedure = async () => {
      await db.delete(procedureProtocols).where(eq(procedureProtocols.companyId, a.companyId));
      await db
        .update(procurements)
        .set({ status: 'accepting', applicationDeadline: '2026-01-01' })
        .where(eq(procurements.id, a.ids.procurement));
    };
    // an approval step is decided by its assignee only: A's approver walks the slot routes
    const approver = await t.login(a.userLogin);
    const writes = t.server.routes.filter(
      (r: RouteEntry) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.multipart && !exemptReason(r),
    );
    const failures: string[] = [];
    let walked = 0;
    for (const r of writes) {
      // a nested field `arr[].x_id` is sent as arr: [{ …a valid element…, x_id: B's }] and named back as arr.0.x_id
      const idPaths = [...r.body, ...r.nested].filter((f) => /_ids?$/.test(f));
      for (const path of idPaths) {
        // a nested field `arr[].x_id` (or `arr[].sub[].x_id`) is sent inside the first element of each array, the rest
        // of the element valid, and named back as arr.0.x_id (arr.0.sub.0.x_id)
        const segments = path.split('[].');
        const field = segments[segments.length - 1];
        if (GLOBAL_IDS[field]) continue;
        const foreign = ID_FIELDS[field];
        if (!foreign) {
          failures.push(`${key(r)}: ${field} is not in ID_FIELDS or GLOBAL_IDS`);
          continue;
        }
        const filled = resolve(a, r);
        if ('missing' in filled) {
          failures.push(`${key(r)}: cannot fill ${filled.missing.join(', ')}`);
          continue;
        }
        const valid: Record<string, unknown> = { ...((BODIES[key(r)]?.(a) as object | undefined) ?? {}), ...(CREATE[key(r)]?.(a) ?? {}) };
        const id = await foreign(b, r.url);
        const put = (obj: Record<string, unknown>, rest: string[]): Record<string, unknown> => {
          if (rest.length === 1) return { ...obj, [rest[0]]: id };
          const first = (obj[rest[0]] as Record<string, unknown>[] | undefined)?.[0] ?? {};
          return { ...obj, [rest[0]]: [put(first, rest.slice(1))] };
        };
        const body = put(valid, segments);
        const named = segments.join('.0.');
        if (r.url.startsWith('/api/acceptance/:id/')) await commission(r.url.includes('/votes'));
        if (r.url.startsWith('/api/procurements/:id/procedure/')) await openProcedure();
        const res = await t.api<{ fields?: Record<string, string[]> }>(r.method, filled.url, {
          token: r.url.includes('/slots/') ? approver : admin,
          headers: as(a.companyId),
          body,
        });
        walked++;
        const namesField =
          res.status >= 400 &&
          res.status < 500 &&
          Object.keys(res.body?.fields ?? {}).some((f) => f === named || f.startsWith(`${named}.`));
        if (!(res.status === 404 || namesField))
          failures.push(`${key(r)} ${path}=${JSON.stringify(id)}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

describe('the route table sees fields inside arrays of objects', () => {
  it('records them as array[].field, so a nested …_id is walked above', () => {
    const create = t.server.routes.find((r) => r.method === 'POST' && r.url === '/api/procurements')!;
    expect(create.nested).toEqual(expect.arrayContaining(['okpd2[].code']));
    const version = t.server.routes.find((r) => r.method === 'POST' && r.url === '/api/procurement_rules/:id/versions')!;
    expect(version.nested).toEqual(expect.arrayContaining(['lead_time_overrides[].method']));
  });
});

describe("another tenant's id in a socket event", () => {
  /** The events a client sends that name objects, each with B's ids, as A's user acting for A and for B. */
  const events = (demoId: number): { base: string; payload: Record<string, unknown> }[] => [
    { base: 'catalogUserfields', payload: { kind: 'elements', id: b.ids.catalog.elements } },
    { base: 'catalogUserfields', payload: { kind: 'elements', ids: [b.ids.catalog.elements] } },
    { base: 'catalogUserfields', payload: { elements: [{ kind: 'elements', id: b.ids.catalog.elements }] } },
    { base: 'catalogUserfields', payload: { elements: [{ kind: 'subjects', id: b.ids.catalog.subjects }] } },
    { base: 'documentUserfields', payload: { procurement_id: b.ids.procurement } },
    { base: 'readyDocument', payload: { procurement_id: b.ids.procurement, templates: ['notice'] } },
    { base: 'copyProcurementRule', payload: { rule_id: b.ids.rule } },
    // naming A's company explicitly changes nothing
    { base: 'documentUserfields', payload: { procurement_id: b.ids.procurement, company_id: demoId } },
    { base: 'copyProcurementRule', payload: { rule_id: b.ids.rule, company_id: demoId } },
  ];

  it('is refused, and nothing of B comes back', async () => {
    const socket = await t.socket('auth', w.client);
    let n = 0;
    const failures: string[] = [];
    const cases = [
      ...events(w.demoId),
      // acting for B outright
      ...events(w.demoId).map((e) => ({ ...e, payload: { ...e.payload, company_id: b.companyId } })),
    ];
    for (const e of cases) {
      const key = `walk-${++n}`;
      const answer = nextEvent(socket, `${e.base}Response` as `${TriadName}Response`, (p) => p.key === key);
      // payloads made up to probe the checks: sent without the contract's types, as t.api sends bad input
      (socket as unknown as Socket).emit(`${e.base}Request`, { ...e.payload, key });
      const res = await answer;
      const text = JSON.stringify(res);
      if (res.result !== 'error' || b.markers.some((m) => text.includes(m)))
        failures.push(`${e.base} ${JSON.stringify(e.payload)}: ${text.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    expect(Object.values(EVENTS)).toEqual(expect.arrayContaining(cases.map((e) => `${e.base}Request`)));
  });
});
