import type { BodyIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import { useEffect } from 'react';
import { Alert, App as AntApp, Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  EVENTS,
  STANDARD_METHOD_TITLES,
  type EisReconcileFact,
  type EisReconciliation as Reconciliation,
  type ProcurementResponse,
} from '@proc/contract';
import { call } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { onAuthEvent } from '../../lib/socket';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { NOTICE44_METHOD_TITLES } from '../eis';
import { useCanChange } from '../../lib/MayChange';

const DATE_FIELDS: ReadonlyArray<EisReconcileFact['field']> = ['published_on', 'application_deadline', 'summing_up_on'];

/** ЕИС's facts of a card (GET /procurements/:id/eis), refreshed when an import or another user's apply tells the company. */
export function useEisReconciliation(procurementId: number, law: string, linked = true) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  useEffect(
    () =>
      onAuthEvent(EVENTS.eisProcurementResponse, (p) => {
        const ids = Array.isArray(p.procurement_ids) ? p.procurement_ids : [];
        if (!ids.includes(procurementId)) return;
        void qc.invalidateQueries({ queryKey: ['procurement-eis', company, procurementId] });
        void qc.invalidateQueries({ queryKey: ['procurement', company, procurementId] });
      }),
    [qc, company, procurementId],
  );
  return useQuery({
    queryKey: ['procurement-eis', company, procurementId],
    // a 223-ФЗ card meets ЕИС by its notice number, a 44-ФЗ card by its ИКЗ
    enabled: linked && (law === '44' || law === '223'),
    queryFn: () => call(routes.eis.getProcurementsEis, { params: { id: procurementId }, name: 'Сведения ЕИС о закупке', quiet: true }),
  });
}

/** Whether the card's dates differ from what ЕИС published: its own deadline check is then no green light. */
export const eisDatesDiffer = (r: Reconciliation | undefined) => !!r?.facts.some((f) => f.differs && DATE_FIELDS.includes(f.field));

function show(f: EisReconcileFact, v: string | null): string {
  if (v === null) return '—';
  if (f.field === 'title') return v;
  if (f.field === 'nmcd') return formatMoney(v);
  if (f.field === 'method') return NOTICE44_METHOD_TITLES[v] ?? STANDARD_METHOD_TITLES[v] ?? v;
  return formatDate(v);
}

/**
 * On a card (44-ФЗ: in place of the notice's summary it had; 223-ФЗ: the notice of its number): what ЕИС published for the purchase (the notice, the final protocol, the contract) beside the card's own
 * values, each difference marked, and «Применить данные ЕИС» — the differing values and the status ЕИС reached, in one
 * confirmation, through the card's own save. Nothing is shown until ЕИС's notice of the purchase has been imported.
 */
export function EisReconciliation({ procurement: p }: { procurement: ProcurementResponse }) {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const q = useEisReconciliation(p.id, p.law, p.law === '44' || !!p.notice_number);
  const r = q.data;
  const apply = useMutation({
    mutationFn: (body: BodyIn<typeof routes.eis.postProcurementsEisApply>) =>
      call(routes.eis.postProcurementsEisApply, { params: { id: p.id }, name: 'Применение данных ЕИС', body }),
    onSuccess: (card) => {
      qc.setQueryData(['procurement', company, p.id], card);
      void qc.invalidateQueries({ queryKey: ['procurement-eis', company, p.id] });
      void qc.invalidateQueries({ queryKey: ['procurements'] });
      noticeStore.show({ kind: 'success', header: 'Данные ЕИС применены', message: `Статус закупки: ${card.status_title}` });
    },
    // ЕИС's facts changed in between: show the new ones
    onError: () => void qc.invalidateQueries({ queryKey: ['procurement-eis', company, p.id] }),
  });
  if (!r?.notice) return null;
  const differing = r.locked_reason ? [] : r.facts.filter((f) => f.differs);
  const confirm = () =>
    modal.confirm({
      title: 'Применить данные ЕИС к карточке?',
      okText: 'Применить',
      cancelText: 'Отмена',
      content: (
        <ul style={{ paddingLeft: 18, margin: 0 }} data-testid="eis-apply-list">
          {differing.map((f) => (
            <li key={f.field}>
              {f.title}: {show(f, f.card)} → {show(f, f.eis)}
            </li>
          ))}
          {r.status.behind && (
            <li>
              Статус: {p.status_title} → {r.status.eis_title}
            </li>
          )}
        </ul>
      ),
      onOk: () => apply.mutateAsync({ fields: differing.map((f) => f.field), status: r.status.behind ? r.status.eis : null }),
    });
  const winner = r.contract?.supplier_name
    ? `${r.contract.supplier_name}${r.contract.supplier_inn ? `, ИНН ${r.contract.supplier_inn}` : ''}`
    : r.protocol?.winner_app_number
      ? `заявка № ${r.protocol.winner_app_number}`
      : null;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <span>
          Сведения ЕИС{' '}
          {r.pending ? (
            <Tag color="orange" data-testid="eis-pending">
              Расходятся с карточкой
            </Tag>
          ) : (
            <Tag color="green">Совпадают с карточкой</Tag>
          )}
        </span>
      }
      extra={
        canChange && r.pending && (differing.length > 0 || r.status.behind) ? (
          <Button type="primary" onClick={confirm} loading={apply.isPending} data-testid="eis-apply">
            Применить данные ЕИС
          </Button>
        ) : null
      }
      data-testid="procurement-eis"
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Извещение">
          {r.law === '44' ? (
            <Link to={`/eisNotices44?q=${r.notice.purchase_number}`}>№ {r.notice.purchase_number}</Link>
          ) : (
            `№ ${r.notice.purchase_number}`
          )}
          {r.notice.href && (
            <Typography.Link href={r.notice.href} target="_blank" rel="noreferrer" style={{ marginLeft: 8 }}>
              в ЕИС
            </Typography.Link>
          )}
          {r.notice.published_at ? ` от ${formatDateTime(r.notice.published_at)}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Разместил">{r.notice.placer_name ?? '—'}</Descriptions.Item>
        {/* 223-ФЗ: ЕИС's notice only — its protocols and contracts are not matched to the card here */}
        {r.law === '44' && (
          <>
            <Descriptions.Item label="Итоговый протокол">
              {r.protocol
                ? `${r.protocol.doc_number ?? ''} от ${r.protocol.protocol_date ? formatDate(r.protocol.protocol_date) : '—'}`.trim()
                : 'Ещё не размещён'}
            </Descriptions.Item>
            <Descriptions.Item label="Победитель и цена">
              {winner ?? '—'}
              {r.contract?.price
                ? `, ${formatMoney(r.contract.price)}`
                : r.protocol?.winner_price
                  ? `, ${formatMoney(r.protocol.winner_price)}`
                  : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Контракт">
              {r.contract
                ? `№ ${r.contract.registry_number ?? '—'}${r.contract.contract_date ? ` от ${formatDate(r.contract.contract_date)}` : ''}`
                : '—'}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="Статус по ЕИС">
          <span data-testid="eis-status">{r.status.eis_title ?? '—'}</span>
          {r.status.behind && (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              в карточке — «{p.status_title}»
            </Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Table<EisReconcileFact>
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={r.facts}
        data-testid="eis-facts"
        rowClassName={(f) => (f.differs ? 'eis-differs' : '')}
        columns={[
          { title: 'Сведение', dataIndex: 'title' },
          { title: 'В карточке', render: (_, f) => show(f, f.card) },
          {
            title: 'В ЕИС',
            render: (_, f) =>
              f.differs ? (
                <Typography.Text type="warning" strong data-testid={`eis-differs-${f.field}`}>
                  {show(f, f.eis)}
                </Typography.Text>
              ) : (
                show(f, f.eis)
              ),
          },
        ]}
      />
      {r.locked_reason && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={r.locked_reason} />}
    </Card>
  );
}
