/**
 * The trail: every area's change leaves an entry with who, what, before and after, in the same transaction; the API
 * shows a user only the companies they may act for.
 */
import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditItem, ProcurementResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { PDF, as, upload, world, type World } from '../../../test/factories';
import { contractPositions, contracts, registrations } from '../../db/schema';
import { fixturePath } from '../../formats/fixtures-path';
import { parseEisContracts } from '../../formats';
import { PROCESS_UPD_JOB } from '../contracts/upload-upd';
import { IMPORT_PAYMENTS_JOB } from '../contracts/import-payments';
import { storeContracts } from '../contracts/store-contracts';
import { audit, changes } from '../../platform/audit';

let t: TestServer;
let w: World;
let admin: string;

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  w = await world(t);
  admin = await t.login('admin');
}, 60_000);
afterAll(async () => t?.close());

/** One object's entries, oldest first, as admin sees them. */
async function trail(entity: string, id: number | string, token = admin): Promise<AuditItem[]> {
  const r = await t.call(routes.audit.get, { query: { entity, entity_id: id, limit: '100' }, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items.reverse();
}
const last = async (entity: string, id: number | string, action: string) =>
  (await trail(entity, id)).filter((e) => e.action === action).at(-1);

async function ok<T>(r: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await r;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const procurementBody = {
  title: 'Поставка бумаги для журнала',
  method: 'auction_e',
  subject: 'goods',
  nmcd: '1000',
  okpd2: [{ code: '17.12.14.129' }],
  rule_id: null,
};

describe('the helper', () => {
  it('keeps only the changed keys of an update, leaves out the modification time and never writes secrets', async () => {
    expect(changes({ a: 1, b: 'x', updated_at: '1', c: { d: 1, e: 2 } }, { a: 1, b: 'y', updated_at: '2', c: { e: 2, d: 1 } })).toEqual({
      before: { b: 'x' },
      after: { b: 'y' },
    });
    expect(changes({ a: 1 }, { a: 1, f: null, g: 2 })).toEqual({ before: { g: null }, after: { g: 2 } });
    await t.server.deps.db.transaction((tx) =>
      audit(
        tx,
        { user: null, companyId: w.demoId },
        {
          entity: 'probe',
          entityId: 'p1',
          action: 'create',
          after: { password: 'p@ss', token: 't', secret: 's', visible: 'v', empty: null, none: [] },
        },
      ),
    );
    await t.server.deps.db.transaction((tx) =>
      audit(
        tx,
        { user: null, companyId: w.demoId },
        { entity: 'probe', entityId: 'p1', action: 'update', ...changes({ a: 1, list: null }, { a: 1, list: [] }) },
      ),
    );
    expect(await trail('probe', 'p1')).toHaveLength(1); // nothing changed: no entry
    const [e] = await trail('probe', 'p1');
    expect(e).toMatchObject({ user_id: null, user_title: null, company_id: w.demoId, after: { visible: 'v' } });
    expect(Object.keys(e.after as object)).toEqual(['visible']);
  });
});

describe('procurements', () => {
  it('records creation, an edit (changed fields only), a status change, files and document values', async () => {
    const p = await ok(t.api<ProcurementResponse>('POST', '/api/procurements', { token: w.client, body: procurementBody }));
    const created = await last('procurement', p.id, 'create');
    expect(created).toMatchObject({
      company_id: w.demoId,
      user_title: expect.any(String),
      after: { number: p.number, title: procurementBody.title, nmcd: '1000.00', okpd2: ['17.12.14.129'] },
    });

    await ok(
      t.api('PUT', `/api/procurements/${p.id}`, {
        token: w.client,
        body: { ...procurementBody, title: 'Поставка бумаги (изменено)', nmcd: '1200.5' },
      }),
    );
    const edit = await last('procurement', p.id, 'update');
    expect(edit?.before).toEqual({ title: procurementBody.title, nmcd: '1000.00' });
    expect(edit?.after).toEqual({ title: 'Поставка бумаги (изменено)', nmcd: '1200.50' });

    const file = await upload(t, 'POST', `/api/procurements/${p.id}/files`, w.client, 'Техзадание.pdf', PDF);
    expect(file.status).toBe(200);
    expect(
      (await t.call(routes.procurements.deleteFilesByFileId, { params: { id: p.id, fileId: file.body.id }, token: w.client })).status,
    ).toBe(204);
    expect(await last('procurement', p.id, 'file_upload')).toMatchObject({ after: { file_id: file.body.id, name: 'Техзадание.pdf' } });
    expect(await last('procurement', p.id, 'file_delete')).toMatchObject({ before: { file_id: file.body.id, name: 'Техзадание.pdf' } });

    await ok(
      t.call(routes.documentation.putProcurementsDocumentsValues, {
        params: { id: p.id, template: 'notice' },
        token: w.client,
        body: { values: { signerName: 'Петров Пётр Петрович' } },
      }),
    );
    await ok(
      t.call(routes.documentation.putProcurementsDocumentsValues, {
        params: { id: p.id, template: 'notice' },
        token: w.client,
        body: { values: { signerName: 'Сидоров Сидор Сидорович' } },
      }),
    );
    const saved = (await trail('procurement', p.id)).length;
    await ok(
      t.api('PUT', `/api/procurements/${p.id}`, {
        token: w.client,
        body: { ...procurementBody, title: 'Поставка бумаги (изменено)', nmcd: '1200.50' },
      }),
    );
    await ok(
      t.call(routes.documentation.putProcurementsDocumentsValues, {
        params: { id: p.id, template: 'notice' },
        token: w.client,
        body: { values: { signerName: 'Сидоров Сидор Сидорович' } },
      }),
    );
    expect(await trail('procurement', p.id)).toHaveLength(saved); // saved again without a change: nothing recorded
    const values = await last('procurement', p.id, 'document_values');
    expect(values).toMatchObject({
      before: { document: 'notice', signerName: 'Петров Пётр Петрович' },
      after: { document: 'notice', signerName: 'Сидоров Сидор Сидорович' },
    });
    // the object by its business number, a document's keys by the template's own labels
    expect(values?.entity_number).toBe(p.number);
    expect(values?.field_titles?.signerName).toEqual(expect.stringMatching(/^[А-ЯЁ]/));
    expect(created?.field_titles).toBeUndefined();

    await ok(
      t.call(routes.procurements.postTransition, {
        params: { id: p.id },
        token: w.client,
        body: { to: 'cancelled', comment: 'Потребность отпала' },
      }),
    );
    expect(await last('procurement', p.id, 'status')).toMatchObject({
      before: { status: 'draft' },
      after: { status: 'cancelled', comment: 'Потребность отпала' },
    });
  });

  it('writes nothing when the change is refused (same transaction)', async () => {
    const p = await ok(t.api<ProcurementResponse>('POST', '/api/procurements', { token: w.client, body: procurementBody }));
    const before = (await trail('procurement', p.id)).length;
    expect(
      (await t.call(routes.procurements.postTransition, { params: { id: p.id }, token: w.client, body: { to: 'cancelled' } })).status,
    ).toBe(400);
    expect(
      (await t.call(routes.procurements.postTransition, { params: { id: p.id }, token: w.client, body: { to: 'published' } })).status,
    ).toBe(409);
    expect(await trail('procurement', p.id)).toHaveLength(before);
  });
});

describe('rules', () => {
  it('records a rule, its version and the version’s document rules on the version', async () => {
    const rule = await ok(
      t.call(routes.rules.postProcurementRules, { token: w.specialist, headers: as(w.demoId), body: { title: 'Положение для журнала' } }),
    );
    await ok(
      t.call(routes.rules.putProcurementRulesById, {
        params: { id: rule.id },
        token: w.specialist,
        headers: as(w.demoId),
        body: { title: 'Положение для журнала (ред.)' },
      }),
    );
    expect(await last('procurement_rule', rule.id, 'update')).toMatchObject({
      before: { title: 'Положение для журнала' },
      after: { title: 'Положение для журнала (ред.)' },
    });

    const base = `/api/procurement_rules/${rule.id}/versions`;
    const v = await ok(
      t.api<{ id: number }>('POST', base, {
        token: w.specialist,
        headers: as(w.demoId),
        body: { number: '1', in_force_from: '2024-03-01' },
      }),
    );
    await ok(
      t.api('PUT', `${base}/${v.id}`, {
        token: w.specialist,
        headers: as(w.demoId),
        body: { number: '1', in_force_from: '2024-04-01', notes: 'Сроки уточнены' },
      }),
    );
    const edit = await last('rule_version', v.id, 'update');
    expect(edit?.before).toEqual({ in_force_from: '2024-03-01', notes: null });
    expect(edit?.after).toEqual({ in_force_from: '2024-04-01', notes: 'Сроки уточнены' });

    const doc = await ok(
      t.api<{ id: number }>('POST', `${base}/${v.id}/document_rules`, {
        token: w.specialist,
        headers: as(w.demoId),
        body: { method: 'auction', document_kind: 'notice' },
      }),
    );
    await ok(
      t.api('PUT', `${base}/${v.id}/document_rules/${doc.id}`, {
        token: w.specialist,
        headers: as(w.demoId),
        body: { method: 'auction', document_kind: 'notice', required: false },
      }),
    );
    expect((await t.api('DELETE', `${base}/${v.id}/document_rules/${doc.id}`, { token: w.specialist, headers: as(w.demoId) })).status).toBe(
      204,
    );
    const actions = (await trail('rule_version', v.id)).map((e) => e.action);
    expect(actions).toEqual(['create', 'update', 'document_rule_create', 'document_rule_update', 'document_rule_delete']);
    expect(await last('rule_version', v.id, 'document_rule_update')).toMatchObject({
      before: { document_rule_id: doc.id, required: true },
      after: { document_rule_id: doc.id, required: false },
    });

    await ok(t.api('POST', `${base}/${v.id}/approve`, { token: w.specialist, headers: as(w.demoId), body: { approved_on: '2024-03-15' } }));
    expect(await last('rule_version', v.id, 'approve')).toMatchObject({
      before: { status: 'draft' },
      after: { status: 'approved', approved_on: '2024-03-15' },
    });
    await ok(t.call(routes.rules.postProcurementRulesArchive, { params: { id: rule.id }, token: w.specialist, headers: as(w.demoId) }));
    expect(await last('procurement_rule', rule.id, 'archive')).toMatchObject({ before: { archived: false }, after: { archived: true } });
  });
});

describe('tariffs, registrations and ЕИС settings', () => {
  it('records a company’s tariff period: assigned, changed, removed', async () => {
    const plans = await ok(t.call(routes.tariffs.get, { token: admin }));
    const url = `/api/companies/${w.otherId}/tariffs`;
    const a = await ok(
      t.api<{ id: number }>('POST', url, { token: admin, body: { tariff_id: plans.items[0].id, valid_from: '2030-01-01' } }),
    );
    await ok(
      t.api('PUT', `${url}/${a.id}`, {
        token: admin,
        body: { tariff_id: plans.items[0].id, valid_from: '2030-01-01', valid_to: '2030-12-31' },
      }),
    );
    expect((await t.api('DELETE', `${url}/${a.id}`, { token: admin })).status).toBe(204);
    const entries = await trail('company_tariff', a.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]).toMatchObject({
      company_id: w.otherId,
      after: { tariff_id: plans.items[0].id, tariff_name: plans.items[0].name, valid_from: '2030-01-01' },
    });
    expect(entries[1]).toMatchObject({ before: { valid_to: null }, after: { valid_to: '2030-12-31' } });
    expect(entries[2].before).toMatchObject({ valid_from: '2030-01-01', valid_to: '2030-12-31' });
    // the screen shows «Тариф: Базовый», not «Тариф: 4»
    expect(entries[0].refs).toEqual({ [`tariff:${plans.items[0].id}`]: plans.items[0].name });
  });

  it('records a refused registration with the operator and the reason', async () => {
    const [reg] = await t.server.deps.db
      .insert(registrations)
      .values({
        company: { title: 'ООО «Отказник»', inn: '7707083893', ticket_hash: 'x' },
        userTitle: 'Заявитель',
        login: 'otkaznik',
        email: 'o@example.ru',
        passwordHash: 'hash',
      })
      .returning();
    await ok(
      t.call(routes.auth.postRegistrationsReject, { params: { id: reg.id }, token: w.operator, body: { reason: 'Неполные сведения' } }),
    );
    const [e] = await trail('registration', reg.id);
    expect(e).toMatchObject({
      action: 'reject',
      user_title: expect.any(String),
      company_id: null,
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'Неполные сведения', login: 'otkaznik' },
    });
    expect(JSON.stringify(e)).not.toMatch(/hash/);
  });

  it('records an ЕИС settings change and only that the password changed, never the password', async () => {
    const url = `/api/companies/${w.demoId}/eis_settings`;
    await ok(t.api('PUT', url, { token: w.client, body: { inn: '0105123458', login: 'eis-first' } }));
    await ok(t.api('PUT', url, { token: w.client, body: { inn: '0105123458', login: 'eis-second', password: 'Top-Secret-EIS-42' } }));
    const entries = await trail('eis_settings', w.demoId);
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      before: { login: 'eis-first' },
      after: { login: 'eis-second', password_changed: true },
    });
    expect(JSON.stringify(entries)).not.toContain('Top-Secret-EIS-42');
  });
});

describe('contracts and their execution', () => {
  const FIX = (kind: string, name: string) => fs.readFileSync(path.join(fixturePath(kind), name));

  it('records an import (creation, then a newer version) on behalf of the user, and of the system without one', async () => {
    const xml = FIX('eis223', 'contract_test.xml');
    expect((await upload(t, 'POST', '/api/eis/upload?confirm_customer=true', w.client, 'contract_test.xml', xml)).status).toBe(200);
    const v2 = xml
      .toString('utf8')
      .replace('<ns2:version>1</ns2:version>', '<ns2:version>2</ns2:version>')
      .replace('<ns2:price>2014000</ns2:price>', '<ns2:price>2100000</ns2:price>');
    expect(
      (await upload(t, 'POST', '/api/eis/upload?confirm_customer=true', w.client, 'contract_test_v2.xml', Buffer.from(v2, 'utf8'))).status,
    ).toBe(200);
    const found = await ok(t.call(routes.audit.get, { query: { entity: 'contract', limit: '100' }, token: admin }));
    const created = found.items.find((e) => e.action === 'import_create')!;
    expect(created).toMatchObject({
      company_id: w.demoId,
      user_id: expect.any(Number),
      after: { version: 1, price: '2014000.00', source: 'upload' },
    });
    const updated = await last('contract', created.entity_id, 'import_update');
    expect(updated).toMatchObject({ before: { version: 1, price: '2014000.00' }, after: { version: 2, price: '2100000.00' } });

    const records = parseEisContracts(FIX('eis223', 'contract_without_xmlns.xml')).contracts;
    const [stored] = await t.server.deps.db.transaction((tx) => storeContracts(tx, w.otherId, records, 'eis'));
    expect(await last('contract', stored.id, 'import_create')).toMatchObject({ user_id: null, company_id: w.otherId });

    // two versions of one record in one batch: one contract, of the later version, and both answers name it
    const [one] = parseEisContracts(FIX('eis223', 'contract_test.xml')).contracts;
    const batch = [
      { ...one, registrationNumber: '59999999999999999999991', version: 3 },
      { ...one, registrationNumber: '59999999999999999999991', version: 1 },
    ];
    const [a, b] = await t.server.deps.db.transaction((tx) => storeContracts(tx, w.otherId, batch, 'eis'));
    expect(a).toMatchObject({ change: 'created' });
    expect(b.id).toBe(a.id);
    const rows = await t.server.deps.db
      .select({ version: contracts.version })
      .from(contracts)
      .where(eq(contracts.registryNumber, '59999999999999999999991'));
    expect(rows).toEqual([{ version: 3 }]);
  });

  it('records УПД upload and processing, a manual line mapping and a payment linked and unlinked', async () => {
    const db = t.server.deps.db;
    const [c] = await db
      .insert(contracts)
      .values({
        companyId: w.demoId,
        registryNumber: '37777777777777777777777',
        number: 'Д-777',
        contractDate: '2025-01-20',
        subject: 'Поставка',
        supplierName: 'ООО «Поставщик»',
        supplierInn: '9103624367',
        price: '100000.00',
      })
      .returning();
    const [pos] = await db
      .insert(contractPositions)
      .values({ contractId: c.id, ordinal: 1, name: 'Совсем другое', okeiCode: '796', unitPrice: '1.00', quantity: '1' })
      .returning();
    expect(
      (await upload(t, 'POST', `/api/contracts/${c.id}/upd?confirm=true`, w.client, 'upd.xml', FIX('upd', 'upd_970_v5_02_seller.xml')))
        .status,
    ).toBe(200);
    expect(
      (await upload(t, 'POST', '/api/payments/import?confirm=true', w.client, 'statement.txt', FIX('bank1c', 'statement_cp1251.txt')))
        .status,
    ).toBe(200);
    await Promise.all([t.server.deps.jobs.idle(PROCESS_UPD_JOB), t.server.deps.jobs.idle(IMPORT_PAYMENTS_JOB)]);

    const [doc] = await ok(t.call(routes.contracts.getAcceptance, { params: { id: c.id }, token: w.client }));
    const line = doc.lines[0];
    await ok(
      t.call(routes.contracts.putAcceptanceLinesMapping, { params: { lineId: line.id }, token: w.client, body: { position_id: pos.id } }),
    );
    const payments = await ok(t.call(routes.contracts.getPayments, { query: { limit: '100' }, token: w.client }));
    const pay = payments.items.find((p) => p.contract_id !== c.id)!;
    // the statement's payee is not the contract's supplier: bound only with the user's confirmation, the findings kept
    await ok(
      t.call(routes.contracts.putPaymentsContract, { params: { id: pay.id }, token: w.client, body: { contract_id: c.id, confirm: true } }),
    );
    await ok(
      t.call(routes.contracts.putPaymentsContract, {
        params: { id: pay.id },
        token: w.client,
        body: { contract_id: null, reason: 'Привязано ошибочно' },
      }),
    );

    const entries = await trail('contract', c.id);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['upd_upload', 'upd_processed', 'line_mapping', 'payment_link', 'payment_unlink']),
    );
    expect(entries.find((e) => e.action === 'upd_upload')).toMatchObject({ after: { document_id: doc.id, number: doc.number } });
    expect(entries.find((e) => e.action === 'upd_processed')).toMatchObject({
      user_id: expect.any(Number),
      after: { document_id: doc.id, status: 'processed' },
    });
    expect(entries.find((e) => e.action === 'line_mapping')).toMatchObject({
      before: { line_id: line.id, position_id: line.position_id },
      after: { line_id: line.id, position_id: pos.id },
    });
    expect(entries.filter((e) => e.action === 'payment_link').at(-1)).toMatchObject({
      after: { payment_id: pay.id, amount: pay.amount, linked_by: 'user' },
    });
    expect(entries.at(-1)).toMatchObject({
      action: 'payment_unlink',
      before: { payment_id: pay.id },
      after: { withdrawn: true, reason: 'Привязано ошибочно' },
    });
  });
});

describe('who sees the trail', () => {
  it('is staff only: a client gets 403 for the list and for an object’s history', async () => {
    expect((await t.call(routes.audit.get, { token: w.client })).status).toBe(403);
    expect((await t.call(routes.audit.getById, { params: { entity: 'company', id: w.demoId }, token: w.client })).status).toBe(403);
    expect((await t.call(routes.audit.getById, { params: { entity: 'company', id: w.demoId }, token: w.otherClient })).status).toBe(403);
  });

  it("shows staff their granted companies only: never company B's entries, by list, filter or object", async () => {
    const other = await ok(
      t.api<ProcurementResponse>('POST', '/api/procurements', {
        token: w.otherClient,
        body: { ...procurementBody, title: 'Закупка чужой организации' },
      }),
    );
    const mine = await ok(
      t.api<ProcurementResponse>('POST', '/api/procurements', {
        token: w.client,
        body: { ...procurementBody, title: 'Закупка своей организации' },
      }),
    );

    const granted = await ok(t.call(routes.audit.get, { query: { entity: 'procurement', limit: '500' }, token: w.specialist }));
    expect(granted.items.some((e) => e.entity_id === String(mine.id))).toBe(true);
    expect(granted.items.every((e) => e.company_id !== w.otherId)).toBe(true);
    expect((await t.call(routes.audit.getById, { params: { entity: 'procurement', id: other.id }, token: w.specialist })).status).toBe(404);
    const byId = await ok(t.call(routes.audit.get, { query: { entity: 'procurement', entity_id: other.id }, token: w.specialist }));
    expect(byId.total).toBe(0);
    const words = await ok(t.call(routes.audit.get, { query: { q: 'чужой организации' }, token: w.specialist }));
    expect(words.total).toBe(0);
    expect((await ok(t.call(routes.audit.get, { query: { q: 'чужой организации' }, token: admin }))).total).toBeGreaterThan(0);
    expect((await t.call(routes.audit.get, { query: { company_id: w.otherId }, token: w.specialist })).status).toBe(404);

    const noGrant = await ok(t.call(routes.audit.get, { query: { entity: 'procurement', limit: '500' }, token: w.operator }));
    expect(noGrant.items.some((e) => e.company_id === w.demoId || e.company_id === w.otherId)).toBe(false);

    const all = await ok(t.call(routes.audit.get, { query: { entity: 'procurement', entity_id: other.id }, token: admin }));
    expect(all.items[0]).toMatchObject({ company_id: w.otherId, action: 'create' });
  });

  it('names the objects an entry refers to by id, only those the reader may see', async () => {
    await t.server.deps.db.transaction((tx) =>
      audit(
        tx,
        { user: null, companyId: w.demoId },
        { entity: 'probe', entityId: 'refs', action: 'create', after: { company_id: w.demoId, company_ids: [w.demoId, w.otherId] } },
      ),
    );
    const [byAdmin] = await trail('probe', 'refs');
    const demo = await ok(t.call(routes.companies.getById, { params: { id: w.demoId }, token: admin }));
    const other = await ok(t.call(routes.companies.getById, { params: { id: w.otherId }, token: admin }));
    expect(byAdmin.refs).toEqual({ [`company:${w.demoId}`]: demo.title, [`company:${w.otherId}`]: other.title });
    const [bySpecialist] = await trail('probe', 'refs', w.specialist);
    expect(bySpecialist.refs).toEqual({ [`company:${w.demoId}`]: demo.title });
  });

  it("takes several object types at once: a company card's history", async () => {
    await ok(t.call(routes.companies.postContacts, { params: { id: w.demoId }, token: w.client, body: { name: 'Контакт для карточки' } }));
    const r = await ok(
      t.call(routes.audit.get, {
        query: { company_id: w.demoId, entity: 'company,contact,eis_settings', limit: '100' },
        token: w.specialist,
      }),
    );
    expect(new Set(r.items.map((e) => e.entity))).toEqual(new Set(['contact', 'eis_settings']));
  });
});
