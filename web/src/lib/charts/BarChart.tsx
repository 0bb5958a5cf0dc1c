import { useId } from 'react';
import { Empty } from 'antd';
import { colorAt } from './palette';

export interface Bar {
  label: string;
  value: number;
  /** What the bar says on hover and to a screen reader; defaults to the number. */
  display?: string;
  color?: string;
}

/** Horizontal bars scaled to the largest value; an SVG with a title and a description for assistive tech. */
export function BarChart({ title, bars, empty = 'Нет данных', testId }: { title: string; bars: Bar[]; empty?: string; testId?: string }) {
  const id = useId();
  if (!bars.length || bars.every((b) => b.value <= 0))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={testId ? `${testId}-empty` : undefined} />;
  const rowH = 28;
  const labelW = 200;
  const width = 490;
  const barW = width - labelW - 110;
  const max = Math.max(...bars.map((b) => b.value));
  const height = bars.length * rowH + 4;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width }}
      data-testid={testId}
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{bars.map((b) => `${b.label}: ${b.display ?? b.value}`).join('; ')}</desc>
      {bars.map((b, i) => {
        const w = max > 0 ? Math.max(b.value > 0 ? 2 : 0, (b.value / max) * barW) : 0;
        const y = i * rowH + 4;
        return (
          <g key={b.label} data-value={b.value}>
            <text x={labelW - 8} y={y + 15} textAnchor="end" fontSize="12" fill="currentColor">
              {b.label.length > 26 ? `${b.label.slice(0, 25)}…` : b.label}
            </text>
            <rect x={labelW} y={y} width={w} height={rowH - 10} rx="3" fill={b.color ?? colorAt(i)}>
              <title>{`${b.label}: ${b.display ?? b.value}`}</title>
            </rect>
            <text x={labelW + w + 6} y={y + 15} fontSize="12" fill="currentColor">
              {b.display ?? b.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
