import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readOkpd2Text } from './seed-okpd2';
import { buildOkpd2Tree, normalizeOkpd2Prefix, okpd2ParentCandidates, parseOkpd2Tsv, sectionOfClass } from './okpd2-tree';

const text = readOkpd2Text();
const rows = buildOkpd2Tree(parseOkpd2Tsv(text));
const byCode = new Map(rows.map((r) => [r.code, r]));

describe('ОКПД2 file in the repository', () => {
  it('is byte for byte the published table (its SHA-256 is in fixtures/README.md)', () => {
    expect(crypto.createHash('sha256').update(text, 'utf8').digest('hex')).toBe(
      '629ce9d80451fd166c3cc33b9d2aceb87362ccdcdaa196e4f4f8b5c9b702afd8',
    );
  });

  it('parses all 20,328 rows, including the names wrapped in a stray quote and tab', () => {
    expect(rows).toHaveLength(20328);
    expect(byCode.get('01')?.name).toBe('Продукция и услуги сельского хозяйства и охоты');
    expect(byCode.get('28.99.39.290')?.name).toBe(
      'Промышленные роботы и робототехнические устройства прочие, не включенные в другие группировки',
    );
    expect(byCode.get('68.20.12')?.name).toBe('Услуги по сдаче в аренду (внаем) собственных или арендованных нежилых помещений');
    expect(byCode.get('10.61.21.111')?.name).toBe('Мука пшеничная сорта "Экстра"');
    expect(rows.every((r) => r.name.length > 0 && !r.name.includes('\t'))).toBe(true);
  });
});

describe('ОКПД2 tree', () => {
  it('hangs every position under an existing parent, sections at the top', () => {
    const sections = rows.filter((r) => r.parentCode === null).map((r) => r.code);
    expect(sections).toEqual('ABCDEFGHIJKLMNOPQRSTU'.split(''));
    for (const r of rows) if (r.parentCode) expect(byCode.has(r.parentCode), r.code).toBe(true);
  });

  it('derives parents by the code levels and trailing zeros', () => {
    const parent = (c: string) => byCode.get(c)?.parentCode;
    expect(parent('01')).toBe('A');
    expect(parent('10')).toBe('C');
    expect(parent('99')).toBe('U');
    expect(parent('01.1')).toBe('01');
    expect(parent('01.11')).toBe('01.1');
    expect(parent('01.11.1')).toBe('01.11');
    expect(parent('01.11.11')).toBe('01.11.1');
    expect(parent('01.11.11.110')).toBe('01.11.11');
    expect(parent('01.11.11.111')).toBe('01.11.11.110');
    expect(parent('02.10.11.210')).toBe('02.10.11.200');
    expect(byCode.get('01.11.11.111')).toMatchObject({ depth: 8, isLeaf: true });
    expect(byCode.get('A')).toMatchObject({ depth: 1, isLeaf: false });
  });

  it('falls back to the nearest existing level when an intermediate code is absent', () => {
    expect(okpd2ParentCandidates('96.01.19.131')).toEqual(['96.01.19.130', '96.01.19.100', '96.01.19', '96.01.1']);
    const p = byCode.get('96.01.19.131')!.parentCode!;
    expect(['96.01.19.130', '96.01.19.100', '96.01.19']).toContain(p);
    expect(byCode.has(p)).toBe(true);
  });

  it('maps every class to its section', () => {
    const classes = rows.filter((r) => /^\d{2}$/.test(r.code));
    expect(classes).toHaveLength(88);
    for (const c of classes) expect(sectionOfClass(c.code), c.code).not.toBeNull();
  });

  it('rejects a file with an orphan code', () => {
    expect(() =>
      buildOkpd2Tree([
        { code: 'A', name: 'a' },
        { code: '01.11', name: 'x' },
      ]),
    ).toThrow(/не найден родитель/);
  });
});

describe('code prefixes as typed', () => {
  it.each([
    ['17.12', '17.12'],
    ['1712', '17.12'],
    ['171214110', '17.12.14.110'],
    ['01111', '01.11.1'],
    ['c', 'C'],
    ['17.', '17.'],
    ['бумага', null],
    ['17 бумага', null],
  ])('%s → %s', (input, expected) => expect(normalizeOkpd2Prefix(input)).toBe(expected));
});
