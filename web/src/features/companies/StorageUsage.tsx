import { Progress, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatSize } from '@proc/contract';
import { companiesApi } from './api';

/** «Хранилище файлов: занято 12,4 МБ из 1 ГБ» with a bar; the allowance is the company's tariff's (or the default). */
export function StorageUsage({ companyId }: { companyId: number }) {
  const q = useQuery({ queryKey: ['storage', companyId], queryFn: () => companiesApi.storage(companyId) });
  if (q.isLoading) return <Typography.Text type="secondary">Хранилище файлов: загрузка…</Typography.Text>;
  if (!q.data) return null;
  const s = q.data;
  const percent = s.allowed_bytes ? Math.min(100, Math.round((s.used_bytes / s.allowed_bytes) * 1000) / 10) : 0;
  const source = s.source === 'tariff' ? `по тарифу «${s.tariff_name}»` : 'организации без тарифа';
  return (
    <div data-testid={`storage-${companyId}`} style={{ marginBottom: 12 }}>
      <Space wrap>
        <Typography.Text strong>Хранилище файлов:</Typography.Text>
        <Typography.Text data-testid="storage-text">
          {s.allowed_bytes === null
            ? `занято ${formatSize(s.used_bytes)}, без ограничения (${source})`
            : `занято ${formatSize(s.used_bytes)} из ${formatSize(s.allowed_bytes)} (${source})`}
        </Typography.Text>
      </Space>
      {s.allowed_bytes !== null && (
        <Progress
          percent={percent}
          size="small"
          status={percent >= 100 ? 'exception' : percent >= 90 ? 'active' : 'normal'}
          aria-label="Занято хранилища"
          style={{ maxWidth: 420 }}
        />
      )}
      {/* a line of its own: inline after the bar it read «0%Удалённые…» */}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }} data-testid="storage-note">
        Удалённые и заменённые файлы не учитываются и стираются с диска через {s.retention_days} дн.
      </Typography.Paragraph>
    </div>
  );
}
