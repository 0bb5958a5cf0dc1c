import { useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { MESSAGES } from '@proc/contract/messages';
import { noticeStore, useLoading, useNotices, type Notice } from '../lib/notices';
import { formatDateTime } from '../lib/format';
import { now } from '../lib/clock';

const COLORS: Record<Notice['kind'], { bg: string; border: string }> = {
  success: { bg: '#f6ffed', border: '#52c41a' },
  error: { bg: '#fff1f0', border: '#ff4d4f' },
  socket: { bg: '#fff1f0', border: '#ff4d4f' },
  pending: { bg: '#fffbe6', border: '#faad14' },
  loading: { bg: '#fffbe6', border: '#faad14' },
};

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
  } catch {
    // clipboard may be refused (http, permissions): fall back to a hidden textarea
    const ta = document.createElement('textarea');
    ta.value = code;
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  noticeStore.show({ kind: 'success', header: MESSAGES.copiedHeader, message: MESSAGES.copiedMessage });
}

function NoticeCard({ n, onClose }: { n: Notice; onClose?: () => void }) {
  const c = COLORS[n.kind];
  return (
    <div
      role="alert"
      data-kind={n.kind}
      style={{
        background: c.bg,
        borderLeft: `4px solid ${c.border}`,
        border: `1px solid ${c.border}`,
        borderRadius: 6,
        padding: '10px 36px 10px 12px',
        position: 'relative',
        boxShadow: '0 4px 12px rgba(0,0,0,.12)',
        minWidth: 320,
        maxWidth: 420,
      }}
    >
      <div style={{ fontWeight: 600 }}>{n.header}</div>
      {n.message && <div style={{ whiteSpace: 'pre-line', marginTop: 4 }}>{n.message}</div>}
      {n.code && (
        <a role="button" style={{ display: 'inline-block', marginTop: 4 }} onClick={() => void copyCode(n.code!)}>
          {MESSAGES.copyCode}
        </a>
      )}
      <div style={{ fontSize: 12, color: '#8c8c8c', marginTop: 4 }}>{formatDateTime(n.date)}</div>
      {onClose && (
        <button
          aria-label="Закрыть"
          onClick={onClose}
          style={{ position: 'absolute', top: 8, right: 8, border: 0, background: 'transparent', cursor: 'pointer' }}
        >
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}

/** Notices stack at the bottom right; a yellow ЗАГРУЗКА notice names the running request. */
export function NoticeStack() {
  const notices = useNotices();
  const loading = useLoading();
  const current = loading[loading.length - 1];
  // the spec gives every notice a close button: a closed ЗАГРУЗКА stays closed until the running requests change
  const [closedAt, setClosedAt] = useState<readonly string[] | null>(null);
  return (
    <div style={{ position: 'fixed', right: 16, bottom: 16, display: 'flex', flexDirection: 'column', gap: 8, zIndex: 2000 }}>
      {notices.map((n) => (
        <NoticeCard key={n.key} n={n} onClose={() => noticeStore.close(n.key)} />
      ))}
      {current && closedAt !== loading && (
        <NoticeCard
          onClose={() => setClosedAt(loading)}
          n={{
            key: 'loading',
            kind: 'loading',
            header: MESSAGES.loadingHeader,
            message: MESSAGES.loadingRequest(current),
            date: now(),
          }}
        />
      )}
    </div>
  );
}
