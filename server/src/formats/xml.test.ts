import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FormatError } from './errors';
import { parseXml, sniffXmlRoot } from './xml';
import { attr, child, childNodes, text } from './xml-read';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as FormatError).code;
  }
  throw new Error('expected a FormatError');
}

describe('parseXml', () => {
  it('drops namespace prefixes, keeps attributes and leaves every value a string', () => {
    const xml = `<?xml version="1.0"?>
      <ns7:root xmlns:ns7="urn:a" xmlns="urn:t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:a a.xsd">
        <header xmlns=""><inn>0105018196</inn><qty>1.50</qty></header>
        <ns7:item code="007"><ns7:v>1</ns7:v></ns7:item>
        <ns7:item code="008"/>
      </ns7:root>`;
    const { rootName, root } = parseXml(Buffer.from(xml));
    expect(rootName).toBe('root');
    expect(attr(root, 'schemaLocation')).toBe('urn:a a.xsd');
    expect(text(root, 'header', 'inn')).toBe('0105018196');
    expect(text(root, 'header', 'qty')).toBe('1.50');
    const items = childNodes(root, 'item');
    expect(items.map((i) => attr(i, 'code'))).toEqual(['007', '008']);
    expect(text(items[0], 'v')).toBe('1');
    expect(child(items[1], 'v')).toBeUndefined();
  });

  it('expands predefined entities and character references, but not inside CDATA', () => {
    const xml =
      '<a t="&quot;Ромашка&quot; &amp; Ко"><b>&#1055;&#x440;&#1080;&#1074;&#1077;&#1090; &lt;1&gt;</b><c><![CDATA[&amp; <x>]]></c><d>&amp;#65;</d></a>';
    const { root } = parseXml(Buffer.from(xml));
    expect(attr(root, 't')).toBe('"Ромашка" & Ко');
    expect(text(root, 'b')).toBe('Привет <1>');
    expect(text(root, 'c')).toBe('&amp; <x>');
    expect(text(root, 'd')).toBe('&#65;');
  });

  it('decodes by the declared encoding and strips a BOM', () => {
    const cp1251 = iconv.encode('<?xml version="1.0" encoding="windows-1251"?><Файл Имя="Счёт №1"/>', 'windows-1251');
    const parsed = parseXml(cp1251);
    expect(parsed.rootName).toBe('Файл');
    expect(parsed.encoding).toBe('windows-1251');
    expect(attr(parsed.root, 'Имя')).toBe('Счёт №1');

    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>я</a>')]);
    expect(text(parseXml(bom).root)).toBe('я');

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a>ж</a>', 'utf16le')]);
    expect(text(parseXml(utf16).root)).toBe('ж');

    const koi8 = iconv.encode('<?xml version="1.0" encoding="KOI8-R"?><a>щука</a>', 'koi8-r');
    expect(text(parseXml(koi8).root)).toBe('щука');
  });

  it('refuses DTDs and entity declarations', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(() => parseXml(Buffer.from(bomb))).toThrow('XML с объявлениями DOCTYPE/ENTITY не принимается');
    expect(codeOf(() => parseXml(Buffer.from('<!doctype html><html/>')))).toBe('XML_DTD_FORBIDDEN');
  });

  it('reports broken XML with its position', () => {
    expect(() => parseXml(Buffer.from('<a>\n<b></a>'))).toThrow(/^Файл повреждён или не является корректным XML: ошибка в строке 2/);
    expect(codeOf(() => parseXml(Buffer.from('<a><b>text</b>')))).toBe('XML_MALFORMED');
    expect(codeOf(() => parseXml(Buffer.from('<a></a><b></b>')))).toBe('XML_MALFORMED');
  });

  it('tells non-XML, archives and empty files apart', () => {
    expect(() => parseXml(Buffer.from('Номер=1\r\nСумма=2'))).toThrow('Файл не является XML');
    expect(() => parseXml(Buffer.from('%PDF-1.7 ...'))).toThrow('Файл не является XML');
    expect(codeOf(() => parseXml(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])))).toBe('ARCHIVE');
    expect(() => parseXml(Buffer.alloc(0))).toThrow('Файл пуст');
  });

  it('is strict about encodings', () => {
    expect(() => parseXml(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><a/>'))).toThrow('Неизвестная кодировка файла: x-klingon');
    // UTF-8 bytes under a windows-1251 declaration: decoding would turn every name into mojibake.
    const mislabelled = Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a>Привет</a>', 'utf8');
    expect(codeOf(() => parseXml(mislabelled))).toBe('ENCODING_MISMATCH');
    // 0x98 is not a character in windows-1251.
    const undefinedByte = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a>'),
      Buffer.from([0xc0, 0x98]),
      Buffer.from('</a>'),
    ]);
    expect(codeOf(() => parseXml(undefinedByte))).toBe('BAD_ENCODING');
    // windows-1251 bytes without a declaration are not UTF-8.
    expect(codeOf(() => parseXml(iconv.encode('<a>Привет</a>', 'windows-1251')))).toBe('BAD_ENCODING');
  });
});

describe('sniffXmlRoot', () => {
  it('finds the root element past the prolog without parsing', () => {
    expect(sniffXmlRoot(Buffer.from('<?xml version="1.0"?>\n<!-- c --><?pi x?>\n<ns2:contract xmlns:ns2="x">'))).toBe('contract');
    expect(sniffXmlRoot(iconv.encode('<?xml version="1.0" encoding="windows-1251"?><Файл ИдФайл="1">', 'windows-1251'))).toBe('Файл');
    expect(sniffXmlRoot(Buffer.from('1CClientBankExchange'))).toBeNull();
  });
});
