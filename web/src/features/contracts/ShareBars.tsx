import { Progress, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSelectedCompany } from '../../lib/session';
import { formatPercent } from '../../lib/format';
import { contractsApi } from './api';
import { shareNumber } from './labels';

/** Delivered and paid shares of one contract, from its execution summary (the register list carries no totals). */
export function ShareBars({ contractId }: { contractId: number }) {
  const company = useSelectedCompany();
  const q = useQuery({
    queryKey: ['execution', company, 'summary', contractId],
    queryFn: () => contractsApi.summary(contractId),
    staleTime: 30_000,
  });
  if (q.isLoading) return <Skeleton.Input active size="small" />;
  if (!q.data) return <>—</>;
  return (
    <div style={{ minWidth: 140 }} data-testid={`shares-${contractId}`}>
      <Progress
        size="small"
        percent={shareNumber(q.data.delivered_share)}
        format={() => `пост. ${formatPercent(q.data.delivered_share)}`}
        aria-label={`Поставлено ${formatPercent(q.data.delivered_share)}`}
      />
      <Progress
        size="small"
        strokeColor="#52c41a"
        percent={shareNumber(q.data.paid_share)}
        format={() => `опл. ${formatPercent(q.data.paid_share)}`}
        aria-label={`Оплачено ${formatPercent(q.data.paid_share)}`}
      />
    </div>
  );
}
