import { Tooltip, Typography } from 'antd';
import { splitIkz } from '@proc/contract';

/**
 * An ИКЗ shown in its six parts (приказ Минфина № 55н): each part set apart and, on hover or keyboard focus, named
 * with its digit positions. Anything that is not 36 digits is shown as it is, marked.
 */
export function IkzCode({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  const parts = splitIkz(value);
  if (!parts) {
    return (
      <Typography.Text type="danger" title="Не ИКЗ: нужно 36 цифр" data-testid="ikz">
        {value}
      </Typography.Text>
    );
  }
  return (
    <span data-testid="ikz" aria-label={`ИКЗ ${value}`} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {parts.map((p, i) => (
        <Tooltip key={p.key} title={`${p.title} (разряды ${p.from}–${p.to}): ${p.value}`}>
          <span
            tabIndex={0}
            data-part={p.key}
            aria-label={`${p.title}: ${p.value}`}
            style={{ padding: '0 1px', marginRight: i < parts.length - 1 ? 4 : 0, borderBottom: '1px dotted currentColor', cursor: 'help' }}
          >
            {p.value}
          </span>
        </Tooltip>
      ))}
    </span>
  );
}
