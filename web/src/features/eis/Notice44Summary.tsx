import { Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { eisApi, NOTICE44_METHOD_TITLES } from './api';

/**
 * On a law-44 procurement card: the notice ЕИС published under its ИКЗ (number, dates, НМЦК) and the final protocol's
 * winner and price. Nothing is shown until such a notice has been imported.
 */
export function Notice44Summary({ ikz }: { ikz: string }) {
  const company = useSelectedCompany();
  const q = useQuery({ queryKey: ['notices44', company, { ikz }], queryFn: () => eisApi.notices44({ ikz, limit: 1 }) });
  const n = q.data?.items[0];
  if (!n) return null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 16 }}
      title="Извещение 44-ФЗ в ЕИС"
      data-testid="procurement-notice44"
    >
      <Descriptions.Item label="Номер закупки">
        <Link to={`/eisNotices44?q=${n.purchase_number}`}>{n.purchase_number}</Link>
      </Descriptions.Item>
      <Descriptions.Item label="Способ">{(n.method && NOTICE44_METHOD_TITLES[n.method]) || n.placing_way_name || '—'}</Descriptions.Item>
      <Descriptions.Item label="НМЦК">{n.max_price ? formatMoney(n.max_price) : '—'}</Descriptions.Item>
      <Descriptions.Item label="Размещено">{n.published_at ? formatDateTime(n.published_at) : '—'}</Descriptions.Item>
      <Descriptions.Item label="Окончание подачи заявок">{n.applications_end ? formatDateTime(n.applications_end) : '—'}</Descriptions.Item>
      <Descriptions.Item label="Подведение итогов">{n.summarizing_date ? formatDate(n.summarizing_date) : '—'}</Descriptions.Item>
      <Descriptions.Item label="Итоговый протокол">
        {n.protocol
          ? `${n.protocol.doc_number ?? ''} от ${n.protocol.protocol_date ? formatDate(n.protocol.protocol_date) : '—'}`.trim()
          : 'Ещё не размещён'}
      </Descriptions.Item>
      <Descriptions.Item label="Победитель">
        {n.contract?.supplier_name
          ? `${n.contract.supplier_name}${n.contract.supplier_inn ? `, ИНН ${n.contract.supplier_inn}` : ''}`
          : n.protocol?.winner_app_number
            ? `заявка № ${n.protocol.winner_app_number}`
            : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Цена победителя">
        <span data-testid="procurement-notice44-winner-price">{n.protocol?.winner_price ? formatMoney(n.protocol.winner_price) : '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
