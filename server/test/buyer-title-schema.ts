import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { validateXML } from 'xmllint-wasm';

/**
 * The buyer's title checked by libxml2 against ФНС's XSD of format 5.03 (server/src/formats/upd/schema/SOURCE.md).
 * libxml2 in xmllint-wasm is built without iconv and reads UTF-8 only, so the schema and the file are checked as their
 * UTF-8 transcoding (the same document); tests pin the windows-1251 bytes apart.
 */
const asUtf8 = (b: Uint8Array) =>
  Buffer.from(iconv.decode(Buffer.from(b), 'win1251').replace('encoding="windows-1251"', 'encoding="UTF-8"'), 'utf8');
const XSD = asUtf8(fs.readFileSync(path.join(__dirname, '..', 'src', 'formats', 'upd', 'schema', 'ON_NSCHFDOPPOK_1_997_02_05_03_01.xsd')));

export async function buyerTitleSchemaErrors(xml: Uint8Array): Promise<string[]> {
  const r = await validateXML({
    xml: [{ fileName: 'title.xml', contents: asUtf8(xml) }],
    schema: [{ fileName: 'pok.xsd', contents: XSD }],
  });
  return r.valid ? [] : r.errors.map((e) => e.message);
}
