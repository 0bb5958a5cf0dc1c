import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buyerTitleSchemaErrors } from '../../../test/buyer-title-schema';
import { fixturePath } from '../fixtures-path';
import { buildBuyerTitle, buyerTitleFileId, readSellerHeader, type BuyerTitleInput } from './buyer-title';

/**
 * The buyer's title against ФНС's own schema of format 5.03 (schema/SOURCE.md): accepted, accepted in part with the
 * reasons per line, refused — each valid, and the check can fail.
 */
const SELLER = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));

const base = (over: Partial<BuyerTitleInput> = {}): BuyerTitleInput => ({
  seller: readSellerHeader(SELLER),
  sellerSignature: Buffer.from('подпись продавца').toString('base64'),
  number: '123',
  date: '2023-02-01',
  outcome: 'accepted',
  acceptedOn: '2025-04-30',
  formedOn: '2025-04-30',
  formedAt: '10.15.00',
  guid: '5f34036f-27c9-438b-8ccc-0c5059326d04',
  customerName: 'ГБУ «Заказчик»',
  signer: { lastName: 'Иванов', firstName: 'Иван', middleName: 'Петрович', position: 'Директор' },
  refusal: null,
  programVersion: 'Закупки 1.0',
  ...over,
});
const refusal = {
  act: { name: 'Документ о приёмке', number: '123', date: '2025-04-30' },
  lines: [{ ordinal: 2, text: 'Product2 2.0 мм: принято 100 из 114,1; Недостача 14,1 м' }],
};

describe('the buyer’s title (ON_NSCHFDOPPOK, 5.03)', () => {
  it('reads the seller’s file and names the answer after it, the parties’ ids swapped', () => {
    const s = readSellerHeader(SELLER);
    expect(s).toMatchObject({ infoDate: '13.07.2024', infoTime: '11.32.07', documentFunction: 'СЧФДОП' });
    expect(buyerTitleFileId(s.fileId, '2025-04-30', 'g-u-i-d', { seller: '1', buyer: '2' })).toBe(
      'ON_NSCHFDOPPOK_2BM-9681265956-968101000-202207281000014689156_2BM-9677800047-967701000-202207281004154081709_20250430_g-u-i-d',
    );
    expect(buyerTitleFileId('ON_NSCHFDOPPR_x', '2025-04-30', 'g', { seller: '9103624367', buyer: '7707083893' })).toBe(
      'ON_NSCHFDOPPOK_9103624367_7707083893_20250430_g',
    );
  });

  it('is valid against the ФНС schema accepted, accepted in part and refused, in windows-1251', async () => {
    const id = 'ON_NSCHFDOPPOK_A_B_20250430_5f34036f-27c9-438b-8ccc-0c5059326d04';
    const accepted = buildBuyerTitle(id, base());
    expect(await buyerTitleSchemaErrors(accepted)).toEqual([]);
    const text = iconv.decode(accepted, 'win1251');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="windows-1251"\?>/);
    expect(text).toContain('СодОпер="Товары (работы, услуги, права) приняты без расхождений (претензий)"');
    expect(text).toContain('<КодСодОпер КодИтога="1"/>');
    expect(text).toContain('ДатаПрин="30.04.2025"');
    expect(text).toContain(`ИдФайлИнфПр="${readSellerHeader(SELLER).fileId}"`);

    const partial = buildBuyerTitle(id, base({ outcome: 'partial', refusal }));
    expect(await buyerTitleSchemaErrors(partial)).toEqual([]);
    const p = iconv.decode(partial, 'win1251');
    expect(p).toContain('КодИтога="2"');
    expect(p).toContain('РеквНаимДок="Документ о приёмке"');
    expect(p).toContain('<ТекстИнф Идентиф="Строка 2" Значен="Product2 2.0 мм: принято 100 из 114,1; Недостача 14,1 м"/>');

    // refused: no СодОпер (the schema's Schematron rule for КодИтога 3)
    const refused = iconv.decode(buildBuyerTitle(id, base({ outcome: 'refused', refusal })), 'win1251');
    expect(await buyerTitleSchemaErrors(iconv.encode(refused, 'win1251'))).toEqual([]);
    expect(refused).toContain('КодИтога="3"');
    expect(refused).not.toContain('СодОпер=');
  });

  it('the check can fail: no seller’s signature, a wrong date of acceptance', async () => {
    const id = 'ON_NSCHFDOPPOK_A_B_20250430_g';
    const good = iconv.decode(buildBuyerTitle(id, base()), 'win1251');
    const noSig = good.replace(/<ЭП>[^<]*<\/ЭП>/, '');
    expect((await buyerTitleSchemaErrors(iconv.encode(noSig, 'win1251'))).join('\n')).toMatch(/ЭП|ИдИнфПрод/);
    const badDate = good.replace('ДатаПрин="30.04.2025"', 'ДатаПрин="2025-04-30"');
    expect(await buyerTitleSchemaErrors(iconv.encode(badDate, 'win1251'))).not.toEqual([]);
  });
});
