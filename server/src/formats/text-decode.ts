import iconv from 'iconv-lite';
import { FormatError } from './errors';

/**
 * Turning bytes into text is where Russian files most often go wrong (windows-1251 vs UTF-8 vs cp866), so decoding
 * is strict: a byte the declared encoding cannot represent is an error, never a silent '�' in a name or an ИНН.
 */

const SINGLE_BYTE_ALIASES: Record<string, string> = {
  'windows-1251': 'windows-1251',
  'win-1251': 'windows-1251',
  cp1251: 'windows-1251',
  'cp-1251': 'windows-1251',
  windows1251: 'windows-1251',
  cp866: 'cp866',
  ibm866: 'cp866',
  '866': 'cp866',
  dos: 'cp866',
  'koi8-r': 'koi8-r',
  'iso-8859-5': 'iso-8859-5',
};

export type TextEncodingName = string;

/** Normalises a declared encoding name; unknown names are refused rather than guessed. */
export function normalizeEncodingName(declared: string): TextEncodingName {
  const name = declared.trim().toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf-8';
  if (name === 'utf-16' || name === 'utf-16le' || name === 'utf-16be') return name;
  const alias = SINGLE_BYTE_ALIASES[name];
  if (alias) return alias;
  if (iconv.encodingExists(name)) return name;
  throw new FormatError('UNKNOWN_ENCODING', `Неизвестная кодировка файла: ${declared}`);
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function hasHighBytes(buf: Uint8Array): boolean {
  for (let i = 0; i < buf.length; i++) if (buf[i] >= 0x80) return true;
  return false;
}

/** True when the bytes are valid UTF-8 and contain at least one non-ASCII character. */
export function looksLikeUtf8(buf: Uint8Array): boolean {
  if (!hasHighBytes(buf)) return false;
  try {
    utf8Strict.decode(buf);
    return true;
  } catch {
    return false;
  }
}

export function decodeUtf8Strict(buf: Uint8Array): string {
  try {
    return utf8Strict.decode(buf);
  } catch (e) {
    throw new FormatError('BAD_ENCODING', 'Файл содержит байты, недопустимые в кодировке UTF-8: проверьте кодировку файла', {
      cause: e,
    });
  }
}

/**
 * Decodes with a known encoding name. For single-byte Cyrillic encodings it also refuses UTF-8 content: Russian text
 * in windows-1251 or cp866 is practically never valid UTF-8, so valid UTF-8 there means a wrong declaration, and
 * decoding it anyway would turn every name into mojibake ('РџСЂРёРІРµС‚').
 */
export function decodeText(buf: Uint8Array, encoding: TextEncodingName): string {
  if (encoding === 'utf-8') return decodeUtf8Strict(buf);
  if (!encoding.startsWith('utf-') && looksLikeUtf8(buf)) {
    throw new FormatError(
      'ENCODING_MISMATCH',
      `Файл объявлен в кодировке ${encoding}, но записан в UTF-8: исправьте объявление кодировки или пересохраните файл`,
    );
  }
  const text = iconv.decode(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), encoding, { stripBOM: true });
  // iconv-lite maps bytes the code page does not define (0x98 in windows-1251) to U+FFFD instead of failing.
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0) {
    const message = `Файл содержит байты, недопустимые в кодировке ${encoding}: проверьте кодировку файла`;
    throw new FormatError('BAD_ENCODING', message, { details: `first invalid character at offset ${bad}` });
  }
  return text;
}

export type Bom = 'utf-8' | 'utf-16le' | 'utf-16be';

export function detectBom(buf: Uint8Array): Bom | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  return null;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function isZipArchive(buf: Uint8Array): boolean {
  return buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 0x03 || buf[2] === 0x05) && (buf[3] === 0x04 || buf[3] === 0x06);
}
