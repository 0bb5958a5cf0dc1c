import type { ReactNode } from 'react';

/**
 * A select's `labelRender` for values that are ids: a value whose option (and so its name) has not come yet reads «…»
 * while it loads and «—» after, never the bare id. Other values show their label, else themselves.
 */
export const labelWithoutIds =
  (loading: boolean) =>
  (v: { value?: unknown; label?: ReactNode }): ReactNode =>
    typeof v.value === 'number' && (v.label === undefined || v.label === null || v.label === v.value)
      ? loading
        ? '…'
        : '—'
      : (v.label ?? (v.value as ReactNode));
