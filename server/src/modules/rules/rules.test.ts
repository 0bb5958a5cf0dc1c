import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRuleResponse, Paged, ProcurementRuleResponse, RuleVersionResponse } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { PDF, as, download, upload, world, type World } from '../../../test/factories';
import { DEFAULT_LEAD_TIMES } from '../deadlines';
import { moscowToday } from '../../platform/clock';

let t: TestServer;
let w: World;
let templateId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  const r = await t.call(routes.rules.getProcurementRulesTemplates, { token: w.client });
  templateId = r.body.find((x) => x.title === 'Типовое положение о закупке (223-ФЗ)')!.id;
});
afterAll(async () => t?.close());

const rulesOf = (token: string, query = '', headers: Record<string, string> = {}) =>
  t.api<Paged<ProcurementRuleResponse>>('GET', `/api/procurement_rules${query}`, { token, headers });

async function newRule(title = 'Положение о закупке ОАО «Тест»') {
  const r = await t.call(routes.rules.postProcurementRules, {
    token: w.client,
    body: { title, description: 'Утверждено советом директоров' },
  });
  expect(r.status).toBe(200);
  return r.body;
}

async function newVersion(ruleId: number, body: Record<string, unknown>) {
  const r = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${ruleId}/versions`, { token: w.client, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('the shared template', () => {
  it('is seeded once with an approved version in force and document rules for every method', async () => {
    const tpl = await t.call(routes.rules.getProcurementRulesById, { params: { id: templateId }, token: w.client });
    expect(tpl.body).toMatchObject({
      company_id: null,
      is_template: true,
      versions_count: 1,
      version_in_force: { number: '1', status: 'approved', in_force_from: '2025-01-01' },
    });
    const versions = await t.call(routes.rules.getProcurementRulesVersions, { params: { id: templateId }, token: w.client });
    expect(versions.body).toHaveLength(1);
    expect(versions.body[0]).toMatchObject({ status: 'approved', single_supplier_max: '600000.00', in_force_today: true });
    const docs = await t.call(routes.rules.getProcurementRulesVersionsDocumentRules, {
      params: { id: templateId, versionId: versions.body[0].id },
      token: w.client,
    });
    const methods = new Set(docs.body.map((d) => d.method));
    expect([...methods].sort()).toEqual([
      'auction',
      'auction_e',
      'competition',
      'competition_e',
      'proposal',
      'proposal_e',
      'quotation',
      'quotation_e',
      'single',
    ]);
    // lead times come from the deadlines module as data
    const quotationNotice = docs.body.find((d) => d.method === 'quotation_e' && d.document_kind === 'notice')!;
    const quotationDefault = DEFAULT_LEAD_TIMES.find((r) => r.method === 'quotation' && r.smeOnly === null)!;
    expect(quotationNotice).toMatchObject({ required: true, min_days: quotationDefault.days, days_unit: 'working' });
    const single = docs.body.filter((d) => d.method === 'single' && d.nmcd_max === '600000.00');
    expect(single.map((d) => d.document_kind).sort()).toEqual(['draft-contract', 'nmcd-justification']);
    expect(single[0].note).toBe('Закупка у единственного поставщика до 600 000 ₽');
  });

  it('cannot be changed through the company endpoints', async () => {
    expect(
      (await t.call(routes.rules.putProcurementRulesById, { params: { id: templateId }, token: w.client, body: { title: 'Моё' } })).status,
    ).toBe(404);
    expect((await t.call(routes.rules.postProcurementRulesArchive, { params: { id: templateId }, token: w.client })).status).toBe(404);
  });
});

describe('rules of a company', () => {
  it('lists, creates, edits, archives and restores', async () => {
    const rule = await newRule('Положение о закупке АО «Ромашка»');
    expect(rule).toMatchObject({ company_id: w.demoId, is_template: false, archived: false, versions_count: 0, version_in_force: null });
    const edited = await t.call(routes.rules.putProcurementRulesById, {
      params: { id: rule.id },
      token: w.client,
      body: { title: 'Положение о закупке АО «Ромашка» (новое)', law: '223' },
    });
    expect(edited.body.title).toBe('Положение о закупке АО «Ромашка» (новое)');
    expect((await rulesOf(w.client, '?q=Ромашка')).body.items.map((r) => r.id)).toEqual([rule.id]);
    expect((await t.call(routes.rules.postProcurementRulesArchive, { params: { id: rule.id }, token: w.client })).body.archived).toBe(true);
    expect((await rulesOf(w.client, '?q=Ромашка')).body.items).toHaveLength(0);
    expect((await rulesOf(w.client, '?q=Ромашка&archived=true')).body.items.map((r) => r.id)).toEqual([rule.id]);
    expect((await t.call(routes.rules.postProcurementRulesRestore, { params: { id: rule.id }, token: w.client })).body.archived).toBe(
      false,
    );
    // the older company endpoint keeps working
    const legacy = await t.api<{ id: number; title: string }[]>('GET', `/api/companies/${w.demoId}/procurement_rules`, { token: w.client });
    expect(legacy.status).toBe(200);
    expect(legacy.body.map((r) => r.id)).toContain(rule.id);
  });

  it('validates the title with the spec message', async () => {
    const r = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/procurement_rules', {
      token: w.client,
      body: { title: '  ' },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.title).toContain('Обязательное поле');
  });
});

describe('versions', () => {
  it('keeps drafts editable, approves, refuses the same in-force date and picks the version in force', async () => {
    const rule = await newRule();
    const v1 = await newVersion(rule.id, {
      number: '1',
      approved_on: '2024-12-25',
      in_force_from: '2025-01-01',
      lead_time_overrides: [{ method: 'quotation', smeOnly: null, days: 7, unit: 'working', basis: 'Положение, п. 12.3' }],
    });
    expect(v1.status).toBe('draft');
    const quotation = v1.effective_lead_times.filter((r) => r.method === 'quotation' && r.smeOnly === null);
    expect(quotation).toEqual([{ method: 'quotation', smeOnly: null, days: 7, unit: 'working', basis: 'Положение, п. 12.3' }]);

    const bad = await t.call(routes.rules.postProcurementRulesVersions, {
      params: { id: rule.id },
      token: w.client,
      body: {
        number: '9',
        in_force_from: '2025-01-01',
        lead_time_overrides: [{ method: 'auction', smeOnly: null, days: -1, unit: 'calendar' }],
      },
    });
    expect(bad.status).toBe(400);

    const edited = await t.call(routes.rules.putProcurementRulesVersionsByVersionId, {
      params: { id: rule.id, versionId: v1.id },
      token: w.client,
      body: { number: '1', in_force_from: '2025-01-01', notes: 'Первая редакция' },
    });
    expect(edited.body).toMatchObject({ notes: 'Первая редакция', lead_time_overrides: null });

    const approved = await t.call(routes.rules.postProcurementRulesVersionsApprove, {
      params: { id: rule.id, versionId: v1.id },
      token: w.client,
    });
    // the edit dropped the approval date, so the day of approval is taken — no later than the day it came into force
    expect(approved.body).toMatchObject({
      status: 'approved',
      status_title: 'Утверждена',
      approved_on: moscowToday() < '2025-01-01' ? moscowToday() : '2025-01-01',
    });
    expect(
      (
        await t.call(routes.rules.putProcurementRulesVersionsByVersionId, {
          params: { id: rule.id, versionId: v1.id },
          token: w.client,
          body: { number: '1', in_force_from: '2025-02-01' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.call(routes.rules.postProcurementRulesVersionsApprove, { params: { id: rule.id, versionId: v1.id }, token: w.client }))
        .status,
    ).toBe(409);
    expect(
      (await t.call(routes.rules.deleteProcurementRulesVersionsByVersionId, { params: { id: rule.id, versionId: v1.id }, token: w.client }))
        .status,
    ).toBe(409);

    const v2 = await newVersion(rule.id, { number: '2', in_force_from: '2025-01-01' });
    const clash = await t.call(routes.rules.postProcurementRulesVersionsApprove, {
      params: { id: rule.id, versionId: v2.id },
      token: w.client,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Редакция № 1 уже вступает в силу 01.01.2025: укажите другую дату вступления в силу');
    await t.call(routes.rules.putProcurementRulesVersionsByVersionId, {
      params: { id: rule.id, versionId: v2.id },
      token: w.client,
      body: { number: '2', in_force_from: '2026-03-01' },
    });
    expect(
      (
        await t.call(routes.rules.postProcurementRulesVersionsApprove, {
          params: { id: rule.id, versionId: v2.id },
          token: w.client,
          body: { approved_on: '2026-02-10' },
        })
      ).body,
    ).toMatchObject({ status: 'approved', approved_on: '2026-02-10' });

    const inForce = async (date: string) =>
      (await t.call(routes.rules.getProcurementRulesInForce, { params: { id: rule.id }, query: { date }, token: w.client })).body?.number ??
      null;
    expect(await inForce('2024-12-31')).toBeNull();
    expect(await inForce('2025-01-01')).toBe('1');
    expect(await inForce('2026-02-28')).toBe('1');
    expect(await inForce('2026-03-01')).toBe('2');

    // a draft never takes effect, whatever its date
    const v3 = await newVersion(rule.id, { number: '3', in_force_from: '2026-03-02' });
    // approved after it came into force — refused, on saving and on approving
    const late = await t.api<{ message: string; fields: Record<string, string[]> }>(
      'PUT',
      `/api/procurement_rules/${rule.id}/versions/${v3.id}`,
      { token: w.client, body: { number: '3', in_force_from: '2026-03-02', approved_on: '2026-03-05' } },
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Дата утверждения 05.03.2026 позже даты вступления в силу 02.03.2026');
    expect(late.body.fields.approved_on).toEqual(['Дата утверждения не может быть позже даты вступления в силу']);
    expect(
      (
        await t.call(routes.rules.postProcurementRulesVersionsApprove, {
          params: { id: rule.id, versionId: v3.id },
          token: w.client,
          body: { approved_on: '2026-03-03' },
        })
      ).status,
    ).toBe(400);
    expect(await inForce('2026-06-01')).toBe('2');

    expect(
      (await t.call(routes.rules.postProcurementRulesVersionsPublish, { params: { id: rule.id, versionId: v3.id }, token: w.client }))
        .status,
    ).toBe(409);
    // publishing asks for the approving document; an approved version without one may still receive it
    const bare = await t.call(routes.rules.postProcurementRulesVersionsPublish, {
      params: { id: rule.id, versionId: v2.id },
      token: w.client,
    });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Загрузите документ об утверждении редакции: без него редакция не публикуется');
    expect(
      (await upload(t, 'POST', `/api/procurement_rules/${rule.id}/versions/${v2.id}/approval_document`, w.client, 'Протокол № 7.pdf', PDF))
        .status,
    ).toBe(200);
    expect(
      (await upload(t, 'POST', `/api/procurement_rules/${rule.id}/versions/${v2.id}/approval_document`, w.client, 'Другой.pdf', PDF))
        .status,
    ).toBe(409);
    expect(
      (await t.call(routes.rules.postProcurementRulesVersionsPublish, { params: { id: rule.id, versionId: v2.id }, token: w.client })).body,
    ).toMatchObject({ status: 'published', status_title: 'Опубликована' });
    expect(await inForce('2026-06-01')).toBe('2');
    expect(
      (await t.call(routes.rules.deleteProcurementRulesVersionsByVersionId, { params: { id: rule.id, versionId: v3.id }, token: w.client }))
        .status,
    ).toBe(204);
    expect(
      (await t.call(routes.rules.getProcurementRulesVersions, { params: { id: rule.id }, token: w.client })).body.map((v) => v.number),
    ).toEqual(['2', '1']);
  });

  it('stores the approval document of a draft and serves it back', async () => {
    const rule = await newRule();
    const v = await newVersion(rule.id, { number: '1', in_force_from: '2025-04-01' });
    const up = await upload(
      t,
      'POST',
      `/api/procurement_rules/${rule.id}/versions/${v.id}/approval_document`,
      w.client,
      'Протокол совета директоров № 5.pdf',
      PDF,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.approval_document).toEqual({
      name: 'Протокол совета директоров № 5.pdf',
      size: PDF.length,
      content_type: 'application/pdf',
    });
    const got = await download(t, `/api/procurement_rules/${rule.id}/versions/${v.id}/approval_document`, w.client);
    expect(got.status).toBe(200);
    expect(got.data.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Протокол совета директоров № 5.pdf')}`);
    const exe = await upload(
      t,
      'POST',
      `/api/procurement_rules/${rule.id}/versions/${v.id}/approval_document`,
      w.client,
      'virus.exe',
      Buffer.from('MZ'),
    );
    expect(exe.status).toBe(415);
  });
});

describe('document rules', () => {
  it('are edited by staff only, in draft versions, and read by the company', async () => {
    const rule = await newRule();
    const v = await newVersion(rule.id, { number: '1', in_force_from: '2025-05-01' });
    const body = {
      method: 'quotation_e',
      subject: 'goods',
      document_kind: 'notice',
      required: true,
      min_days: 5,
      days_unit: 'working',
      nmcd_max: '7000000',
    };
    const url = `/api/procurement_rules/${rule.id}/versions/${v.id}/document_rules`;
    expect((await t.api('POST', url, { token: w.client, body })).status).toBe(403);
    const created = await t.api<DocumentRuleResponse>('POST', url, { token: w.specialist, headers: as(w.demoId), body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      method: 'quotation_e',
      template: 'notice',
      title: 'Извещение о проведении закупки',
      nmcd_max: '7000000.00',
      nmcd_min: null,
    });
    const bad = await t.api('POST', url, {
      token: w.specialist,
      headers: as(w.demoId),
      body: { ...body, nmcd_min: '9000000', nmcd_max: '100' },
    });
    expect(bad.status).toBe(400);
    const updated = await t.api<DocumentRuleResponse>('PUT', `${url}/${created.body.id}`, {
      token: w.specialist,
      headers: as(w.demoId),
      body: { ...body, required: false },
    });
    expect(updated.body.required).toBe(false);
    const list = await t.api<DocumentRuleResponse[]>('GET', url, { token: w.client });
    expect(list.body.map((d) => d.id)).toEqual([created.body.id]);
    await t.call(routes.rules.postProcurementRulesVersionsApprove, { params: { id: rule.id, versionId: v.id }, token: w.client });
    expect((await t.api('PUT', `${url}/${created.body.id}`, { token: w.specialist, headers: as(w.demoId), body })).status).toBe(409);
    expect((await t.api('DELETE', `${url}/${created.body.id}`, { token: w.specialist, headers: as(w.demoId) })).status).toBe(409);
  });

  it('are deleted from a draft', async () => {
    const rule = await newRule();
    const v = await newVersion(rule.id, { number: '1', in_force_from: '2025-06-01' });
    const url = `/api/procurement_rules/${rule.id}/versions/${v.id}/document_rules`;
    const created = await t.api<DocumentRuleResponse>('POST', url, {
      token: w.specialist,
      headers: as(w.demoId),
      body: { method: 'single', document_kind: 'draft-contract' },
    });
    expect((await t.api('DELETE', `${url}/${created.body.id}`, { token: w.specialist, headers: as(w.demoId) })).status).toBe(204);
    expect((await t.api<DocumentRuleResponse[]>('GET', url, { token: w.client })).body).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to a client of another company and to staff without a grant, on every endpoint', async () => {
    const rule = await newRule('Положение, закрытое для чужих');
    const v = await newVersion(rule.id, { number: '1', in_force_from: '2025-07-01' });
    const d = await t.call(routes.rules.postProcurementRulesVersionsDocumentRules, {
      params: { id: rule.id, versionId: v.id },
      token: w.specialist,
      headers: as(w.demoId),
      body: { method: 'auction', document_kind: 'notice' },
    });
    const base = `/api/procurement_rules/${rule.id}`;
    const vBase = `${base}/versions/${v.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PUT', base, { title: 'Чужое' }],
      ['POST', `${base}/archive`],
      ['POST', `${base}/restore`],
      ['GET', `${base}/versions`],
      ['GET', `${base}/in_force`],
      ['POST', `${base}/versions`, { number: '2', in_force_from: '2025-08-01' }],
      ['GET', vBase],
      ['PUT', vBase, { number: '1', in_force_from: '2025-07-02' }],
      ['POST', `${vBase}/approve`],
      ['POST', `${vBase}/publish`],
      ['GET', `${vBase}/approval_document`],
      ['GET', `${vBase}/document_rules`],
      ['POST', `${vBase}/document_rules`, { method: 'auction', document_kind: 'notice' }],
      ['PUT', `${vBase}/document_rules/${d.body.id}`, { method: 'auction', document_kind: 'notice' }],
      ['DELETE', `${vBase}/document_rules/${d.body.id}`],
      ['DELETE', vBase],
    ];
    const intruders: [string, string, Record<string, string>][] = [
      ['client of another company', w.otherClient, {}],
      ['client of another company naming the company', w.otherClient, as(w.demoId)],
      ['staff without a grant', w.outsider, {}],
      ['staff without a grant naming the company', w.outsider, as(w.demoId)],
    ];
    for (const [who, token, headers] of intruders) {
      for (const [method, url, body] of calls) {
        const r = await t.api(method, url, { token, headers, body });
        expect(r.status, `${who}: ${method} ${url}`).toBe(404);
      }
      const up = await upload(t, 'POST', `${vBase}/approval_document`, token, 'a.pdf', PDF, headers);
      expect(up.status, `${who}: upload`).toBe(404);
    }
    expect((await rulesOf(w.otherClient)).body.items).toEqual([]);
    expect((await rulesOf(w.outsider, '', as(w.demoId))).status).toBe(404);
    // untouched by all those attempts
    expect((await t.api<ProcurementRuleResponse>('GET', base, { token: w.client })).body).toMatchObject({
      title: 'Положение, закрытое для чужих',
      archived: false,
      versions_count: 1,
    });
  });
});

describe('copyProcurementRule triad', () => {
  it('acknowledges at once, copies in a job and pushes the response with the key', async () => {
    const s = await t.socket('auth', w.client);
    const received = nextEvent(s, 'copyProcurementRuleReceived', (p) => p.key === 'copy-1');
    const response = nextEvent(s, 'copyProcurementRuleResponse', (p) => p.key === 'copy-1');
    s.emit('copyProcurementRuleRequest', { key: 'copy-1', rule_id: templateId, title: 'Положение АО «Демо-Заказчик» (копия шаблона)' });
    expect(await received).toEqual({ key: 'copy-1' });
    const res = await response;
    expect(res).toMatchObject({ key: 'copy-1', result: 'success' });
    const copy = await t.call(routes.rules.getProcurementRulesById, { params: { id: res.rule_id }, token: w.client });
    expect(copy.body).toMatchObject({
      company_id: w.demoId,
      is_template: false,
      copied_from_id: templateId,
      title: 'Положение АО «Демо-Заказчик» (копия шаблона)',
      versions_count: 1,
      version_in_force: { status: 'approved', in_force_from: '2025-01-01' },
    });
    const [tplVersion] = (await t.call(routes.rules.getProcurementRulesVersions, { params: { id: templateId }, token: w.client })).body;
    const [copyVersion] = (await t.call(routes.rules.getProcurementRulesVersions, { params: { id: res.rule_id }, token: w.client })).body;
    expect(copyVersion.id).not.toBe(tplVersion.id);
    expect(copyVersion.document_rules_count).toBe(tplVersion.document_rules_count);
    expect(copyVersion.document_rules_count).toBeGreaterThan(40);
  });

  it('lets staff copy a customer rule into the customer they serve', async () => {
    const source = await newRule('Положение для копирования');
    const s = await t.socket('auth', w.specialist);
    const response = nextEvent(s, 'copyProcurementRuleResponse', (p) => p.key === 77);
    s.emit('copyProcurementRuleRequest', { key: 77, rule_id: source.id, company_id: w.demoId });
    const res = await response;
    expect(res.result).toBe('success');
    expect((await t.call(routes.rules.getProcurementRulesById, { params: { id: res.rule_id }, token: w.client })).body).toMatchObject({
      title: 'Положение для копирования',
      copied_from_id: source.id,
    });
  });

  it('refuses a rule the user may not see, with an error response and nothing copied', async () => {
    const secret = await newRule('Секретное положение');
    const s = await t.socket('auth', w.otherClient);
    const received = nextEvent(s, 'copyProcurementRuleReceived', (p) => p.key === 'steal');
    const response = nextEvent(s, 'copyProcurementRuleResponse', (p) => p.key === 'steal');
    s.emit('copyProcurementRuleRequest', { key: 'steal', rule_id: secret.id });
    await received;
    expect(await response).toEqual({ key: 'steal', result: 'error', error: 'Положение о закупке не найдено' });
    expect((await rulesOf(w.otherClient)).body.items).toEqual([]);
    // copying into a company the user does not serve is refused the same way
    const s2 = await t.socket('auth', w.outsider);
    const r2 = nextEvent(s2, 'copyProcurementRuleResponse', (p) => p.key === 'op');
    s2.emit('copyProcurementRuleRequest', { key: 'op', rule_id: templateId, company_id: w.demoId });
    expect((await r2).result).toBe('error');
  });
});
