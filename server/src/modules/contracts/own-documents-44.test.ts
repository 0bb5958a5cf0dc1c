import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseContracts44 } from '../../formats';
import { fixturePath } from '../../formats/fixtures-path';
import { isOwnParty, namesOwnCustomer, partyOfIku } from '../companies/own-customer';
import { customerInnOf44, ownContracts44 } from './store-contracts-44';

const read = (name: string) => parseContracts44(fs.readFileSync(fixturePath('eis44', name)));

const party = (inn: string, kpp: string | null = null, iku: string | null = null) => ({ inn, kpp, iku });

describe('namesOwnCustomer: one rule for «this document of ЕИС is the company’s own»', () => {
  const own = { parties: [party('7709330442', '770901001'), party('0105020396', '010501001')] };
  it('is own when one of the named customers is the company or a subordinate', () => {
    expect(namesOwnCustomer(own, ['7709330442'])).toBe(true);
    // a notice placed by an authorised body for one of the company's customers
    expect(namesOwnCustomer(own, ['7700000001', '0105020396'])).toBe(true);
  });
  it('is not own when every named customer is another organisation', () => {
    expect(namesOwnCustomer(own, ['7700000001'])).toBe(false);
    // a lot of another customer does not become the company's because the placer gave no ИНН
    expect(namesOwnCustomer(own, [null, '7700000001'])).toBe(false);
  });
  it('keeps a document that names no customer ИНН: nothing to judge it by', () => {
    expect(namesOwnCustomer(own, [])).toBe(true);
    expect(namesOwnCustomer(own, [null, undefined, ''])).toBe(true);
  });
  it('matches by ИНН and КПП where the document has a КПП: a branch or another company under the ИНН is not the company', () => {
    expect(namesOwnCustomer(own, [{ inn: '7709330442', kpp: '770901001' }])).toBe(true);
    expect(namesOwnCustomer(own, [{ inn: '7709330442', kpp: '772401001' }])).toBe(false);
    expect(isOwnParty(own, { inn: '0105020396', kpp: '010502001' })).toBe(false);
    // a document without КПП (an ИП, an old record) is judged by ИНН; a company without КПП on file by ИНН too
    expect(isOwnParty(own, { inn: '0105020396', kpp: null })).toBe(true);
    expect(isOwnParty({ parties: [party('720404599455')] }, { inn: '720404599455', kpp: null })).toBe(true);
  });
  it('reads the ИНН and КПП an ИКУ carries (level 1 + ИНН 10 + КПП 9), as a centralised purchase names its customer', () => {
    expect(partyOfIku('27709330442770901001')).toEqual({ inn: '7709330442', kpp: '770901001', iku: '27709330442770901001' });
    // the real EF2020 notice of fixtures/eis44: its lot's IKZInfo/customerCode
    const real = { parties: [party('7813045709', '781301001')] };
    expect(namesOwnCustomer(real, [{ inn: null, iku: '27813045709781301001' }])).toBe(true);
    expect(namesOwnCustomer(real, [{ inn: null, iku: '27813045709781302001' }])).toBe(false);
  });
});

describe('ownContracts44 judges by the same rule', () => {
  // the real export (customer 7709330442, regNum 2770933044223000024) and an execution and a cancel of it; a real
  // execution of another customer (regNum 3780417026023000021: ИНН 7804170260)
  const files = [
    read('contract_portal44.xml'),
    read('contractProcedure_payDoc_built.xml'),
    read('contractCancel_built.xml'),
    read('contractProcedure_portal44.xml'),
  ];

  it('reads the customer’s ИНН from a 19-digit register number', () => {
    expect(customerInnOf44('2770933044223000024')).toBe('7709330442');
    expect(customerInnOf44('31234567890123456789012')).toBeNull();
  });

  it('keeps the company’s contract, its execution and its cancel, and drops another customer’s execution', () => {
    const { file, size } = ownContracts44(files, { parties: [party('7709330442', '770901001')] });
    expect(file.contracts.map((c) => c.regNum)).toEqual(['2770933044223000024']);
    expect(file.procedures.map((p) => p.regNum)).toEqual(['2770933044223000024']);
    expect(file.cancels.map((c) => c.regNum)).toEqual(['2770933044223000024']);
    expect(size).toBe(3);
    const other = ownContracts44(files, { parties: [party('7804170260')] });
    expect(other.file.procedures.map((p) => p.regNum)).toEqual(['3780417026023000021']);
    expect(other.size).toBe(1);
    // the same ИНН under another КПП (another organisation) does not take the contract
    expect(ownContracts44(files, { parties: [party('7709330442', '770902001')] }).file.contracts).toEqual([]);
  });
});
