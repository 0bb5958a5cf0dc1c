/** Hostile files for the parsers and the upload endpoints (helper of hostile-files.test.ts). */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { fixturePath } from '../../src/formats/fixtures-path';

const upd = () => fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));

export const XXE = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Файл [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Файл ИдФайл="x" ВерсФорм="5.02"><Документ КНД="1115131">&xxe;</Документ></Файл>',
);

export const BILLION_LAUGHS = Buffer.from(
  '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n') +
    '\n]>\n<lolz>&lol9;</lolz>',
);

/** Hostile variants by name; `tooLarge` is built for the given limit. */
export function hostileFiles(limit: number): Record<string, { name: string; data: Buffer }> {
  const text = upd().toString('utf8');
  return {
    xxe: { name: 'xxe.xml', data: XXE },
    billionLaughs: { name: 'lol.xml', data: BILLION_LAUGHS },
    tooLarge: {
      name: 'big.xml',
      data: Buffer.concat([Buffer.from('<?xml version="1.0"?><a>'), Buffer.alloc(limit + 1, 0x61), Buffer.from('</a>')]),
    },
    utf16AsDeclared1251: { name: 'upd-utf16.xml', data: iconv.encode(text, 'utf16le') },
    cp1251DeclaredUtf8: { name: 'upd-1251.xml', data: iconv.encode(text.replace(/encoding="[^"]*"/, 'encoding="UTF-8"'), 'win1251') },
    truncated: { name: 'upd-half.xml', data: upd().subarray(0, Math.floor(upd().length / 2)) },
    empty: { name: 'empty.xml', data: Buffer.alloc(0) },
    garbage: { name: 'garbage.xml', data: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) },
    zipBomb: { name: 'archive.xml', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(512, 0)]) },
  };
}
