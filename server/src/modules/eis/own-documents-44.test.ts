import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseContracts44 } from '../../formats';
import { fixturePath } from '../../formats/fixtures-path';
import { namesOwnCustomer } from './own-customer';
import { customerInnOf44, ownContracts44 } from './store-contracts-44';

const read = (name: string) => parseContracts44(fs.readFileSync(fixturePath('eis44', name)));

describe('namesOwnCustomer: one rule for «this 44-ФЗ document is the company’s own»', () => {
  const inns = new Set(['7709330442', '0105020396']);
  it('is own when one of the named customers is the company or a subordinate', () => {
    expect(namesOwnCustomer(inns, ['7709330442'])).toBe(true);
    // a notice placed by an authorised body for one of the company's customers
    expect(namesOwnCustomer(inns, ['7700000001', '0105020396'])).toBe(true);
  });
  it('is not own when every named customer is another organisation', () => {
    expect(namesOwnCustomer(inns, ['7700000001'])).toBe(false);
    // a lot of another customer does not become the company's because the placer gave no ИНН
    expect(namesOwnCustomer(inns, [null, '7700000001'])).toBe(false);
  });
  it('keeps a document that names no customer ИНН: nothing to judge it by', () => {
    expect(namesOwnCustomer(inns, [])).toBe(true);
    expect(namesOwnCustomer(inns, [null, undefined, ''])).toBe(true);
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
    const { file, size } = ownContracts44(files, new Set(['7709330442']));
    expect(file.contracts.map((c) => c.regNum)).toEqual(['2770933044223000024']);
    expect(file.procedures.map((p) => p.regNum)).toEqual(['2770933044223000024']);
    expect(file.cancels.map((c) => c.regNum)).toEqual(['2770933044223000024']);
    expect(size).toBe(3);
    const other = ownContracts44(files, new Set(['7804170260']));
    expect(other.file.procedures.map((p) => p.regNum)).toEqual(['3780417026023000021']);
    expect(other.size).toBe(1);
  });
});
