/**
 * The only error type the format parsers throw for bad input. `message` is Russian and safe to show to the user;
 * `code` is for programs (HTTP mapping, tests); `details` carries technical context for logs.
 */
import { formatSize } from '@proc/contract/format';

export type FormatErrorCode =
  | 'EMPTY'
  | 'TOO_LARGE'
  | 'ARCHIVE'
  | 'NOT_XML'
  | 'XML_MALFORMED'
  | 'XML_DTD_FORBIDDEN'
  | 'UNKNOWN_ENCODING'
  | 'BAD_ENCODING'
  | 'ENCODING_MISMATCH'
  | 'NOT_EIS223'
  | 'WRONG_EIS_KIND'
  | 'NOT_UPD'
  | 'NOT_BANK1C'
  | 'TRUNCATED'
  | 'INVALID_DATA'
  | 'PARSE_FAILED'
  | 'TOO_COMPLEX';

export class FormatError extends Error {
  readonly code: FormatErrorCode;
  readonly details: string | undefined;

  constructor(code: FormatErrorCode, message: string, options: { details?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FormatError';
    this.code = code;
    this.details = options.details;
  }
}

export function isFormatError(e: unknown): e is FormatError {
  return e instanceof FormatError;
}

/** Parsers reject empty input themselves; whitespace-only counts as empty because nothing can be read from it. */
export function assertNotEmpty(buf: Uint8Array): void {
  let i = 0;
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3; // a UTF-8 BOM alone is still an empty file
  for (; i < buf.length; i++) {
    const b = buf[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return;
  }
  throw new FormatError('EMPTY', 'Файл пуст');
}

/** The size limit is the caller's policy (it depends on the upload route); this only words the refusal. */
export function assertMaxSize(buf: Uint8Array, maxBytes: number): void {
  if (buf.length > maxBytes) {
    throw new FormatError('TOO_LARGE', `Файл превышает допустимый размер ${formatSize(maxBytes)}`, {
      details: `${buf.length} > ${maxBytes} bytes`,
    });
  }
}

/**
 * Runs a parser body and turns any non-FormatError (a bug or an input shape we did not foresee) into a FormatError,
 * so callers can rely on a single error type and never leak a TypeError to the user.
 */
export function withFormatErrors<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof FormatError) throw e;
    throw new FormatError('PARSE_FAILED', `Не удалось разобрать файл ${what}`, {
      details: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      cause: e,
    });
  }
}
