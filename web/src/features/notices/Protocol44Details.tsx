import { Descriptions, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { pluralRu, type Notice44Response, type Protocol44Application } from '@proc/contract';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

/** «Заявок: 3, допущено 2». */
export function applicationsText(apps: Protocol44Application[], participants: number | null): string {
  const n = apps.length || participants || 0;
  const admitted = apps.filter((a) => a.admitted).length;
  return `${n} ${pluralRu(n, 'заявка', 'заявки', 'заявок')}${apps.length ? `, допущено ${admitted}` : ''}`;
}

/**
 * A purchase's outcome under its notice row: the final protocol (number, dates, the applications with their price
 * offers and the commission's decisions) and the contract concluded on it, which names the winner — the protocol ЕИС
 * gives out knows the participants by their application numbers only.
 */
export function Protocol44Details({ notice }: { notice: Notice44Response }) {
  const p = notice.protocol;
  const k = notice.contract;
  return (
    <div data-testid={`notice44-details-${notice.purchase_number}`}>
      {p ? (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} title="Итоговый протокол">
            <Descriptions.Item label="Номер">{p.doc_number ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Дата протокола">{p.protocol_date ? formatDate(p.protocol_date) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Размещён в ЕИС">{p.published_at ? formatDateTime(p.published_at) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Заявки">{applicationsText(p.applications, p.participants)}</Descriptions.Item>
            <Descriptions.Item label="Победитель">
              {p.winner_app_number ? `заявка № ${p.winner_app_number}` : 'не определён'}
            </Descriptions.Item>
            <Descriptions.Item label="Цена победителя">{p.winner_price ? formatMoney(p.winner_price) : '—'}</Descriptions.Item>
            {p.abandoned_reason && (
              <Descriptions.Item label="Закупка не состоялась" span={3}>
                {p.abandoned_reason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table<Protocol44Application>
            rowKey="app_number"
            size="small"
            pagination={false}
            data-testid={`notice44-applications-${notice.purchase_number}`}
            dataSource={p.applications}
            locale={{ emptyText: 'Заявок в протоколе нет' }}
            style={{ marginBottom: 16 }}
            columns={[
              { title: 'Заявка №', dataIndex: 'app_number', width: 140 },
              { title: 'Подана', dataIndex: 'app_date', width: 160, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
              {
                title: 'Предложение о цене',
                dataIndex: 'price',
                align: 'right',
                width: 170,
                render: (v: string | null) => (v ? formatMoney(v) : '—'),
              },
              { title: 'Место', dataIndex: 'rating', width: 80, render: (v: number | null) => v ?? '—' },
              {
                title: 'Решение комиссии',
                key: 'admitted',
                render: (_: unknown, a: Protocol44Application) =>
                  a.admitted ? (
                    <Tag color="green">Допущена</Tag>
                  ) : (
                    <>
                      <Tag color="red">Отклонена</Tag>
                      {a.reject_reasons.map((r, i) => (
                        <Typography.Text key={i} type="secondary" style={{ display: 'block' }}>
                          {[r.name, r.explanation].filter(Boolean).join('. ') || 'причина не указана'}
                        </Typography.Text>
                      ))}
                    </>
                  ),
              },
            ]}
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary">
          Итоговый протокол ещё не размещён
          {notice.summarizing_date ? `: подведение итогов ${formatDate(notice.summarizing_date)}` : ''}.
        </Typography.Paragraph>
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} title="Контракт">
        {k ? (
          <>
            <Descriptions.Item label="Реестровый номер">
              <Link to={`/contracts/register/${k.id}`} data-testid={`notice44-contract-${notice.purchase_number}`}>
                {k.registry_number ?? `№ ${k.id}`}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label="Поставщик">
              {k.supplier_name ?? '—'}
              {k.supplier_inn ? `, ИНН ${k.supplier_inn}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Цена контракта">{k.price ? formatMoney(k.price) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Заключён">{k.contract_date ? formatDate(k.contract_date) : '—'}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="Реестр контрактов">Контракт по закупке ещё не загружен из ЕИС</Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
