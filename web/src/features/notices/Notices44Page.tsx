import { Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { listLocale } from '../../lib/paged-table';
import type { Notice44Response as Notice44 } from '@proc/contract';
import { eisApi, NOTICE44_METHOD_TITLES, EisImportStatus } from '../eis';
import { ImportNotices44Button } from './ImportNotices44Button';
import { Protocol44Details, applicationsText } from './Protocol44Details';

const PAGE = 20;

/**
 * 44-ФЗ purchases as ЕИС published them (PRIZ): each notice's newest version with its final protocol's outcome, and
 * where its ИКЗ leads — the план-график position and the procurement of the company. A row opens to the protocol's
 * applications and the contract concluded on the purchase.
 */
export default function Notices44Page() {
  const company = useSelectedCompany();
  const { params, patch } = useUrlState();
  const q = params.get('q') ?? undefined;
  const page = Number(params.get('page') ?? 1) || 1;
  const list = useQuery({
    queryKey: ['notices44', company, { q, page }],
    queryFn: () => eisApi.notices44({ q, page, limit: PAGE }),
  });
  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3}>Извещения 44-ФЗ из ЕИС</Typography.Title>
        <Space wrap>
          <Link to="/documents?law=44">Закупки 44-ФЗ в реестре</Link>
          <ImportNotices44Button />
        </Space>
      </Space>
      <EisImportStatus kind="notices44" />
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          key={`q-${q ?? ''}`}
          allowClear
          aria-label="Поиск извещений"
          placeholder="Номер закупки, ИКЗ или объект закупки"
          defaultValue={q}
          onSearch={(v) => patch({ q: v.trim() || undefined, page: undefined })}
          style={{ width: 380 }}
        />
      </Space>
      <Table<Notice44>
        rowKey="id"
        data-testid="notices44-table"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1400 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (p) => patch({ page: p > 1 ? String(p) : undefined }),
        }}
        locale={listLocale(list, <Empty description="Извещений 44-ФЗ нет. Загрузите их из ЕИС." />)}
        expandable={{ expandedRowRender: (n) => <Protocol44Details notice={n} /> }}
        columns={[
          {
            title: 'Номер закупки',
            key: 'number',
            width: 210,
            render: (_: unknown, n: Notice44) => (
              <Space direction="vertical" size={0}>
                {n.href ? (
                  <a href={n.href} target="_blank" rel="noreferrer" data-testid={`notice44-${n.purchase_number}`}>
                    {n.purchase_number}
                  </a>
                ) : (
                  <span data-testid={`notice44-${n.purchase_number}`}>{n.purchase_number}</span>
                )}
                <Tag color="geekblue">44-ФЗ</Tag>
              </Space>
            ),
          },
          {
            title: 'Способ',
            key: 'method',
            width: 180,
            render: (_: unknown, n: Notice44) => (n.method ? NOTICE44_METHOD_TITLES[n.method] : null) ?? n.placing_way_name ?? '—',
          },
          { title: 'Объект закупки', dataIndex: 'subject', width: 260, render: (v: string | null) => v ?? '—' },
          {
            title: 'ИКЗ',
            dataIndex: 'ikz',
            width: 320,
            render: (v: string | null) => (v ? <Typography.Text style={{ fontFamily: 'monospace' }}>{v}</Typography.Text> : '—'),
          },
          {
            title: 'НМЦК',
            key: 'max_price',
            align: 'right',
            width: 150,
            render: (_: unknown, n: Notice44) =>
              n.max_price ? `${formatMoney(n.max_price)}${n.currency && n.currency !== 'RUB' ? ` ${n.currency}` : ''}` : '—',
          },
          { title: 'Размещено', dataIndex: 'published_at', width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
          {
            title: 'Окончание подачи заявок',
            dataIndex: 'applications_end',
            width: 150,
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
          {
            title: 'Итоги',
            key: 'protocol',
            width: 260,
            render: (_: unknown, n: Notice44) =>
              n.protocol ? (
                <Space direction="vertical" size={0} data-testid={`notice44-protocol-${n.purchase_number}`}>
                  <span>Протокол от {n.protocol.protocol_date ? formatDate(n.protocol.protocol_date) : '—'}</span>
                  <span>{applicationsText(n.protocol.applications, n.protocol.participants)}</span>
                  {n.protocol.winner_price && (
                    <span>
                      Победитель: {n.contract?.supplier_name ?? `заявка № ${n.protocol.winner_app_number}`},{' '}
                      {formatMoney(n.protocol.winner_price)}
                    </span>
                  )}
                  {n.protocol.abandoned_reason && <span>Не состоялась</span>}
                </Space>
              ) : n.summarizing_date ? (
                `Подведение итогов ${formatDate(n.summarizing_date)}`
              ) : (
                '—'
              ),
          },
          {
            title: 'План-график и закупка',
            key: 'links',
            fixed: 'right',
            width: 200,
            render: (_: unknown, n: Notice44) => (
              <Space direction="vertical" size={0}>
                {n.tender_plan_number ? (
                  <Link
                    to={`/eisPlans/tender/${n.tender_plan_number}?q=${n.ikz ?? ''}`}
                    data-testid={`notice44-position-${n.purchase_number}`}
                  >
                    Позиция плана-графика
                  </Link>
                ) : (
                  <Typography.Text type="secondary">Нет позиции с этим ИКЗ</Typography.Text>
                )}
                {n.procurement_id && (
                  <Link to={`/documents/${n.procurement_id}`} data-testid={`notice44-procurement-${n.purchase_number}`}>
                    Открыть закупку
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
