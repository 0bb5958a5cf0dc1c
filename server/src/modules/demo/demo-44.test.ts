import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NmckResponse, RegisterPage, TenderPlanPositionsResponse, TenderPlanResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_BUDGET } from './seed-demo';

let t: TestServer;
let budget: string;

beforeAll(async () => {
  t = await startTestServer();
  budget = await t.login('budget');
}, 180_000);
afterAll(async () => t?.close());

describe('the demo budget institution (44-ФЗ)', () => {
  it('has its план-график, a paper purchase with its НМЦК justified, and the roof waiting for ст. 51', async () => {
    const year = new Date().getFullYear();
    const plans = await t.api<TenderPlanResponse[]>('GET', '/api/eis/tender-plans', { token: budget });
    expect(plans.body.map((p) => [p.plan_number, p.version, p.position_count])).toEqual([[`${year}${DEMO_BUDGET.regNum}001`, 2, 6]]);
    const positions = await t.api<TenderPlanPositionsResponse>('GET', `/api/eis/tender-plans/${plans.body[0].plan_number}/positions`, {
      token: budget,
    });
    expect(positions.body.items.every((p) => p.ikz_findings.length === 0 && p.ikz!.slice(2, 22) === DEMO_BUDGET.iku)).toBe(true);
    const register = await t.api<RegisterPage>('GET', '/api/procurements?law=44&limit=100', { token: budget });
    const byTitle = Object.fromEntries(register.body.items.map((p) => [p.title, p]));
    expect(byTitle['Поставка бумаги для офисной техники']).toMatchObject({ law: '44', status: 'draft', nmcd: '349166.67' });
    expect(byTitle['Капитальный ремонт кровли здания']).toMatchObject({
      status: 'summing_up',
      status_title: 'Подведение итогов определения поставщика',
      has_violations: false,
    });
    const nmck = await t.api<NmckResponse>('GET', `/api/procurements/${byTitle['Поставка бумаги для офисной техники'].id}/nmck`, {
      token: budget,
    });
    expect(nmck.body.result).toMatchObject({ nmck: '349166.67', problems: [] });
    expect(nmck.body.sources).toHaveLength(3);
  });
});
