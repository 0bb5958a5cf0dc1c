import { useId } from 'react';

/** One labelled share (0..100) as a thin SVG bar with the percentage after it; role=img with the full text. */
export function ProgressBar({
  label,
  percent,
  display,
  color = '#1677ff',
  testId,
}: {
  label: string;
  percent: number;
  display?: string;
  color?: string;
  testId?: string;
}) {
  const id = useId();
  const p = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  const text = display ?? `${p.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;
  return (
    <div style={{ marginBottom: 8 }}>
      <div style={{ fontSize: 12, marginBottom: 2 }}>{label}</div>
      <svg
        role="img"
        aria-labelledby={`${id}-t`}
        viewBox="0 0 300 14"
        width="100%"
        height="14"
        preserveAspectRatio="none"
        style={{ maxWidth: 420, display: 'inline-block', verticalAlign: 'middle' }}
        data-testid={testId}
        data-value={p}
      >
        <title id={`${id}-t`}>{`${label}: ${text}`}</title>
        <rect width="300" height="14" rx="7" fill="#f0f0f0" />
        <rect width={(p / 100) * 300} height="14" rx="7" fill={color} />
      </svg>
      <span style={{ marginLeft: 8, fontSize: 12 }}>{text}</span>
    </div>
  );
}
