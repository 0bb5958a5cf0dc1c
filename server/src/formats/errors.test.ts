import { describe, expect, it } from 'vitest';
import { FormatError, assertMaxSize, assertNotEmpty, withFormatErrors } from './errors';

describe('FormatError helpers', () => {
  it('refuses empty, whitespace-only and BOM-only input', () => {
    for (const buf of [Buffer.alloc(0), Buffer.from(' \r\n\t'), Buffer.from([0xef, 0xbb, 0xbf, 0x0a])]) {
      expect(() => assertNotEmpty(buf)).toThrow(new FormatError('EMPTY', 'Файл пуст'));
    }
    expect(() => assertNotEmpty(Buffer.from(' x'))).not.toThrow();
  });

  it('words the size limit in megabytes', () => {
    const limit = 20 * 1024 * 1024;
    expect(() => assertMaxSize(Buffer.alloc(10), limit)).not.toThrow();
    try {
      assertMaxSize({ length: limit + 1 } as unknown as Uint8Array, limit);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).code).toBe('TOO_LARGE');
      expect((e as FormatError).message).toBe('Файл превышает допустимый размер 20\u00a0МБ');
    }
  });

  it('turns unexpected failures into FormatError and keeps FormatErrors as they are', () => {
    const boom = (): never => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    };
    try {
      withFormatErrors('УПД', boom);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).code).toBe('PARSE_FAILED');
      expect((e as FormatError).message).toBe('Не удалось разобрать файл УПД');
      expect((e as FormatError).cause).toBeInstanceOf(TypeError);
    }
    const own = new FormatError('NOT_UPD', 'Файл не является УПД');
    expect(() =>
      withFormatErrors('УПД', () => {
        throw own;
      }),
    ).toThrow(own);
  });
});
