import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENTS, type DashboardResponse, type ExecutionSummaryResponse } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { download, world, xlsxRows, type World } from '../../../test/factories';
import { companies, contracts } from '../../db/schema';
import { DEFAULT_PRODUCTION_CALENDAR, REPORTING_TERMS, REPORTING_TERMS_44 } from '../deadlines';
import { moscowToday } from '../../platform/clock';

/**
 * The law a contract is reported under is the contract's own column (set by the register it came from: RD223 or RGK),
 * not its procurement's nor its company's: a budget institution holds contracts of both laws, and a contract imported
 * from ЕИС often has no procurement in the product.
 */
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
}, 120_000);
afterAll(async () => t?.close());

async function addContract(law: '223' | '44', number: string) {
  const [c] = await t.server.deps.db
    .insert(contracts)
    .values({
      companyId: w.otherId,
      law,
      number,
      // signed today and not yet in the register: its «information about the contract» is due in the coming days
      contractDate: moscowToday(),
      subject: `Договор ${number}`,
      supplierName: 'ООО «Поставщик»',
      supplierInn: '7701000003',
      price: '100000.00',
    })
    .returning({ id: contracts.id });
  return c.id;
}

const setCompanyLaw = (law: '223' | '44') => t.server.deps.db.update(companies).set({ law }).where(eq(companies.id, w.otherId));

const summary = async (id: number) => {
  const r = await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${id}/execution-summary`, { token: w.otherClient });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('the law of a contract without a procurement', () => {
  let c44: number;
  let c223: number;
  beforeAll(async () => {
    c44 = await addContract('44', 'К-44');
    c223 = await addContract('223', 'Д-223');
  });

  const today = moscowToday();
  const due44 = () => DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(today, REPORTING_TERMS_44.contract.days);
  const due223 = () => DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(today, REPORTING_TERMS.contract.days);

  it.each(['223', '44'] as const)('the card gives each its own law’s deadline in a company of %s-ФЗ', async (companyLaw) => {
    await setCompanyLaw(companyLaw);
    const a = await summary(c44);
    expect(a.deadlines.find((d) => d.kind === 'contract')).toMatchObject({
      label: REPORTING_TERMS_44.contract.label,
      basis_date: today,
      due_on: due44(),
      done: false,
    });
    const b = await summary(c223);
    expect(b.deadlines.find((d) => d.kind === 'contract')).toMatchObject({
      label: REPORTING_TERMS.contract.label,
      basis_date: today,
      due_on: due223(),
      done: false,
    });
  });

  it.each(['223', '44'] as const)('the dashboard gives each its own law’s deadline in a company of %s-ФЗ', async (companyLaw) => {
    await setCompanyLaw(companyLaw);
    const r = await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.otherClient });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const of = (id: number) => r.body.deadlines.filter((d) => d.contract_id === id).map((d) => ({ label: d.label, due_on: d.due_on }));
    expect(of(c44)).toEqual([{ label: REPORTING_TERMS_44.contract.label, due_on: due44() }]);
    expect(of(c223)).toEqual([{ label: REPORTING_TERMS.contract.label, due_on: due223() }]);
  });

  it('the monthly summary (223-ФЗ ч. 19 ст. 4) counts the 223-ФЗ contract, not the 44-ФЗ one', async () => {
    const sock = await t.socket('auth', w.otherClient);
    const event = nextEvent(sock, EVENTS.reportCreateResponse);
    const r = await t.api<{ report_code: string }>('POST', '/api/reports/monthly', {
      token: w.otherClient,
      body: { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await event).toMatchObject({ result: 'success', report_code: r.body.report_code });
    sock.disconnect();
    const file = await download(t, `/api/reports/${r.body.report_code}/download`, w.otherClient);
    expect(file.status).toBe(200);
    // the summary counts by method: one contract of 100 000 ₽, the 223-ФЗ one (both would make two and 200 000)
    const total = (await xlsxRows(file.data)).find((row) => row[0] === 'Итого');
    expect(total?.slice(0, 3)).toEqual(['Итого', '1', '100000']);
  });
});
