import { useState } from 'react';
import { Typography } from 'antd';
import type { AuditItem } from '@proc/contract';
import { fieldTitle, formatValue } from './labels';

type Values = Record<string, unknown>;
const isValues = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const old = { color: '#cf1322', textDecoration: 'line-through' } as const;
const now = { color: '#389e0d' } as const;

interface Row {
  key: string;
  /** changed: before → after; added: only after (a new object); removed: only before (a deleted one); same: context. */
  kind: 'changed' | 'added' | 'removed' | 'same';
  before?: unknown;
  after?: unknown;
}

/** The fields of an entry: changed ones first as before → after, then those kept for context (which line, which file). */
export function changeRows(before: unknown, after: unknown): Row[] {
  const b = isValues(before) ? before : null;
  const a = isValues(after) ? after : null;
  if (!b && !a) return [];
  if (!b) return Object.entries(a!).map(([key, v]) => ({ key, kind: 'added', after: v }));
  if (!a) return Object.entries(b).map(([key, v]) => ({ key, kind: 'removed', before: v }));
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  const rows: Row[] = keys.map((key) => ({
    key,
    kind: key in a && key in b && same(a[key], b[key]) ? 'same' : 'changed',
    before: b[key],
    after: a[key],
  }));
  return [...rows.filter((r) => r.kind === 'same'), ...rows.filter((r) => r.kind !== 'same')];
}

/** A readable before → after of one trail entry; past `max` fields the rest opens on request. */
export function AuditChanges({ item, max = 8 }: { item: AuditItem; max?: number }) {
  const [all, setAll] = useState(false);
  const rows = changeRows(item.before, item.after);
  if (!rows.length) {
    // a value that is not a set of fields (or nothing at all)
    if (item.before === null && item.after === null) return null;
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {item.before !== null && <span style={old}>{JSON.stringify(item.before)}</span>}{' '}
        {item.after !== null && <span style={now}>{JSON.stringify(item.after)}</span>}
      </Typography.Text>
    );
  }
  const show = (key: string, v: unknown) => formatValue(item.entity, key, v, item.refs);
  const shown = all || rows.length <= max + 1 ? rows : rows.slice(0, max);
  return (
    <ul style={{ margin: '4px 0 0', paddingLeft: 18, fontSize: 13 }} data-testid="audit-changes">
      {shown.map((r) => (
        <li key={r.key} style={{ wordBreak: 'break-word' }}>
          <Typography.Text type={r.kind === 'same' ? 'secondary' : undefined}>
            {item.field_titles?.[r.key] ?? fieldTitle(r.key)}:{' '}
          </Typography.Text>
          {r.kind === 'same' && <Typography.Text type="secondary">{show(r.key, r.after)}</Typography.Text>}
          {r.kind === 'added' && <span style={now}>{show(r.key, r.after)}</span>}
          {r.kind === 'removed' && <span style={old}>{show(r.key, r.before)}</span>}
          {r.kind === 'changed' && (
            <>
              <span style={old}>{show(r.key, r.before)}</span> → <span style={now}>{show(r.key, r.after)}</span>
            </>
          )}
        </li>
      ))}
      {shown.length < rows.length && (
        <li style={{ listStyle: 'none' }}>
          <a role="button" tabIndex={0} onClick={() => setAll(true)}>
            ещё {rows.length - shown.length}
          </a>
        </li>
      )}
    </ul>
  );
}
