import { readFileSync } from 'node:fs';
import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../formats/fixtures-path';
import { CONTRACT_REGISTRY_NUMBER_MESSAGE, EVENTS, type ContractCardResponse, type ContractResponse } from '@proc/contract';
import { nextEvent, type TestServer } from '../../../test/harness';
import { startEisWorld, type EisWorld } from '../../../test/eis-world';
import { DEMO_44_CUSTOMER, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';
import { regNum44 } from '../../../../tools/fake-eis/contract44-samples';

/**
 * «Один договор» by its registry number: the number names its register — 19 digits a 44-ФЗ contract of RGK, 23 digits a
 * 223-ФЗ contract of RD223 — and the contract arrives with what RGK files under the number (executions, cancel).
 */
let t: TestServer;
let eis: FakeEis;
let world: EisWorld;
let client: string;
const Y = TENDER_PLAN_YEAR;
const WASTE_REG = regNum44(DEMO_44_CUSTOMER, Y, 1);
const PAPER_REG = regNum44(DEMO_44_CUSTOMER, Y, 2);

beforeAll(async () => {
  world = await startEisWorld();
  ({ t, eis } = world);
  // the demo's budget institution is the fake ЕИС's 44-ФЗ customer
  client = await t.login('budget');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

async function importOne(number: string) {
  const s = await t.socket('auth', client);
  const r = await t.call(routes.eis.postContractsImport, { token: client, body: { eais_registry_number: number } });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  const ev = await nextEvent(s, EVENTS.notificationEisContractsResponse, (e) => e.key === r.body.key, 120_000);
  s.disconnect();
  return ev;
}

const byNumber = (from: number) => eis.soi.requests.slice(from).filter((q) => q.operation === 'getDocsByReestrNumberRequest');

async function card(reg: string) {
  const found = (await t.api<{ items: ContractResponse[] }>('GET', `/api/contracts?q=${reg}`, { token: client })).body.items;
  expect(found).toHaveLength(1);
  return (await t.api<ContractCardResponse>('GET', `/api/contracts/${found[0].id}`, { token: client })).body;
}

describe('one contract by its registry number', () => {
  it('asks RGK for a 19-digit number and stores the 44-ФЗ contract with its executions', async () => {
    const from = eis.soi.requests.length;
    const ev = await importOne(WASTE_REG);
    expect(ev, JSON.stringify(ev)).toMatchObject({ result: 'success', eais_registry_number: WASTE_REG, created: 1 });
    expect(byNumber(from).map((q) => q.params)).toEqual([{ subsystemType: 'RGK', reestrNumber: WASTE_REG }]);

    const c = await card(WASTE_REG);
    expect(c).toMatchObject({ law: '44', number: `ТКО-${Y}/1`, price: '148895.28', status: 'executing' });
    // what RGK filed under the number came with it: the stages, the acceptance and the payment of contractProcedure
    expect(c.execution44!.stages.map((s) => s.key)).toEqual(['93000001', '93000002']);
    expect(c.execution44!.acceptances).toMatchObject([{ stage_key: '93000001', number: `ТКО-${Y}/1-1`, sum: '49631.76' }]);
    expect(c.execution44!.payments).toMatchObject([{ stage_key: '93000001', number: '518', sum: '49631.76' }]);

    // asked again: the same version changes nothing
    expect(await importOne(WASTE_REG)).toMatchObject({ result: 'success', created: 0, unchanged: 1 });
  });

  it('brings a cancelled 44-ФЗ contract with its cancel', async () => {
    expect(await importOne(PAPER_REG)).toMatchObject({ result: 'success', created: 1 });
    const c = await card(PAPER_REG);
    expect(c).toMatchObject({ law: '44', status: 'invalid' });
    expect(c.execution44!.cancel).toMatchObject({ reason: expect.stringMatching(/недействительным/) });
  });

  it('says a 44-ФЗ number RGK does not know is not in the register of contracts', async () => {
    const unknown = `${WASTE_REG.slice(0, 13)}999999`;
    const from = eis.soi.requests.length;
    expect(await importOne(unknown)).toMatchObject({
      result: 'error',
      error: 'Контракт не найден в реестре контрактов ЕИС (44-ФЗ)',
    });
    expect(byNumber(from).map((q) => q.params.subsystemType)).toEqual(['RGK']);
  });

  it('says nothing is loaded when ЕИС answers a number with an execution only, never «Номер загруженного договора»', async () => {
    // a real 2018 execution (fixtures/eis44, aksyuk/zakupki_gov_ru) filed under its number, without its contract
    const reg = '3790153476217000001';
    eis.publish({
      xml: readFileSync(fixturePath('eis44', 'contractProcedure_3790153476217000001_aksyuk.xml'), 'utf8'),
      documentType: 'contractProcedure',
      customerInn: '7901534762',
      contracts: [{ regNumber: reg, date: null }],
      day: '2018-01-25',
      subsystem: 'RGK',
    });
    const ev = await importOne(reg);
    expect(ev).toMatchObject({
      result: 'error',
      error: `В ответе ЕИС по номеру ${reg} нет сведений о самом контракте (только об исполнении или расторжении): контракт не загружен`,
    });
    expect(String(ev.message ?? '')).not.toContain('Номер загруженного договора');
  });

  it('still asks RD223 for a 23-digit number', async () => {
    const from = eis.soi.requests.length;
    expect(await importOne('31234567890123456789012')).toMatchObject({
      result: 'error',
      error: 'Договор не найден в реестре договоров ЕИС',
    });
    expect(byNumber(from).map((q) => q.params)).toEqual([{ subsystemType: 'RD223', reestrNumber: '31234567890123456789012' }]);
  });

  it('refuses a number of neither register with a Russian message', async () => {
    const r = await t.call(routes.eis.postContractsImport, {
      token: client,
      body: { eais_registry_number: '123456789012345678901' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(CONTRACT_REGISTRY_NUMBER_MESSAGE);
  });
});
