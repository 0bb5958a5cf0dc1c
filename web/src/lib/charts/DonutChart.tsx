import { useId } from 'react';
import { Empty } from 'antd';
import { colorAt } from './palette';

export interface Slice {
  label: string;
  value: number;
  color?: string;
}

/** A donut from stroke-dasharray arcs with a legend beside it; the centre shows the total. */
export function DonutChart({
  title,
  slices,
  center,
  empty = 'Нет данных',
  testId,
}: {
  title: string;
  slices: Slice[];
  center?: string;
  empty?: string;
  testId?: string;
}) {
  const id = useId();
  const total = slices.reduce((s, x) => s + Math.max(0, x.value), 0);
  if (total <= 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={testId ? `${testId}-empty` : undefined} />;
  const r = 40;
  const c = 2 * Math.PI * r;
  let offset = 0;
  const legendH = slices.length * 20;
  const height = Math.max(110, legendH + 10);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 320 ${height}`}
      width="100%"
      style={{ maxWidth: 320 }}
      data-testid={testId}
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{slices.map((s) => `${s.label}: ${s.value}`).join('; ')}</desc>
      <g transform="translate(55 55) rotate(-90)">
        <circle r={r} fill="none" stroke="#f0f0f0" strokeWidth="16" />
        {slices.map((s, i) => {
          const len = (Math.max(0, s.value) / total) * c;
          const el = (
            <circle
              key={s.label}
              r={r}
              fill="none"
              stroke={s.color ?? colorAt(i)}
              strokeWidth="16"
              strokeDasharray={`${len} ${c - len}`}
              strokeDashoffset={-offset}
              data-value={s.value}
            >
              <title>{`${s.label}: ${s.value}`}</title>
            </circle>
          );
          offset += len;
          return el;
        })}
      </g>
      <text x="55" y="60" textAnchor="middle" fontSize="16" fontWeight="600" fill="currentColor">
        {center ?? total}
      </text>
      {slices.map((s, i) => (
        <g key={s.label} transform={`translate(125 ${10 + i * 20})`}>
          <rect width="12" height="12" rx="2" fill={s.color ?? colorAt(i)} />
          <text x="18" y="11" fontSize="12" fill="currentColor">
            {`${s.label.length > 22 ? `${s.label.slice(0, 21)}…` : s.label} — ${s.value}`}
          </text>
        </g>
      ))}
    </svg>
  );
}
