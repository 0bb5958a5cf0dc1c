/**
 * Builders of the tests' data, after outline's server/test/factories.ts: each `buildX` makes one record through the
 * product's own services (the checks, numbering and trail a user's request would run) and first builds whatever it
 * needs that the caller did not pass — a procurement without a company gets a new company and a client of it. Each call
 * makes records of its own (unique names, ИНН and logins), so tests do not depend on the demo seed or on one another.
 *
 * Below them: `world()` (the demo customer and a few users around it, for the tests that check the demo's own data),
 * request helpers (`as`, `upload`, `download`) and the documentation tests' purchase.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CompanyRequest, CreateUserRequest, ProcurementRequest, type DocumentsResponse, type ProcurementResponse } from '@proc/contract';
import type { z } from 'zod';
import type { TestServer } from './harness';
import { utcCalendarDate } from '../src/platform/clock';
import { users } from '../src/db/schema';
import type { Ctx } from '../src/platform/context';
import type { EisContract, EisPlan } from '../src/formats';
import { fixturePath } from '../src/formats/fixtures-path';
import { createCompany } from '../src/modules/companies/service';
import { createUser } from '../src/modules/users/service';
import { actingCtx } from '../src/modules/users';
import { createProcurement } from '../src/modules/procurements';
import { PROCESS_UPD_JOB, uploadUpd } from '../src/modules/contracts';
import { storeContracts } from '../src/modules/contracts/store-contracts';
import { storePlan } from '../src/modules/plans/store-plan';
import { DEMO_PASSWORD } from '../src/modules/demo/seed-demo';

/** A user as the tests hold one: the record and a session token of theirs. */
export interface BuiltUser {
  id: number;
  login: string;
  companyId: number;
  role: string;
  token: string;
}

let seq = 0;
/** A number unique within this test process, with a random part against leftovers of other runs on a shared database. */
const unique = () => ++seq * 1000 + crypto.randomInt(1000);

/** The acting context of a user for a company, as a request of theirs would carry it. */
export async function ctxOf(t: TestServer, user: { id: number; companyId: number }, companyId = user.companyId): Promise<Ctx> {
  const ctx = await actingCtx(t.server.deps, companyId, user.id);
  if (!ctx) throw new Error(`user ${user.id} is blocked or gone`);
  return ctx;
}

/** A user of the database by login (the first administrator the migrations create is `admin`). */
export async function userByLogin(t: TestServer, login: string, password = DEMO_PASSWORD): Promise<BuiltUser> {
  const [u] = await t.server.deps.db.select().from(users).where(eq(users.login, login));
  if (!u) throw new Error(`no user ${login}`);
  return { id: u.id, login: u.login, companyId: u.companyId, role: u.role, token: await t.login(login, password) };
}

/** A customer company (223-ФЗ unless `law` says otherwise), created by the administrator. */
export async function buildCompany(t: TestServer, over: Partial<z.input<typeof CompanyRequest>> = {}) {
  const n = unique();
  const admin = await ctxOf(t, await userByLogin(t, 'admin'));
  return createCompany(
    t.server.deps,
    admin.user,
    CompanyRequest.parse({ title: `ООО «Заказчик ${n}»`, inn: innFrom9(String(760000000 + n).slice(0, 9)), ...over }),
  );
}

/** A user (a client by default) of `company_id`, or of a new company; with a session token. */
export async function buildUser(t: TestServer, over: Partial<z.input<typeof CreateUserRequest>> = {}): Promise<BuiltUser> {
  const companyId = over.company_id ?? (await buildCompany(t)).id;
  const login = over.login ?? `user${unique()}`;
  const password = over.password ?? DEMO_PASSWORD;
  const admin = await ctxOf(t, await userByLogin(t, 'admin'));
  const input = CreateUserRequest.parse({
    title: 'Тестовый Пользователь',
    role: 'client',
    ...over,
    login,
    password,
    company_id: companyId,
  });
  const id = await createUser(t.server.deps, admin.user, input);
  return { id, login, companyId, role: input.role, token: await t.login(login, password) };
}

/** Who acts in a builder: the user given, or a new client of the company given (or of a new company). */
async function actorFor(t: TestServer, by: BuiltUser | undefined, companyId: number | undefined): Promise<Ctx> {
  const user = by ?? (await buildUser(t, companyId ? { company_id: companyId } : {}));
  return ctxOf(t, user, companyId ?? user.companyId);
}

/** The body of a new procurement: a goods auction for 100 000 ₽ unless `over` says otherwise (also for tests that send it). */
export type ProcurementInput = Partial<z.input<typeof ProcurementRequest>>;
export const procurementInput = (over: ProcurementInput = {}) => ({
  title: 'Поставка картриджей для принтеров',
  method: 'auction_e',
  subject: 'goods',
  nmcd: '100000.00',
  okpd2: [{ code: '26.20.40.120' }],
  rule_id: null,
  ...over,
});

/** A draft procurement of `procurementInput(over)`, created as `by` (or a new client of `companyId`) would create it. */
export async function buildProcurement(
  t: TestServer,
  over: ProcurementInput = {},
  opts: { by?: BuiltUser; companyId?: number } = {},
): Promise<ProcurementResponse> {
  const ctx = await actorFor(t, opts.by, opts.companyId);
  return createProcurement(ctx, ProcurementRequest.parse(procurementInput(over)));
}

export interface ContractPosition {
  name: string;
  /** ОКЕИ code: 796 — штука */
  okei?: string;
  unitPrice: string;
  quantity?: string;
}

/**
 * A 223-ФЗ contract of the company as the ЕИС contract register would give it (stored through the same path as an
 * uploaded register file); a new company's when none is given. Returns the stored contract's id and registry number.
 */
export async function buildContract(
  t: TestServer,
  over: {
    companyId?: number;
    registryNumber?: string;
    number?: string;
    contractDate?: string;
    subject?: string;
    price?: string;
    supplier?: { name: string; inn: string };
    positions?: ContractPosition[];
  } = {},
): Promise<{ id: number; registryNumber: string; companyId: number }> {
  const companyId = over.companyId ?? (await buildCompany(t)).id;
  const registryNumber = over.registryNumber ?? `3${String(unique()).padStart(22, '0')}`;
  const positions = over.positions ?? [{ name: 'Бумага офисная А4', unitPrice: '300.00', quantity: '10' }];
  const record: EisContract = {
    guid: crypto.randomUUID(),
    registrationNumber: registryNumber,
    recordRegistrationNumber: null,
    version: 1,
    number: over.number ?? `Д-${registryNumber.slice(-3)}`,
    contractDate: over.contractDate ?? '2025-01-20',
    createDateTime: null,
    publicationDate: null,
    status: 'P',
    customer: null,
    placer: null,
    suppliers: [
      {
        name: over.supplier?.name ?? 'ООО «Поставщик»',
        shortName: null,
        inn: over.supplier?.inn ?? '9103624367',
        kpp: null,
        ogrn: null,
        okpo: null,
        type: 'L',
        individual: false,
        nonResident: false,
        sme: null,
        country: null,
      },
    ],
    price: over.price ?? '100000.00',
    rubPrice: null,
    currency: null,
    subject: over.subject ?? 'Поставка товаров',
    startDate: null,
    endDate: null,
    electronic: true,
    smePurchase: null,
    purchase: {
      noticeNumber: null,
      noticeGuid: null,
      noticeName: null,
      noticePublicationDateTime: null,
      methodCode: null,
      methodName: null,
      lotGuid: null,
      lotNumber: null,
    },
    positions: positions.map((p, i) => ({
      guid: null,
      ordinal: i + 1,
      name: p.name,
      okpd2: null,
      okved2: null,
      okdp: null,
      okpd: null,
      okei: { code: p.okei ?? '796', name: null },
      quantity: p.quantity ?? '10',
      unitPrice: p.unitPrice,
      amount: null,
      country: null,
    })),
    urlEis: null,
  };
  const [stored] = await t.server.deps.db.transaction((tx) => storeContracts(tx, companyId, [record], 'upload'));
  return { id: stored.id, registryNumber, companyId };
}

/**
 * An УПД of the contract, uploaded by `by` (a new client of the contract's company when not given) and mapped to the
 * contract's positions by its job before this returns. `file`: the XML (the seller's УПД 5.02 fixture by default);
 * a mismatch with the contract is confirmed, as the user's «Загрузить всё равно».
 */
export async function buildUpd(
  t: TestServer,
  over: { contract?: { id: number; companyId: number }; by?: BuiltUser; file?: Buffer; name?: string } = {},
) {
  const contract = over.contract ?? (await buildContract(t));
  const ctx = await actorFor(t, over.by, contract.companyId);
  const data = over.file ?? fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
  const queued = await uploadUpd(ctx, contract.id, { name: over.name ?? 'upd.xml', data }, { confirmed: true });
  await t.server.deps.jobs.idle(PROCESS_UPD_JOB, 30_000);
  return queued;
}

/** A 223-ФЗ procurement plan of the company with one item per entry of `items` (a new company's when none is given). */
export async function buildPlan(
  t: TestServer,
  over: { companyId?: number; year?: number; items?: { subject: string; nmcd: string; okpd2?: string }[] } = {},
): Promise<{ id: number; companyId: number; registrationNumber: string }> {
  const companyId = over.companyId ?? (await buildCompany(t)).id;
  const year = over.year ?? 2026;
  const registrationNumber = String(unique()).padStart(10, '2');
  const items = over.items ?? [{ subject: 'Поставка офисной бумаги', nmcd: '150000.00' }];
  const plan: EisPlan = {
    guid: crypto.randomUUID(),
    registrationNumber,
    name: `План закупки на ${year} год`,
    version: 1,
    status: 'P',
    planType: 'COMMODITY',
    year,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    approveDate: null,
    createDateTime: null,
    publicationDateTime: null,
    customer: null,
    placer: null,
    urlEis: null,
    items: items.map((it, i) => ({
      guid: crypto.randomUUID(),
      ordinal: i + 1,
      subject: it.subject,
      status: 'P',
      okpd2: it.okpd2 ? { code: it.okpd2, name: null } : null,
      okved2: null,
      okei: null,
      quantity: null,
      rows: [],
      okato: null,
      region: null,
      nmcd: it.nmcd,
      nmcdRub: null,
      currency: null,
      plannedMonth: `${year}-03`,
      plannedYear: year,
      plannedDate: null,
      methodCode: null,
      methodName: 'Аукцион в электронной форме',
      electronic: true,
      smeOnly: false,
      innovation: false,
      longTerm: false,
      contractEndDate: null,
    })),
  };
  const { id } = await t.server.deps.db.transaction((tx) => storePlan(tx, companyId, plan, 'upload'));
  return { id, companyId, registrationNumber };
}

export const DEMO_CUSTOMER = 'АО «Демо-Заказчик»';

export interface World {
  /** Demo customer and its client. */
  demoId: number;
  client: string;
  /** Staff granted the demo customer: send `as(demoId)` with their calls. */
  specialist: string;
  /** The read-only operator, without a grant for the demo customer. */
  operator: string;
  /** A specialist (may edit) without a grant for the demo customer: isolation, not read-only rights, refuses it. */
  outsider: string;
  /** A client of another customer company. */
  otherClient: string;
  otherId: number;
}

/** A valid 10-digit INN from nine digits. */
export const innFrom9 = (nine: string) =>
  nine + String(([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(nine[i]), 0) % 11) % 10);

export async function world(t: TestServer): Promise<World> {
  const admin = await t.login('admin');
  const client = await t.login('client');
  const my = await t.api<{ id: number; title: string }[]>('GET', '/api/companies/my', { token: client });
  const demoId = my.body.find((c) => c.title === DEMO_CUSTOMER)!.id;
  const n = unique();
  const company = await t.api<{ id: number }>('POST', '/api/companies', {
    token: admin,
    body: { title: `ООО «Другой заказчик ${n}»`, inn: innFrom9(String(770100000 + n).slice(0, 9)) },
  });
  if (company.status !== 200) throw new Error(`company: ${JSON.stringify(company.body)}`);
  const login = `other${n}`;
  const user = await t.api('POST', '/api/users', {
    token: admin,
    body: { title: 'Другой Клиент', login, role: 'client', company_id: company.body.id, password: 'demo12345' },
  });
  if (user.status !== 200) throw new Error(`user: ${JSON.stringify(user.body)}`);
  const me = await t.api<{ company_id: number }>('GET', '/api/profile', { token: admin });
  const outsider = await t.api('POST', '/api/users', {
    token: admin,
    body: {
      title: 'Специалист Без Доступа',
      login: `outsider${n}`,
      role: 'specialist',
      company_id: me.body.company_id,
      password: 'demo12345',
    },
  });
  if (outsider.status !== 200) throw new Error(`outsider: ${JSON.stringify(outsider.body)}`);
  return {
    demoId,
    client,
    specialist: await t.login('specialist'),
    operator: await t.login('operator'),
    outsider: await t.login(`outsider${n}`),
    otherClient: await t.login(login),
    otherId: company.body.id,
  };
}

/** X-Company-Id header: the company picker's choice. */
export const as = (companyId: number) => ({ 'x-company-id': String(companyId) });

/** A multipart/form-data body with one file. */
export function multipart(fileName: string, content: Buffer, field = 'file') {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    'utf8',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a multipart request in-process; JSON answers are parsed, files come back as a Buffer. */
export async function upload(
  t: TestServer,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  fileName: string,
  content: Buffer,
  headers: Record<string, string> = {},
) {
  const m = multipart(fileName, content);
  const res = await t.server.app.inject({
    method,
    url,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}`, ...headers },
  });
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: body as Record<string, unknown>, headers: res.headers };
}

/** GET returning raw bytes (downloads). */
export async function download(t: TestServer, url: string, token: string, headers: Record<string, string> = {}) {
  const res = await t.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.statusCode, data: res.rawPayload, headers: res.headers };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Cell texts of the first worksheet, row by row. */
export async function xlsxRows(data: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    out.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (v instanceof Date ? utcCalendarDate(v) : v === null || v === undefined ? '' : String(v))),
    ),
  );
  return out;
}

/** Types a value into every required field of the documents' own that is still empty, as the specialist would. */
export async function fillRequired(server: TestServer, token: string, procurementId: number, over: Record<string, unknown> = {}) {
  const r = await server.api<DocumentsResponse>('GET', `/api/procurements/${procurementId}/documents`, { token });
  const typed = (type: string, label: string) =>
    type === 'date' ? '2026-12-20' : type === 'money' || type === 'number' ? '100' : `${label} (тест)`;
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  for (const d of r.body.documents) {
    const values: Record<string, unknown> = Object.fromEntries(
      d.fields
        .filter((f) => f.required && !f.fact && f.type !== 'list' && blank(f.value))
        .map((f) => [f.name, f.name in over ? over[f.name] : typed(f.type, f.label)]),
    );
    // a table's rows: the columns the purchase could not fill (unit, quantity, prices)
    for (const f of d.fields.filter((x) => x.type === 'list' && Array.isArray(x.value) && x.value.length)) {
      const rows = f.value as Record<string, unknown>[];
      const columns = (f.columns ?? []).filter((c) => c.required);
      if (rows.some((row) => columns.some((c) => blank(row[c.name]))))
        values[f.name] = rows.map((row) => ({
          ...row,
          ...Object.fromEntries(columns.filter((c) => blank(row[c.name])).map((c) => [c.name, typed(c.type, c.label)])),
        }));
    }
    if (Object.keys(values).length) {
      const put = await server.api('PUT', `/api/procurements/${procurementId}/documents/${d.template}/values`, { token, body: { values } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
  }
}

/** An electronic competition for office paper with every fact of the purchase filled: the documentation tests' purchase. */
export const PAPER_PURCHASE: ProcurementInput = {
  title: 'Поставка офисной бумаги формата А4',
  method: 'competition_e',
  subject: 'goods',
  subject_description: 'Бумага офисная А4, 80 г/м², 3 000 пачек',
  nmcd: '1500000.50',
  okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
  delivery_place: 'г. Майкоп, ул. Победы, д. 1, склад № 2',
  delivery_terms: 'В течение 10 рабочих дней с даты заключения договора',
  application_ensuring: { kind: 'percent', value: '1' },
  published_on: '2026-12-01',
  application_deadline: '2026-12-16',
  review_on: '2026-12-17',
  summing_up_on: '2026-12-18',
  rule_id: null,
};

/**
 * The customer accepts a processed УПД in full (no commission): a delivery counts only once accepted. Tests that
 * check figures after an upload accept the document first, as the customer would.
 */
export async function acceptUpd(t: TestServer, token: string, documentId: number, headers: Record<string, string> = {}) {
  const r = await t.api<{ state: string }>('POST', `/api/acceptance/${documentId}/decision`, { token, body: {}, headers });
  if (r.status !== 200) throw new Error(`accept ${documentId}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
