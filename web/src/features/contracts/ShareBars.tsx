import { Progress } from 'antd';
import type { ContractFiguresResponse } from '@proc/contract';
import { formatMoney, formatPercent } from '../../lib/format';
import { shareNumber } from './labels';

/**
 * Delivered and paid shares of one contract, from the figures its register row carries (the server computes them for
 * the whole page at once, the same computation as the card's): no request per row.
 */
export function ShareBars({ contractId, figures }: { contractId: number; figures: ContractFiguresResponse }) {
  return (
    <div style={{ minWidth: 140 }} data-testid={`shares-${contractId}`}>
      <Progress
        size="small"
        percent={shareNumber(figures.delivered_share)}
        format={() => `пост. ${formatPercent(figures.delivered_share)}`}
        aria-label={`Поставлено ${formatMoney(figures.delivered_amount)}, ${formatPercent(figures.delivered_share)}`}
      />
      <Progress
        size="small"
        strokeColor="#52c41a"
        percent={shareNumber(figures.paid_share)}
        format={() => `опл. ${formatPercent(figures.paid_share)}`}
        aria-label={`Оплачено ${formatMoney(figures.paid_amount)}, ${formatPercent(figures.paid_share)}`}
      />
    </div>
  );
}
