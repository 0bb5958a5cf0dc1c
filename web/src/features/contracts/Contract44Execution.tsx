import { Alert, Card, Col, Descriptions, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { Contract44Execution as Execution44 } from '@proc/contract';
import { formatDate, formatMoney } from '../../lib/format';
import { IkzCode } from '../../lib/IkzCode';

const date = (v: string | null) => (v ? formatDate(v.slice(0, 10)) : '—');
/** ЕИС's currentContractStage in words (zfcs_contract.contractStageType). */
const STAGE_TITLES: Record<string, string> = {
  E: 'Исполнение',
  EC: 'Исполнение завершено',
  ET: 'Исполнение прекращено',
  IN: 'Аннулирован',
};

/** A 44-ФЗ contract's ИКЗ and the план-график position it links to, for the requisites. */
export function Ikz44Items({ ikz, x }: { ikz: string | null; x: Execution44 }) {
  return (
    <Descriptions size="small" column={1} data-testid="contract-44">
      <Descriptions.Item label="Закон">44-ФЗ</Descriptions.Item>
      <Descriptions.Item label="ИКЗ">
        <IkzCode value={ikz} />
      </Descriptions.Item>
      <Descriptions.Item label="Позиция плана-графика">
        {x.position ? (
          <Link data-testid="contract-position-link" to={`/eisPlans/tender/${x.position.plan_number}?q=${encodeURIComponent(ikz ?? '')}`}>
            № {x.position.position_number}
            {x.position.subject ? ` — ${x.position.subject}` : ''}
          </Link>
        ) : (
          <Typography.Text type="secondary">нет в загруженных планах-графиках</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Состояние в ЕИС">{x.eis_stage ? (STAGE_TITLES[x.eis_stage] ?? x.eis_stage) : '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** Stages, acceptance and payments as ЕИС's register of contracts has them (contract, contractProcedure). */
export function Execution44Cards({ x }: { x: Execution44 }) {
  const stageNo = new Map(x.stages.map((s, i) => [s.key, i + 1]));
  const stageOf = (key: string | null) => (key && stageNo.has(key) ? String(stageNo.get(key)) : '—');
  return (
    <>
      {x.cancel && (
        <Col xs={24}>
          <Alert
            type="error"
            showIcon
            data-testid="contract-cancel"
            title={`Контракт аннулирован в ЕИС ${date(x.cancel.date)}`}
            description={x.cancel.reason}
          />
        </Col>
      )}
      <Col xs={24}>
        <Card title="Этапы исполнения (ЕИС, 44-ФЗ)" size="small">
          <Table
            size="small"
            rowKey={(s) => s.key ?? `${s.start_date}`}
            data-testid="contract-44-stages"
            pagination={false}
            dataSource={x.stages}
            locale={{ emptyText: 'ЕИС не указал этапов' }}
            columns={[
              { title: '№', key: 'n', width: 50, render: (_: unknown, _s, i) => i + 1 },
              { title: 'Начало', dataIndex: 'start_date', render: date },
              { title: 'Окончание', dataIndex: 'end_date', render: date },
              { title: 'Цена этапа', dataIndex: 'price', align: 'right', render: (v: string | null) => formatMoney(v) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Приёмка (ЕИС)" size="small">
          <Table
            size="small"
            rowKey={(a) => `${a.number}-${a.date}`}
            data-testid="contract-44-acceptances"
            pagination={false}
            dataSource={x.acceptances}
            locale={{ emptyText: 'Сведений о приёмке нет' }}
            columns={[
              { title: 'Этап', key: 'stage', width: 60, render: (_: unknown, a) => stageOf(a.stage_key) },
              {
                title: 'Документ',
                key: 'doc',
                render: (_: unknown, a) => `${a.name ?? 'Документ'} № ${a.number ?? '—'} от ${date(a.date)}`,
              },
              { title: 'Принято', dataIndex: 'accept_date', render: date },
              { title: 'Сумма', dataIndex: 'sum', align: 'right', render: (v: string | null) => formatMoney(v) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Оплата (ЕИС)" size="small">
          <Table
            size="small"
            rowKey={(p) => `${p.number}-${p.date}`}
            data-testid="contract-44-payments"
            pagination={false}
            dataSource={x.payments}
            locale={{ emptyText: 'Сведений об оплате нет' }}
            columns={[
              { title: 'Этап', key: 'stage', width: 60, render: (_: unknown, p) => stageOf(p.stage_key) },
              { title: 'Документ', key: 'doc', render: (_: unknown, p) => `${p.name ?? 'Платёжный документ'} № ${p.number ?? '—'}` },
              { title: 'Дата', dataIndex: 'date', render: date },
              { title: 'Сумма', dataIndex: 'sum', align: 'right', render: (v: string | null) => formatMoney(v) },
            ]}
          />
        </Card>
      </Col>
    </>
  );
}
