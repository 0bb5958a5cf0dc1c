/**
 * Mutation fuzzing of the format parsers: derive broken variants of the fixture files (bit flips, truncation, byte
 * insertion/deletion, splicing two files, encoding swaps) and run the parser each is meant for. The only allowed
 * failure is a FormatError; anything else is a crash. Shared by bench/fuzz-formats.ts and the vitest sample.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { FormatError, parseBank1c, parseEisFile, parseUpd } from '../../src/formats';
import { fixturePath } from '../../src/formats/fixtures-path';

export interface Seed {
  name: string;
  data: Buffer;
  parse: (buf: Uint8Array) => unknown;
}

export function loadSeeds(): Seed[] {
  const read = (...p: string[]) => fs.readFileSync(fixturePath(...p));
  return [
    { name: 'upd', data: read('upd', 'upd_970_v5_02_seller.xml'), parse: parseUpd },
    { name: 'eis-contract', data: read('eis223', 'contract_test.xml'), parse: parseEisFile },
    { name: 'eis-notice', data: read('eis223', 'purchaseNotice_test.xml'), parse: parseEisFile },
    { name: 'eis-plan', data: read('eis223', 'purchasePlan_test.xml'), parse: parseEisFile },
    { name: 'bank1c', data: read('bank1c', 'statement_cp1251.txt'), parse: parseBank1c },
  ];
}

/** Small deterministic PRNG (mulberry32): a failing case is reproducible from its seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTERESTING = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
  '&e;',
  ']]>',
  '<![CDATA[',
  '\u0000',
  '\uFFFD',
  'encoding="KOI8-R"',
  'Кодировка=UTF-8',
  '\r\n',
  '\n\n\n',
];

export const MUTATIONS = ['bitflip', 'truncate', 'insert', 'delete', 'splice', 'encoding', 'token', 'repeat'] as const;
export type Mutation = (typeof MUTATIONS)[number];

export function mutate(data: Buffer, kind: Mutation, rand: () => number, other: Buffer): Buffer {
  const at = (n = data.length) => Math.floor(rand() * Math.max(1, n));
  const out = Buffer.from(data);
  switch (kind) {
    case 'bitflip': {
      for (let i = 0, n = 1 + at(8); i < n; i++) {
        const p = at();
        out[p] ^= 1 << at(8);
      }
      return out;
    }
    case 'truncate':
      return data.subarray(0, at());
    case 'insert': {
      const p = at();
      const junk = Buffer.from(Array.from({ length: 1 + at(16) }, () => at(256)));
      return Buffer.concat([data.subarray(0, p), junk, data.subarray(p)]);
    }
    case 'delete': {
      const p = at();
      return Buffer.concat([data.subarray(0, p), data.subarray(p + 1 + at(64))]);
    }
    case 'splice':
      return Buffer.concat([data.subarray(0, at()), other.subarray(at(other.length))]);
    case 'encoding': {
      // re-encode the text in another charset without changing what the file declares
      const text = data.toString('utf8');
      const to = ['win1251', 'koi8-r', 'utf16le', 'latin1', 'cp866'][at(5)];
      return iconv.encode(text, to);
    }
    case 'token': {
      const p = at();
      return Buffer.concat([data.subarray(0, p), Buffer.from(INTERESTING[at(INTERESTING.length)], 'utf8'), data.subarray(p)]);
    }
    case 'repeat': {
      const p = at();
      const len = 1 + at(200);
      const piece = data.subarray(p, p + len);
      return Buffer.concat([data.subarray(0, p), ...Array.from({ length: 2 + at(20) }, () => piece), data.subarray(p + len)]);
    }
  }
}

export interface FuzzResult {
  total: number;
  /** outcome → count: 'ok' (parsed), 'FormatError:<code>', 'CRASH:<name>' */
  outcomes: Record<string, number>;
  crashes: { seed: string; mutation: Mutation; caseSeed: number; error: string }[];
}

/** Runs `count` mutations starting from `seed`; deterministic for the same arguments. */
export function fuzz(count: number, seed = 1): FuzzResult {
  const seeds = loadSeeds();
  const res: FuzzResult = { total: 0, outcomes: {}, crashes: [] };
  for (let i = 0; i < count; i++) {
    const caseSeed = seed * 1_000_003 + i;
    const rand = rng(caseSeed);
    const s = seeds[i % seeds.length];
    const mutation = MUTATIONS[Math.floor(rand() * MUTATIONS.length)];
    const input = mutate(s.data, mutation, rand, seeds[Math.floor(rand() * seeds.length)].data);
    let outcome: string;
    try {
      s.parse(input);
      outcome = 'ok';
    } catch (e) {
      if (e instanceof FormatError) outcome = `FormatError:${e.code}`;
      else {
        outcome = `CRASH:${(e as Error)?.name ?? typeof e}`;
        res.crashes.push({ seed: s.name, mutation, caseSeed, error: String((e as Error)?.stack ?? e).slice(0, 500) });
      }
    }
    res.total++;
    res.outcomes[outcome] = (res.outcomes[outcome] ?? 0) + 1;
  }
  return res;
}
