import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisContracts, parseEisFile } from '../eis223/parse';
import { parseContracts44 } from './contract';

const file = (name: string) => readFileSync(fixturePath('eis44', name));

describe('44-ФЗ register of contracts (RGK)', () => {
  it('reads a contract: numbers, dates, price, ИКЗ, the plan position, customer, supplier, stages and products', () => {
    const { contracts, procedures, cancels } = parseContracts44(file('contract_portal44.xml'));
    expect(procedures).toEqual([]);
    expect(cancels).toEqual([]);
    expect(contracts).toHaveLength(1);
    const c = contracts[0];
    expect(c).toMatchObject({
      id: '84115664',
      regNum: '2770933044223000024',
      version: 1,
      number: '1581/2023-57',
      signDate: '2023-05-10',
      publishDate: '2023-08-20T11:10:38.579+03:00',
      price: '341858.06',
      currency: 'RUB',
      ikz: '232770933044277090100100320010000244',
      noticeNumber: '0873500000823003276',
      planNumber: '202303732003473001',
      positionNumber: '202303732003473001000030',
      methodName: 'Электронный аукцион',
      customer: { regNum: '03732003473', inn: '7709330442', kpp: '770901001' },
      suppliers: [{ name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "СМАРТСЕРВИС"', inn: '7716511778', kpp: '772401001' }],
      startDate: '2023-07-01',
      endDate: '2025-06-15',
      stage: 'E',
      href: 'https://zakupki.gov.ru/epz/contract/contractCard/common-info.html?reestrNumber=2770933044223000024',
    });
    // the subject broken over lines in the file reads as one line
    expect(c.subject).toMatch(/^Оказание услуг по замене грязезащитных ковров .* \(ГБОУ Инженерная школа № 1581\)$/);
    expect(c.stages).toEqual([
      { key: '92075062', startDate: '2023-07-01', endDate: '2023-12-31', price: '81456.00' },
      { key: '92075061', startDate: '2024-01-01', endDate: '2024-12-31', price: '182282.10' },
      { key: '92075060', startDate: '2025-01-01', endDate: '2025-06-15', price: '78119.96' },
    ]);
    expect(c.products[0]).toEqual({
      name: 'Услуга по обеспечению грязезащитными ковриками',
      okpd2: { code: '77.29.19.000', name: expect.stringMatching(/^Услуги по прокату прочих бытовых изделий/) },
      okei: { code: '796', name: 'шт' },
      price: '83.70000000000',
      quantity: '32',
      sum: '2678.40',
    });
    expect(c.products.length).toBeGreaterThan(1);
  });

  it('reads an ИП supplier (individualPersonRFIndEntr/EGRIPInfo) with its 12-digit ИНН', () => {
    const [c] = parseContracts44(file('contract_ip_built.xml')).contracts;
    expect(c.regNum).toBe('2770933044223000025');
    expect(c.suppliers).toEqual([{ name: 'ИП ВЫШЕГОРОДСКИХ ПАВЕЛ АНАТОЛЬЕВИЧ', inn: '720404599455', kpp: null }]);
  });

  it('reads the 2015–2018 layout suppliers/supplier: a legal entity without EGRULInfo and an ИП', () => {
    const [c] = parseContracts44(file('contract_2016_suppliers_built.xml')).contracts;
    expect(c.suppliers).toEqual([
      { name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "СМАРТСЕРВИС"', inn: '7716511778', kpp: '772401001' },
      { name: 'ИП ПЕТРОВ ИВАН СЕРГЕЕВИЧ', inn: '771234567891', kpp: null },
    ]);
  });

  it('reads a real 2018 execution of scheme 7.5 with 46 payments (Еврейская АО, aksyuk/zakupki_gov_ru)', () => {
    const [p] = parseContracts44(file('contractProcedure_3790153476217000001_aksyuk.xml')).procedures;
    expect(p).toMatchObject({ id: '78049702', regNum: '3790153476217000001', version: 1 });
    const payments = p.executions.flatMap((e) => (e.payment ? [e.payment] : []));
    expect(payments).toHaveLength(46);
    expect(payments[0]).toMatchObject({ sum: '0.07' });
    expect(payments.every((x) => /^\d+\.\d{2}$/.test(x.sum ?? ''))).toBe(true);
  });

  it('reads the execution: stage, acceptance document, and a payment with its sum', () => {
    const real = parseContracts44(file('contractProcedure_portal44.xml')).procedures;
    expect(real).toEqual([
      {
        id: '238191354',
        regNum: '3780417026023000021',
        version: 0,
        publishDate: '2023-11-01T10:42:59.513+03:00',
        stage: 'E',
        executions: [
          {
            stageKey: '96743607',
            stageStartDate: '2023-10-27',
            stageEndDate: '2023-12-03',
            ordinal: 1,
            final: false,
            acceptance: {
              code: '01',
              name: 'Товарная накладная',
              date: '2023-10-30',
              number: '44',
              acceptDate: '2023-10-30',
              sum: '1500000',
            },
            payment: null,
          },
        ],
      },
    ]);
    const [built] = parseContracts44(file('contractProcedure_payDoc_built.xml')).procedures;
    expect(built.regNum).toBe('2770933044223000024');
    // its stage is the contract's first one (executionPeriod/stages/sid)
    expect(built.executions.every((e) => e.stageKey === '92075062')).toBe(true);
    expect(built.executions.map((e) => [e.acceptance?.number ?? null, e.payment])).toEqual([
      ['57-12', null],
      [null, { name: 'Платежное поручение', date: '2024-01-19', number: '1204', sum: '81456.00' }],
    ]);
    expect(built.executions[0]).toMatchObject({ ordinal: 2, final: true, acceptance: { acceptDate: '2023-12-29', sum: '81456.00' } });
  });

  it('reads a cancel of the contract', () => {
    expect(parseContracts44(file('contractCancel_built.xml')).cancels).toEqual([
      {
        regNum: '2770933044223000024',
        cancelDate: '2023-09-15T12:00:00+03:00',
        publishDate: '2023-09-15T12:05:41.112+03:00',
        reason: 'Решение об одностороннем отказе от исполнения контракта № 1 от 01.09.2023',
        stage: 'IN',
      },
    ]);
  });

  it('comes through the ЕИС file parser as its own kind, and a 223-ФЗ contract stays a 223 one', () => {
    expect(parseEisFile(file('contract_portal44.xml')).kind).toBe('contracts44');
    expect(parseEisFile(file('contractCancel_built.xml')).kind).toBe('contracts44');
    expect(parseEisFile(readFileSync(fixturePath('eis223', 'contract_test.xml'))).kind).toBe('contracts');
    expect(() => parseEisContracts(file('contract_portal44.xml'))).toThrow(/сведения о контрактах \(44-ФЗ\)/);
    // an empty contract in an export is a broken 44-ФЗ file, and says what it lacks
    expect(() => parseContracts44(Buffer.from('<export xmlns="http://zakupki.gov.ru/oos/export/1"><contract/></export>'))).toThrow(
      /нет реестрового номера \(regNum\)/,
    );
    // a план-график export is not a contract file
    expect(() => parseContracts44(file('tenderPlan2020_portal44.xml'))).toThrow(/не является сведениями реестра контрактов/);
  });
});
