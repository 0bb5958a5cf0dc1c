import iconv from 'iconv-lite';
import { FormatError, assertNotEmpty } from '../errors';
import { decodeText, decodeUtf8Strict, detectBom, looksLikeUtf8 } from '../text-decode';

/**
 * 1C files carry their encoding in a `Кодировка=` line, but that line is itself written in the encoding, so it is
 * looked for in a windows-1251 decode first and in a cp866 decode next: whichever makes the key readable is the
 * file's encoding, and the value (Windows/DOS) must agree with it.
 */

export const BANK1C_SIGNATURE = '1CClientBankExchange';

export type Bank1cEncoding = 'Windows' | 'DOS' | 'UTF-8';

const ICONV_NAME: Record<Exclude<Bank1cEncoding, 'UTF-8'>, string> = { Windows: 'windows-1251', DOS: 'cp866' };

function notBank1c(details: string): FormatError {
  return new FormatError('NOT_BANK1C', 'Файл не является выгрузкой 1С:Клиент-банк', { details });
}

/** The signature line is ASCII in every encoding, so it can be checked on the raw bytes. */
export function hasBank1cSignature(buf: Uint8Array): boolean {
  let i = detectBom(buf) === 'utf-8' ? 3 : 0;
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0d || buf[i] === 0x0a)) i++;
  const head = Buffer.from(buf.buffer, buf.byteOffset + i, Math.min(BANK1C_SIGNATURE.length, buf.length - i));
  return head.toString('latin1') === BANK1C_SIGNATURE;
}

function encodingLine(text: string): string | null {
  const m = /^[ \t]*Кодировка[ \t]*=(.*)$/m.exec(text);
  return m ? m[1].trim() : null;
}

function valueToEncoding(value: string): Bank1cEncoding {
  const v = value.toLowerCase();
  if (v === 'windows') return 'Windows';
  if (v === 'dos') return 'DOS';
  throw new FormatError('UNKNOWN_ENCODING', `Неизвестная кодировка файла: ${value}`);
}

export function decodeBank1c(buf: Uint8Array): { text: string; encoding: Bank1cEncoding } {
  assertNotEmpty(buf);
  if (!hasBank1cSignature(buf)) throw notBank1c('no 1CClientBankExchange line');
  if (detectBom(buf) === 'utf-8') return { text: decodeUtf8Strict(buf), encoding: 'UTF-8' };
  const bytes = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  for (const readable of ['Windows', 'DOS'] as const) {
    const value = encodingLine(iconv.decode(bytes, ICONV_NAME[readable]));
    if (value === null) continue;
    const declared = valueToEncoding(value);
    if (declared !== readable) {
      const actual = readable === 'DOS' ? 'DOS (cp866)' : 'Windows (windows-1251)';
      throw new FormatError('ENCODING_MISMATCH', `В файле указана кодировка ${value}, но записан он в ${actual}`);
    }
    return { text: decodeText(bytes, ICONV_NAME[declared]), encoding: declared };
  }
  // No readable Кодировка line: some online banks write UTF-8; otherwise the format's default is Windows.
  if (looksLikeUtf8(bytes)) return { text: decodeUtf8Strict(bytes), encoding: 'UTF-8' };
  return { text: decodeText(bytes, ICONV_NAME.Windows), encoding: 'Windows' };
}
