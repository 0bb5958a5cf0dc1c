import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect';
import { fixturePath } from './fixtures-path';

describe('detectFormat', () => {
  it('routes each fixture to its parser', () => {
    expect(detectFormat(fs.readFileSync(fixturePath('eis223', 'purchasePlan_test.xml')))).toBe('eis223');
    expect(detectFormat(fs.readFileSync(fixturePath('eis223', 'contractCompleting_test.xml')))).toBe('eis223');
    expect(detectFormat(fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml')))).toBe('upd');
    expect(detectFormat(fs.readFileSync(fixturePath('bank1c', 'statement_cp1251.txt')))).toBe('bank1c');
  });

  it('recognises a cp866 bank file and returns null for anything else', () => {
    expect(detectFormat(iconv.encode('1CClientBankExchange\r\nКодировка=DOS\r\n', 'cp866'))).toBe('bank1c');
    expect(detectFormat(Buffer.from('<note><to>Tove</to></note>'))).toBeNull();
    expect(detectFormat(Buffer.from('Дата;Сумма\n01.01.2024;100'))).toBeNull();
    expect(() => detectFormat(fs.readFileSync(fixturePath('eis223', 'contract_empty.xml')))).toThrow('Файл пуст');
  });
});
