/**
 * Every free-text field of every request body goes through the contract's shared text type (`mchd_number`
 * and a payment link's `reason` once took U+202E). The walk takes each route's body schema from the server's
 * own table and, field by field at any depth, finds the text a field accepts; the same text with a bidi control
 * (U+202E shows `счёт‮fdp.exe` as `счётexe.pdf`) must then be refused. A field that takes only a format (an ИНН, a
 * date, an enum) accepts none of the samples and is not free text. A new route with a raw `z.string()` fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestServer, type TestServer } from '../harness';
import { key } from './route-walk';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
}, 90_000);
afterAll(async () => t?.close());

/** Free text of several lengths and shapes, so a field with a short maximum or a minimum still takes one. */
const SAMPLES = ['Текст для проверки поля', 'Текст поля', 'Текст', 'АБ', 'пароль-12345', 'ab', 'a'];
const BIDI = ['\u202e', '\u2066', '\u200f\u202b'];

/** Fields whose text is never stored or shown as entered. */
const NOT_SHOWN: Record<string, string> = {
  password: 'a secret: hashed, never shown or stored as text',
  new_password: 'a secret: hashed, never shown or stored as text',
  old_password: 'a secret: hashed, never shown or stored as text',
  token: 'a secret: encrypted, never shown',
  signature: 'base64 of a CMS: decoded and verified, never shown',
  content: 'base64 of the signed content: decoded, never shown',
  content_base64: 'base64 of an attached file (an expert conclusion, a scanned signature): decoded and stored as a file',
  code: 'a one-time e-mail code compared with the one sent',
};

type Def = { type?: string; shape?: unknown; innerType?: unknown; in?: unknown; out?: unknown; element?: unknown; options?: unknown[] };
const defOf = (s: unknown): Def =>
  ((s as { def?: Def; _zod?: { def?: Def } })?.def ?? (s as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

/** Whether a schema has a string somewhere inside its wrappers (a field that can hold text). */
function holdsText(s: unknown, depth = 0): boolean {
  const d = defOf(s);
  if (depth > 10 || !d.type) return false;
  if (d.type === 'string') return true;
  if (d.type === 'object' || d.type === 'array' || d.type === 'record') return false;
  return [d.innerType, d.in, d.out, ...(d.options ?? [])].some((x) => x && holdsText(x, depth + 1));
}

/** Every field of a body schema at any depth, as `a.b[].c`, with its schema. */
function fields(s: unknown, prefix: string, out: [string, z.ZodType][], depth = 0): void {
  const d = defOf(s);
  if (depth > 12 || !d.type) return;
  if (d.type === 'object') {
    const shape = (typeof d.shape === 'function' ? (d.shape as () => unknown)() : d.shape) as Record<string, z.ZodType>;
    for (const [k, v] of Object.entries(shape)) {
      if (holdsText(v)) out.push([`${prefix}${k}`, v]);
      fields(v, `${prefix}${k}.`, out, depth + 1);
    }
  } else if (d.type === 'array') fields(d.element, prefix.replace(/\.$/, '[].'), out, depth + 1);
  else for (const x of [d.innerType, d.in, d.out, ...(d.options ?? [])]) if (x) fields(x, prefix, out, depth + 1);
}

describe('free text in request bodies', () => {
  it('refuses bidi controls in every field that takes free text', async () => {
    const gaps: string[] = [];
    let textFields = 0;
    for (const r of t.server.routes) {
      if (!r.bodySchema) continue;
      const found: [string, z.ZodType][] = [];
      fields(r.bodySchema, '', found);
      for (const [name, schema] of found) {
        const last = name.split('.').pop()!.replace('[]', '');
        if (NOT_SHOWN[last]) continue;
        const sample = SAMPLES.find((v) => schema.safeParse(v).success);
        if (!sample) continue; // a format, not free text
        textFields++;
        const taken = BIDI.map((c) => sample.slice(0, 1) + c + sample.slice(1)).filter((v) => schema.safeParse(v).success);
        if (taken.length) gaps.push(`${key(r)} ${name}`);
      }
    }
    expect(gaps, `fields that take a bidi control:\n${gaps.join('\n')}`).toEqual([]);
    // the walk reached the fields (titles, names, reasons, notes …), not only the top of each body
    expect(textFields).toBeGreaterThan(150);
  }, 120_000);
});
