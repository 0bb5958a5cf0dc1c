import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TITLES, AUDIT_ENTITY_TITLES, auditActionTitle, auditEntityTitle } from '@proc/contract';
import { FIELD_TITLES, fieldTitle, formatValue } from './labels';

/** The server's source that writes the trail (tests aside). */
function serverSources(): string[] {
  const root = path.resolve(__dirname, '../../../../server/src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) files.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(root);
  return files.filter((text) => text.includes('audit'));
}

/** Quoted snake_case words of every `key: …` expression (a literal, a ternary's outcomes, a union type). */
function literalsOf(texts: string[], key: string): Set<string> {
  const found = new Set<string>();
  for (const text of texts)
    for (const m of text.matchAll(new RegExp(`\\b${key}:\\s*([^,\\n}]+)`, 'g')))
      // a call is a column's definition (text('entity')), not a recorded value
      if (!m[1].includes('(')) for (const w of m[1].matchAll(/(?:^|[?:|]\s*)'([a-z][a-z0-9_]*)'/g)) found.add(w[1]);
  return found;
}

/** Keys of the flat before/after object literals the server writes. */
function recordedKeys(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts)
    for (const m of text.matchAll(/\b(?:before|after):\s*(?:[\w.]+\s*\?\s*)?\{([^{}]*)\}/g))
      for (const k of m[1].matchAll(/(?:^|[,{\s])([a-z][a-z0-9_]*)\s*:/g)) found.add(k[1]);
  return found;
}

/**
 * /audit showed «execution_prepare», «eis44_notice № 3» and «Прочее поле»: every object, action and field the server
 * records has its Russian name, checked against the server's own source so a new one cannot come without it.
 */
describe('every object, action and field of the trail has a Russian name', () => {
  const sources = serverSources();

  it('objects and actions', () => {
    const entities = [...literalsOf(sources, 'entity')].filter((e) => !AUDIT_ENTITY_TITLES[e]);
    const actions = [...literalsOf(sources, 'action')].filter((a) => !AUDIT_ACTION_TITLES[a]);
    expect(entities).toEqual([]);
    expect(actions).toEqual([]);
    expect(literalsOf(sources, 'action').has('execution_prepare')).toBe(true);
    expect(auditActionTitle('contract', 'execution_prepare')).toBe('Подготовка сведений об исполнении к подписи');
    expect(auditEntityTitle('eis44_notice')).toBe('Документ закупки из ЕИС (44-ФЗ)');
  });

  it('columns of the rows recorded whole (a procurement or contract created or imported)', () => {
    const technical = new Set(['id', 'search_vector', 'created_at', 'updated_at', 'created_by']);
    for (const [file, table] of [
      ['procurements.ts', 'procurements'],
      ['contracts.ts', 'contracts'],
    ]) {
      const text = fs.readFileSync(path.resolve(__dirname, '../../../../server/src/db/schema', file), 'utf8');
      const start = text.indexOf(`export const ${table} = pgTable(`);
      const body = text.slice(start, text.indexOf('(t) =>', start));
      const columns = [
        ...body.matchAll(/\b(?:text|integer|serial|boolean|numeric|date|timestamp|jsonb|tsvector|bigint|varchar)\('([a-z][a-z0-9_]*)'/g),
      ]
        .map((m) => m[1])
        .filter((c) => !technical.has(c) && c !== table);
      expect(columns.length, table).toBeGreaterThan(10);
      expect(
        columns.filter((c) => !FIELD_TITLES[c]),
        table,
      ).toEqual([]);
    }
  });

  it('fields of the recorded values', () => {
    const keys = recordedKeys(sources);
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((k) => !FIELD_TITLES[k])).toEqual([]);
    expect(fieldTitle('purchase_number')).toBe('Номер закупки в ЕИС');
    expect(formatValue('contract', 'document_kind', 'upd')).toBe('УПД');
  });
});
