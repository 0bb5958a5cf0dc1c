import { Alert, Card, Col, Descriptions, Empty, List, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney, formatPercent, formatQuantity } from '../../lib/format';
import { procurementNumberAndMethod } from '@proc/contract/format';
import { FindingsList } from '../../lib/FindingsList';
import { ProgressBar } from '../../lib/charts/ProgressBar';
import { contractsApi } from './api';
import { CLASSIFIER_TITLES, type ContractPositionResponse } from '@proc/contract';
import { CONTRACT_STATUS_COLORS, contractStatusTitle, shareNumber } from './labels';
import { AcceptanceDocuments } from './AcceptanceDocuments';
import { BuildReportButtons, ReportsTable } from './ContractReports';
import { PAYMENT_SORTS, PaymentsTable } from './PaymentsTable';
import { usePagedTable } from '../../lib/paged-table';
import { UpdUploadButton } from './uploads';
import { AuditHistoryPanel } from '../audit';
import { ObjectNotFound, isNotFound, routeId } from '../../lib/ObjectNotFound';
import { Execution44Cards, Ikz44Items } from './Contract44Execution';
import { MayChange } from '../../lib/MayChange';
import { ApprovalPanel } from '../approvals';

/** /contracts/register/:id — requisites, positions, execution (УПД, payments, shares, deadlines), reports, violations. */
export default function ContractCardPage() {
  const id = routeId(useParams().id) ?? 0;
  const company = useSelectedCompany();
  const card = useQuery({
    queryKey: ['contracts', company, 'card', id],
    queryFn: () => contractsApi.get(id),
    enabled: id > 0,
  });
  const summary = useQuery({
    queryKey: ['execution', company, 'summary', id],
    // asked for alongside the card, not after it (a 404 of both is the card's one not-found page)
    queryFn: () => contractsApi.summary(id, true),
    enabled: id > 0,
  });
  // the card's one paged list: its page and sort in the URL as on every list screen
  const payments = usePagedTable(PAYMENT_SORTS);

  if (id === 0 || isNotFound(card.error))
    return <ObjectNotFound title="Договор не найден" back={{ to: '/contracts/register', label: 'К реестру договоров' }} />;
  if (card.isLoading) return <Skeleton active />;
  // another failure was shown as a notice by the API client
  if (!card.data) return null;
  const c = card.data;
  const s = summary.data;
  return (
    <div data-testid="contract-card">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }} wrap>
        <Link to="/contracts/register">
          <ArrowLeftOutlined /> К реестру договоров
        </Link>
      </Space>
      <Typography.Title level={4} data-testid="contract-title">
        Договор {c.number ? `№ ${c.number}` : ''} {c.contract_date ? `от ${formatDate(c.contract_date)}` : ''}{' '}
        <Tag color={CONTRACT_STATUS_COLORS[c.status]}>{contractStatusTitle(c.status)}</Tag>
      </Typography.Title>
      {c.violations.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Нарушения"
          data-testid="contract-violations"
          description={<FindingsList items={c.violations} />}
        />
      )}
      {/* what goes to ЕИС about the contract goes as approved, when the company routes contracts */}
      <ApprovalPanel kind="contract" documentId={c.id} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="Реквизиты" size="small">
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Реестровый номер">{c.registry_number ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Предмет">{c.subject}</Descriptions.Item>
              <Descriptions.Item label="Цена">{formatMoney(c.price, c.currency === 'RUB' ? '₽' : c.currency)}</Descriptions.Item>
              <Descriptions.Item label="Срок исполнения">
                {c.start_date ? formatDate(c.start_date) : '—'} — {c.end_date ? formatDate(c.end_date) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Поставщик">{c.supplier_name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="ИНН / КПП поставщика">
                {c.supplier_inn ?? '—'} / {c.supplier_kpp ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Номер и способ закупки">
                <span data-testid="procurement-number-method">
                  {procurementNumberAndMethod(
                    c.purchase_notice_number,
                    c.method_name ?? (c.method_code ? `код ЕИС ${c.method_code}` : null),
                  )}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="Версия">{c.version}</Descriptions.Item>
            </Descriptions>
            {c.execution44 && <Ikz44Items ikz={c.ikz} x={c.execution44} />}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="Исполнение" size="small" data-testid="execution-summary">
            {summary.isLoading ? (
              <Skeleton active />
            ) : s ? (
              <>
                <ProgressBar
                  label={`Поставлено: ${formatMoney(s.delivered_amount)}`}
                  percent={shareNumber(s.delivered_share)}
                  display={formatPercent(s.delivered_share)}
                  testId="delivered-share"
                />
                <ProgressBar
                  label={`Оплачено: ${formatMoney(s.paid_amount)}`}
                  percent={shareNumber(s.paid_share)}
                  display={formatPercent(s.paid_share)}
                  color="#52c41a"
                  testId="paid-share"
                />
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  Осталось оплатить: {formatMoney(s.remaining_to_pay)}. Документов приёмки: {s.documents}, не сопоставлено строк:{' '}
                  {s.unmapped_lines}, платежей: {s.payments}.
                </Typography.Paragraph>
                <Typography.Text strong>Сроки сведений в реестр договоров ЕИС</Typography.Text>
                <List
                  size="small"
                  data-testid="reporting-deadlines"
                  locale={{ emptyText: 'Сроков нет' }}
                  dataSource={s.deadlines}
                  renderItem={(d) => (
                    <List.Item style={d.overdue ? { color: '#cf1322' } : undefined} data-overdue={d.overdue || undefined}>
                      <span>
                        {d.label} <Typography.Text type="secondary">(основание от {formatDate(d.basis_date)})</Typography.Text>
                      </span>
                      <span>
                        {/* a past date is either done (said so) or overdue (red): never a plain «до» in the past */}
                        до {formatDate(d.due_on)}{' '}
                        {d.overdue ? <Tag color="red">Просрочено</Tag> : d.done ? <Tag color="green">Выполнено</Tag> : null}
                      </span>
                    </List.Item>
                  )}
                />
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Нет данных об исполнении" />
            )}
          </Card>
        </Col>
        {c.execution44 && <Execution44Cards x={c.execution44} />}
        <Col xs={24}>
          <Card title="Позиции договора" size="small">
            <Table<ContractPositionResponse>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={c.positions}
              locale={{ emptyText: 'Позиций нет' }}
              columns={[
                { title: '№', dataIndex: 'ordinal', width: 50 },
                { title: 'Наименование', dataIndex: 'name' },
                // a record before 2017 classifies by ОКДП or ОКПД: its code is shown under that classifier's name, never as ОКПД2
                {
                  title: c.positions.some((p) => p.classifier !== 'okpd2') ? 'Классификатор' : 'ОКПД2',
                  dataIndex: 'okpd2_code',
                  render: (v: string | null, p) => {
                    if (p.classifier !== 'okpd2')
                      return p.classifier_code ? (
                        <span
                          title={p.classifier_name ?? undefined}
                          data-testid="position-classifier"
                        >{`${CLASSIFIER_TITLES[p.classifier]} ${p.classifier_code}`}</span>
                      ) : (
                        '—'
                      );
                    const code = v ?? p.classifier_code;
                    return code ? (
                      <span title={(v ? p.okpd2_name : p.classifier_name) ?? undefined}>
                        {c.positions.some((x) => x.classifier !== 'okpd2') ? `ОКПД2 ${code}` : code}
                      </span>
                    ) : (
                      '—'
                    );
                  },
                },
                { title: 'Ед. изм.', dataIndex: 'okei_name', render: (v: string | null, p) => v ?? p.okei_code ?? '—' },
                { title: 'Количество', dataIndex: 'quantity', align: 'right', render: (v: string | null) => formatQuantity(v) },
                { title: 'Цена за ед.', dataIndex: 'unit_price', align: 'right', render: (v: string | null) => formatMoney(v) },
                { title: 'Сумма', dataIndex: 'amount', align: 'right', render: (v: string | null) => formatMoney(v) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            title="Документы приёмки (УПД)"
            size="small"
            extra={
              <MayChange>
                <UpdUploadButton contractId={c.id} />
              </MayChange>
            }
          >
            <AcceptanceDocuments contractId={c.id} positions={c.positions} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="Платёжные поручения по договору" size="small">
            <PaymentsTable contractId={c.id} paged={payments} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="Отчёты об исполнении" size="small" extra={<BuildReportButtons contractId={c.id} />}>
            <ReportsTable contractId={c.id} />
          </Card>
        </Col>
        <Col xs={24}>
          <AuditHistoryPanel entity="contract" entityId={c.id} />
        </Col>
      </Row>
    </div>
  );
}
