/** Helpers shared by the rules, procurements and documentation tests (not a test file itself). */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { DocumentsResponse } from '@proc/contract';
import type { TestServer } from './harness';
import { utcCalendarDate } from '../src/platform/clock';

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

let seq = 0;
/** A valid 10-digit INN from nine digits. */
export const innFrom9 = (nine: string) =>
  nine + String(([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(nine[i]), 0) % 11) % 10);

export async function world(t: TestServer): Promise<World> {
  const admin = await t.login('admin');
  const client = await t.login('client');
  const my = await t.api<{ id: number; title: string }[]>('GET', '/api/companies/my', { token: client });
  const demoId = my.body.find((c) => c.title === DEMO_CUSTOMER)!.id;
  // unique within a server (seq), and unlikely to meet a leftover of another run on a shared database (random part)
  const n = ++seq * 1000 + crypto.randomInt(1000);
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
export const PAPER_PURCHASE = {
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
