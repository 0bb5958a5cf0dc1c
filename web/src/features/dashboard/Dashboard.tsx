import { Alert, Card, Col, Empty, List, Row, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PROCUREMENT_STATUS_TITLES, type ProcurementStatus } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { contractsApi, contractStatusTitle, shareNumber } from '../contracts';
import { BarChart } from '../../lib/charts/BarChart';
import { DonutChart } from '../../lib/charts/DonutChart';
import { ProgressBar } from '../../lib/charts/ProgressBar';

/** Amounts only scale the bars; the labels keep the exact decimal strings. */
const scale = (v: string) => Number(v) || 0;

/** The selected customer at a glance (GET /dashboard): plan, contracts, delivery vs payment, SME share, near deadlines. */
export function Dashboard() {
  const company = useSelectedCompany();
  // 'contracts' first: finished УПД/payment jobs refresh it through the global realtime handler
  const q = useQuery({ queryKey: ['contracts', company, 'dashboard'], queryFn: contractsApi.dashboard });
  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !q.data) return <Alert type="warning" showIcon title="Сводка недоступна" />;
  const d = q.data;
  const plan = d.plan;
  const statusBars = Object.entries(plan.procurements_by_status).map(([s, n]) => ({
    label: PROCUREMENT_STATUS_TITLES[s as ProcurementStatus] ?? s,
    value: n,
  }));
  return (
    <div data-testid="dashboard">
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Сводка на {formatDate(d.today)}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={plan.source === 'plan' ? `Исполнение плана закупки ${plan.year} г.` : 'Закупки по статусам'} data-testid="dash-plan">
            <ProgressBar
              label={
                plan.source === 'plan'
                  ? `Позиций с начатой закупкой: ${plan.started_count} из ${plan.planned_count}`
                  : `Договор заключён: ${plan.started_count} из ${plan.planned_count}`
              }
              percent={shareNumber(plan.fulfilment_share)}
              testId="chart-plan-progress"
            />
            {plan.source === 'plan' && (
              <Typography.Paragraph type="secondary">Сумма плана: {formatMoney(plan.planned_amount)}</Typography.Paragraph>
            )}
            <BarChart title="Закупки по статусам" bars={statusBars} empty="Закупок пока нет" testId="chart-procurements" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Договоры по статусам" data-testid="dash-contracts">
            <DonutChart
              title="Договоры по статусам"
              slices={Object.entries(d.contracts_by_status).map(([s, n]) => ({ label: contractStatusTitle(s), value: n }))}
              empty="Договоров пока нет"
              testId="chart-contracts"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Поставлено и оплачено" data-testid="dash-money">
            <BarChart
              title="Сумма договоров, поставлено и оплачено"
              bars={[
                { label: 'Сумма договоров', value: scale(d.contracts_total), display: formatMoney(d.contracts_total), color: '#8c8c8c' },
                { label: 'Поставлено', value: scale(d.delivered_total), display: formatMoney(d.delivered_total), color: '#1677ff' },
                { label: 'Оплачено', value: scale(d.paid_total), display: formatMoney(d.paid_total), color: '#52c41a' },
              ]}
              empty="Договоров пока нет"
              testId="chart-money"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Доля закупок у МСП" data-testid="dash-sme">
            {scale(d.contracts_total) > 0 ? (
              <DonutChart
                title="Доля договоров с МСП в сумме договоров"
                slices={[
                  { label: 'С МСП', value: shareNumber(d.sme.share), color: '#722ed1' },
                  { label: 'Прочие', value: Math.max(0, 100 - shareNumber(d.sme.share)), color: '#d9d9d9' },
                ]}
                center={formatPercent(d.sme.share)}
                testId="chart-sme"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Договоров пока нет" />
            )}
            <Typography.Paragraph type="secondary">Сумма договоров с МСП: {formatMoney(d.sme.amount)}</Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="Сроки в ближайшие 10 рабочих дней" data-testid="dash-deadlines">
            <List
              locale={{ emptyText: 'Сроков в ближайшие 10 рабочих дней нет' }}
              dataSource={d.deadlines}
              renderItem={(x) => (
                <List.Item>
                  <span>
                    {x.overdue ? <Tag color="red">Просрочено</Tag> : <Tag color="blue">{formatDate(x.due_on)}</Tag>} {x.label}
                    {x.contract_id && (
                      <>
                        {' — договор '}
                        <Link to={`/contracts/register/${x.contract_id}`}>{x.contract_regnumber ?? `№ ${x.contract_id}`}</Link>
                      </>
                    )}
                  </span>
                  <span style={{ color: x.overdue ? '#cf1322' : undefined }}>до {formatDate(x.due_on)}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
