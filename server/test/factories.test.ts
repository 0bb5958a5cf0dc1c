/** The builders make what a user's request would make, each in a company of its own that no other sees. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptanceDocumentResponse, ContractListItem, Paged, PlanResponse, ProcurementResponse } from '@proc/contract';
import { startTestServer, type TestServer } from './harness';
import { buildContract, buildPlan, buildProcurement, buildUpd, buildUser } from './factories';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('test factories', () => {
  it('a procurement without a company builds one, with a client who sees it and a stranger who does not', async () => {
    const p = await buildProcurement(t, { title: 'Поставка бумаги' });
    expect(p).toMatchObject({ title: 'Поставка бумаги', status: 'draft', nmcd: '100000.00' });
    const stranger = await buildUser(t);
    expect((await t.api('GET', `/api/procurements/${p.id}`, { token: stranger.token })).status).toBe(404);
    const colleague = await buildUser(t, { company_id: p.company_id });
    const seen = await t.api<ProcurementResponse>('GET', `/api/procurements/${p.id}`, { token: colleague.token });
    expect(seen.body).toMatchObject({ id: p.id, number: p.number });
  });

  it('a contract, its УПД mapped by the job, and a plan: in the company given', async () => {
    const client = await buildUser(t);
    const contract = await buildContract(t, {
      companyId: client.companyId,
      positions: [{ name: 'Бумага офисная А4', unitPrice: '300.00', quantity: '10' }],
    });
    const list = await t.api<Paged<ContractListItem>>('GET', '/api/contracts', { token: client.token });
    expect(list.body.items.map((c) => c.registry_number)).toEqual([contract.registryNumber]);

    const upd = await buildUpd(t, { contract, by: client });
    const docs = await t.api<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${contract.id}/acceptance`, { token: client.token });
    expect(docs.body).toEqual([expect.objectContaining({ id: upd.id, number: upd.number, status: 'processed' })]);

    const plan = await buildPlan(t, { companyId: client.companyId, items: [{ subject: 'Бумага', nmcd: '1500.50' }] });
    const plans = await t.api<Paged<PlanResponse>>('GET', '/api/eis/plans', { token: client.token });
    expect(plans.body.items).toEqual([
      expect.objectContaining({ id: plan.id, registration_number: plan.registrationNumber, item_count: 1, total: '1500.50' }),
    ]);
  });
});
