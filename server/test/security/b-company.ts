/** Builds "company B" with one object of every kind, through the API as admin (helper of the isolation matrix). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../harness';
import type { Config } from '../../src/config';
import { PDF, as, innFrom9, upload } from '../factories';
import {
  contractPositions,
  contracts,
  eisImports,
  executionRecords,
  procedureApplications,
  procedureCriteria,
  procedureProtocols,
  planItems,
  plans,
  tenderPlanPositions,
  tenderPlans,
} from '../../src/db/schema';
import { fixturePath } from '../../src/formats/fixtures-path';
import { PROCESS_UPD_JOB } from '../../src/modules/contracts/upload-upd';
import { IMPORT_PAYMENTS_JOB } from '../../src/modules/contracts/import-payments';
import { BUILD_REPORT_JOB } from '../../src/modules/contracts/reports';

export interface CompanyB {
  companyId: number;
  /** Strings that exist only in B's objects: none may appear in an answer to someone without access to B. */
  markers: string[];
  /** The login of B's user (password demo12345): the approver of B's approval run */
  userLogin: string;
  ids: {
    contact: number;
    bank: number;
    user: number;
    assignment: number;
    rule: number;
    version: number;
    docRule: number;
    procurement: number;
    file: number;
    /** A price source of B's НМЦК justification (modules/nmck) */
    nmckSource: number;
    /** A line of B's procurement's object (modules/procurements, procurement-lines.ts) */
    procurementLine: number;
    /** An application to B's purchase and a criterion of its procedure (modules/procedure) */
    procedureApplication: number;
    procedureCriterion: number;
    /** Catalogue element per API path segment, e.g. 'elements', 'exec-terms'. */
    catalog: Record<string, number>;
    contract: number;
    acceptanceLine: number;
    /** B's УПД (the acceptance document of that line) */
    acceptanceDocument: number;
    payment: number;
    /** A running ЕИС import of B's (inserted: its job is never queued). */
    eisImport: string;
    report: string;
    plan: string;
    planItem: number;
    /** B's execution record of its contract (a draft, as before sending) */
    executionRecord: number;
    /** B's own DOCX template */
    template: number;
    /** B's approval route, and a run of it on a purchase of B's (its slot waits for B's user) */
    approvalRoute: number;
    approval: number;
    approvalSlot: number;
    /** B's 44-FZ план-график (its number) and one of its positions */
    tenderPlan: string;
    tenderPosition: number;
  };
}

export async function createCompanyB(t: TestServer, admin: string): Promise<CompanyB> {
  const hex = crypto.randomBytes(4).toString('hex');
  const tag = `Бета${hex}`;
  const inn = innFrom9(String(600000000 + crypto.randomInt(99_999_999)).slice(0, 9));
  const call = async <T = { id: number }>(method: string, url: string, body?: unknown, companyId?: number): Promise<T> => {
    const r = await t.api<T>(method, url, { token: admin, body, headers: companyId ? as(companyId) : {} });
    if (r.status !== 200) throw new Error(`B setup ${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  const company = await call('POST', '/api/companies', { title: `ООО «${tag}»`, inn, kpp: '773601001', law: '223' });
  const b = company.id;
  const contact = await call('POST', `/api/companies/${b}/contacts`, { name: `Контакт ${tag}`, email: 'beta@example.ru', is_active: true });
  const bank = await call('POST', `/api/companies/${b}/bank_requesits`, {
    bank_name: `Банк ${tag}`,
    bik: '044525225',
    corr_account: '30101810400000000225',
    account: '40702810938000000001',
    is_main: true,
  });
  const userLogin = `beta${crypto.randomBytes(3).toString('hex')}`;
  const user = await call('POST', '/api/users', {
    title: `Пользователь ${tag}`,
    login: userLogin,
    role: 'client',
    company_id: b,
    password: 'demo12345',
  });
  await call('PUT', `/api/companies/${b}/eis_settings`, { inn, login: `eis-${tag}`, password: 'Secret-EIS-1' });
  const plans = await call<{ items: { id: number }[] }>('GET', '/api/tariffs');
  const assignment = await call('POST', `/api/companies/${b}/tariffs`, { tariff_id: plans.items[0].id, valid_from: '2025-01-01' });

  const rule = await call('POST', '/api/procurement_rules', { title: `Положение ${tag}` }, b);
  const version = await call('POST', `/api/procurement_rules/${rule.id}/versions`, { number: '1', in_force_from: '2024-01-01' }, b);
  const docRule = await call(
    'POST',
    `/api/procurement_rules/${rule.id}/versions/${version.id}/document_rules`,
    { method: 'auction', document_kind: 'notice' },
    b,
  );
  const approval = await upload(
    t,
    'POST',
    `/api/procurement_rules/${rule.id}/versions/${version.id}/approval_document`,
    admin,
    `Утверждение ${tag}.pdf`,
    PDF,
    as(b),
  );
  if (approval.status !== 200) throw new Error(`B setup approval document: ${approval.status} ${JSON.stringify(approval.body)}`);
  const procurement = await call(
    'POST',
    '/api/procurements',
    {
      title: `Закупка ${tag}`,
      method: 'auction_e',
      subject: 'goods',
      nmcd: '1500000.50',
      okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
    },
    b,
  );
  const nmck = await call<{ sources: { id: number }[] }>(
    'POST',
    `/api/procurements/${procurement.id}/nmck/sources`,
    { kind: 'quote', supplier: `Поставщик ${tag}`, price_date: '2026-11-02', unit_price: '100.00' },
    b,
  );
  const lines = await call<{ items: { id: number }[] }>(
    'POST',
    `/api/procurements/${procurement.id}/lines`,
    { okpd2_code: '17.12.14.129', name: `Бумага ${tag}`, okei_code: '796', quantity: '10', unit_price: '350.00' },
    b,
  );
  const file = await upload(t, 'POST', `/api/procurements/${procurement.id}/files`, admin, `Файл ${tag}.pdf`, PDF, as(b));
  if (file.status !== 200) throw new Error(`B setup file: ${file.status} ${JSON.stringify(file.body)}`);

  // a purchase of its own goes on approval, so B's other purchase stays editable for the walks
  const approvalRoute = await call(
    'POST',
    '/api/approval_routes',
    { kind: 'purchase', title: `Маршрут ${tag}`, is_default: true, steps: [{ participants: [{ user_id: user.id }], term_days: 2 }] },
    b,
  );
  const onApproval = await call(
    'POST',
    '/api/procurements',
    { title: `Закупка на согласовании ${tag}`, method: 'auction_e', subject: 'goods', nmcd: '1000.00' },
    b,
  );
  const approvalRun = await call<{ id: number; slots: { id: number }[] }>(
    'POST',
    '/api/approvals',
    { kind: 'purchase', document_id: onApproval.id },
    b,
  );

  // B's own template (44-ФЗ templates belong to the company): the built-in one uploaded back as B's
  const builtin = await t.server.app.inject({
    method: 'GET',
    url: '/api/document-templates/builtin/44/notice/goods',
    headers: { authorization: `Bearer ${admin}`, ...as(b) },
  });
  if (builtin.statusCode !== 200) throw new Error(`B setup built-in template: ${builtin.statusCode}`);
  const template = await upload(
    t,
    'POST',
    '/api/document-templates?law=44&document_kind=notice&subject=goods',
    admin,
    `Извещение ${tag}.docx`,
    builtin.rawPayload,
    as(b),
  );
  if (template.status !== 200) throw new Error(`B setup template: ${template.status} ${JSON.stringify(template.body)}`);

  const subject = await call('POST', '/api/catalogs/subjects', { code: `b_${hex}`, name: `Предмет ${tag}`, subject_type: 3 }, b);
  const document = await call(
    'POST',
    '/api/catalogs/documents',
    { code: `b-doc-${hex}`, name: `Документ ${tag}`, template_code: 'tech-spec' },
    b,
  );
  const catalog: Record<string, number> = {
    subjects: subject.id,
    documents: document.id,
    elements: (await call('POST', '/api/catalogs/elements', { type: 8, name: `Источник ${tag}` }, b)).id,
    'exec-terms': (await call('POST', '/api/catalogs/exec-terms', { type: 2, name: `Место ${tag}` }, b)).id,
    methods: (
      await call(
        'POST',
        '/api/catalogs/methods',
        { code: `b_m_${hex}`, name: `Способ ${tag}`, is_competitive: true, is_electronic: true },
        b,
      )
    ).id,
    ensuring: (
      await call(
        'POST',
        '/api/catalogs/ensuring',
        { name: `Обеспечение ${tag}`, kind: 'contract', value_type: 'percent', percent: '7,5', percent_min: '5', percent_max: '30' },
        b,
      )
    ).id,
    products: (
      await call(
        'POST',
        '/api/catalogs/products',
        { name: `Товар ${tag}`, okpd2_code: '17.12.14.110', okei_code: '796', subject_id: subject.id, code: `B-${hex}` },
        b,
      )
    ).id,
    'document-subjects': (
      await call(
        'POST',
        '/api/catalogs/document-subjects',
        { subject_id: subject.id, document_id: document.id, required: false, sort_order: 5 },
        b,
      )
    ).id,
  };
  const execution = await createExecutionObjects(t, admin, b, tag, hex);
  const procedure = await createProcedureObjects(t, admin, b, procurement.id, tag);
  return {
    companyId: b,
    markers: [tag, inn],
    userLogin,
    ids: {
      contact: contact.id,
      bank: bank.id,
      user: user.id,
      assignment: assignment.id,
      rule: rule.id,
      version: version.id,
      docRule: docRule.id,
      procurement: procurement.id,
      file: Number(file.body.id),
      nmckSource: nmck.sources[0].id,
      procurementLine: lines.items[0].id,
      ...procedure,
      catalog,
      template: Number((template.body as { id: number }).id),
      approvalRoute: approvalRoute.id,
      approval: approvalRun.id,
      approvalSlot: approvalRun.slots[0].id,
      ...execution,
    },
  };
}

/**
 * An application, a criterion and a review protocol of B's purchase, inserted: through the API they need the purchase
 * past its end of applications, which B's fresh draft is not.
 */
async function createProcedureObjects(t: TestServer, admin: string, b: number, procurementId: number, tag: string) {
  const db = t.server.deps.db;
  const fileKey = await t.server.deps.files.put(Buffer.from(PDF), 'application');
  const [application] = await db
    .insert(procedureApplications)
    .values({
      companyId: b,
      procurementId,
      participantName: `Участник ${tag}`,
      inn: '7707083893',
      receivedAt: new Date('2026-01-14T07:00:00Z'),
      price: '100.00',
      admitted: true,
      fileKey,
      fileName: 'zayavka.pdf',
    })
    .returning();
  const [criterion] = await db
    .insert(procedureCriteria)
    .values({ companyId: b, procurementId, name: 'Квалификация участника', kind: 'other', weight: '100.00', ordinal: 1 })
    .returning();
  // the protocol's snapshot is what the panel said when it was made (modules/procedure makeProtocol)
  const panel = (await t.api('GET', `/api/procurements/${procurementId}/procedure`, { token: admin, headers: as(b) })).body;
  const snapshot = {
    procurement: { number: null, title: `Закупка ${tag}`, method: 'request_proposals', law: '223', nmcd: '100.00', customer: tag },
    panel,
    winner: null,
  };
  await db.insert(procedureProtocols).values({ companyId: b, procurementId, kind: 'review', signedOn: '2026-01-15', snapshot });
  return { procedureApplication: application.id, procedureCriterion: criterion.id };
}

/**
 * B's contract (with a position), УПД line, payment order, report and plan item. The contract and the plan are inserted
 * directly: through the API they come only from ЕИС (fake ЕИС + integration service), which the matrix does not start.
 */
async function createExecutionObjects(t: TestServer, admin: string, b: number, tag: string, hex: string) {
  const db = t.server.deps.db;
  const jobs = t.server.deps.jobs;
  const registryNumber = `3${String(crypto.randomInt(1e9)).padStart(9, '0')}${'0'.repeat(13)}`;
  const [contract] = await db
    .insert(contracts)
    .values({
      companyId: b,
      registryNumber,
      number: `Д-${hex}`,
      contractDate: '2025-01-20',
      subject: `Поставка ${tag}`,
      supplierName: 'ООО «Поставщик»',
      supplierInn: '9103624367',
      price: '100000.00',
    })
    .returning();
  await db
    .insert(contractPositions)
    .values({ contractId: contract.id, ordinal: 1, name: 'СведТов-НаимТов', okeiCode: '113', unitPrice: '200.00', quantity: '10' });

  const check = (what: string, r: { status: number; body: unknown }) => {
    if (r.status !== 200) throw new Error(`B setup ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown>;
  };
  check(
    'УПД',
    await upload(
      t,
      'POST',
      `/api/contracts/${contract.id}/upd?confirm=true`,
      admin,
      'upd_970_v5_02_seller.xml',
      fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml')),
      as(b),
    ),
  );
  check(
    'payments',
    await upload(
      t,
      'POST',
      '/api/payments/import?confirm=true',
      admin,
      'statement_cp1251.txt',
      fs.readFileSync(fixturePath('bank1c', 'statement_cp1251.txt')),
      as(b),
    ),
  );
  const report = check(
    'report',
    await t.api('POST', `/api/contracts/${contract.id}/reports`, { token: admin, headers: as(b), body: { format: 'xlsx' } }),
  );
  await Promise.all([jobs.idle(PROCESS_UPD_JOB), jobs.idle(IMPORT_PAYMENTS_JOB), jobs.idle(BUILD_REPORT_JOB)]);

  const acceptance = check(
    'acceptance',
    await t.api('GET', `/api/contracts/${contract.id}/acceptance`, { token: admin, headers: as(b) }),
  ) as unknown as { id: number; lines: { id: number }[] }[];
  const payments = check('payments list', await t.api('GET', '/api/payments', { token: admin, headers: as(b) })) as {
    items: { id: number }[];
  };
  const acceptanceLine = acceptance[0]?.lines[0]?.id;
  const payment = payments.items[0]?.id;
  if (!acceptanceLine || !payment) throw new Error(`B setup: no acceptance line (${acceptanceLine}) or payment order (${payment})`);

  const planNumber = `B${hex}`;
  const [plan] = await db
    .insert(plans)
    .values({
      companyId: b,
      registrationNumber: planNumber,
      year: 2025,
      name: `План ${tag}`,
      itemCount: 1,
      total: '50000.00',
      source: 'upload',
    })
    .returning();
  const [item] = await db
    .insert(planItems)
    .values({
      planId: plan.id,
      companyId: b,
      ordinal: 1,
      subject: `Бумага ${tag}`,
      okpd2Code: '17.12.14.129',
      okeiCode: '796',
      okeiName: 'Штука',
      quantity: '100',
      nmcd: '50000.00',
      plannedMonth: '2025-03-01',
      method: 'auction_e',
    })
    .returning();
  const eisImport = crypto.randomUUID();
  await db.insert(eisImports).values({
    id: eisImport,
    companyId: b,
    userId: null,
    origin: 'manual',
    documentTypes: ['contract'],
    dateFrom: '2025-01-01',
    dateTo: '2025-01-31',
    daysTotal: 31,
  });
  const [record] = await db
    .insert(executionRecords)
    .values({ contractId: contract.id, companyId: b, guid: crypto.randomUUID(), payload: {} })
    .returning();
  const tenderPlan = `2025${hex.padEnd(14, '0').replace(/\D/g, '0').slice(0, 14)}`;
  const [tp] = await db
    .insert(tenderPlans)
    .values({
      companyId: b,
      planNumber: tenderPlan,
      version: 1,
      year: 2025,
      customerName: `ГБУ ${tag}`,
      positionCount: 1,
      total: '50000.00',
      source: 'upload',
    })
    .returning();
  const [position] = await db
    .insert(tenderPlanPositions)
    .values({
      planId: tp.id,
      companyId: b,
      positionNumber: '1',
      subject: `Бумага ${tag}`,
      okpd2Code: '17.12.14.129',
      kvrCode: '244',
      total: '50000.00',
    })
    .returning();
  return {
    contract: contract.id,
    acceptanceLine,
    acceptanceDocument: acceptance[0].id,
    payment,
    report: String(report.report_code),
    plan: planNumber,
    planItem: item.id,
    eisImport,
    executionRecord: record.id,
    tenderPlan,
    tenderPosition: position.id,
  };
}

/** A server (not listening) with company B built, and the admin's token: the start of the upload walks. */
export async function serverWithCompanyB(overrides: Partial<Config> = {}): Promise<{ t: TestServer; admin: string; b: CompanyB }> {
  const t = await startTestServer(overrides, { listen: false });
  const admin = await t.login('admin');
  return { t, admin, b: await createCompanyB(t, admin) };
}
