import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { fixturePath } from '../fixtures-path';
import { detectEisDocument } from './detect';
import { parseEisContracts, parseEisFile, parseEisPlan } from './parse';

const read = (name: string): Buffer => fs.readFileSync(fixturePath('eis223', name));

function errorOf(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw new Error(`expected a FormatError, got ${String(e)}`);
  }
  throw new Error('expected a FormatError, got a result');
}

describe('detectEisDocument / parseEisFile', () => {
  it('tells the kinds apart by the root element', () => {
    const expected: Record<string, string> = {
      'contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml': 'contracts',
      'contract_test.xml': 'contracts',
      'contract_broken_xmlns.xml': 'contracts',
      'contract_without_xmlns.xml': 'contracts',
      'contractCompleting_test.xml': 'performance',
      'purchasePlan_test.xml': 'plan',
      'purchaseNotice_test.xml': 'notice',
    };
    for (const [name, kind] of Object.entries(expected)) {
      expect(detectEisDocument(read(name)), name).toBe(kind);
      expect(parseEisFile(read(name)).kind, name).toBe(kind);
    }
  });

  it('returns null for other XML and for non-XML, and refuses empty input', () => {
    expect(detectEisDocument(Buffer.from('<export><contract/></export>'))).toBeNull();
    expect(detectEisDocument(Buffer.from('1CClientBankExchange\r\n'))).toBeNull();
    expect(() => detectEisDocument(read('contract_empty.xml'))).toThrow('Файл пуст');
  });

  it('refuses well-formed XML that is not a 223-FZ export', () => {
    for (const xml of ['<html><body>Not found</body></html>', '<purchasePlanX/>']) {
      const e = errorOf(() => parseEisFile(Buffer.from(xml)));
      expect(e.code).toBe('NOT_EIS223');
      expect(e.message).toBe('Файл не является выгрузкой ЕИС (223-ФЗ или 44-ФЗ)');
    }
    // an fcsExport document the product does not read (a 44-ФЗ contract in <export> is read: eis44/contract.test.ts) is
    // told it is a 44-ФЗ one, never «не является выгрузкой ЕИС 223-ФЗ»
    const guarantee = errorOf(() =>
      parseEisFile(Buffer.from('<?xml version="1.0"?><export xmlns="http://zakupki.gov.ru/oos/export/1"><bankGuarantee/></export>')),
    );
    expect(guarantee.message).toBe(
      'Файл — выгрузка ЕИС 44-ФЗ (bankGuarantee), но такие сведения не загружаются: загрузите извещение или итоговый протокол, план-график или сведения реестра контрактов',
    );
    // The right root without a record in it is not an export either.
    expect(errorOf(() => parseEisFile(Buffer.from('<ns2:purchasePlan xmlns:ns2="x"><header/></ns2:purchasePlan>'))).code).toBe(
      'NOT_EIS223',
    );
  });

  it('says what the file is when another kind was expected', () => {
    const e = errorOf(() => parseEisContracts(read('purchaseNotice_test.xml')));
    expect(e.code).toBe('WRONG_EIS_KIND');
    expect(e.message).toBe('Файл содержит извещение о закупке, а ожидается сведения о договорах (ЕИС 223-ФЗ)');
    expect(errorOf(() => parseEisPlan(read('contract_test.xml'))).code).toBe('WRONG_EIS_KIND');
  });

  it('reports XML-level problems as such', () => {
    expect(errorOf(() => parseEisFile(Buffer.from('Это не XML'))).code).toBe('NOT_XML');
    expect(errorOf(() => parseEisFile(read('contract_test.xml').subarray(0, 3000))).code).toBe('XML_MALFORMED');
  });

  it('throws only FormatError on damaged files (truncated, bytes flipped)', () => {
    const names = fs.readdirSync(fixturePath('eis223')).filter((n) => n !== 'purchasePlan_test.xml' && n !== 'contract_empty.xml');
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const name of names) {
      const original = read(name);
      for (let round = 0; round < 25; round++) {
        const damaged = Buffer.from(original.subarray(0, Math.floor(random() * original.length) + 1));
        for (let k = 0; k < 3; k++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        try {
          parseEisFile(damaged);
        } catch (e) {
          expect(e, `${name} round ${round}`).toBeInstanceOf(FormatError);
        }
      }
    }
  });
});
