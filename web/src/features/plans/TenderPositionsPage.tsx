import type { TenderPlanPositionResponse } from '@proc/contract';
import { useState } from 'react';
import { Button, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { FindingsList } from '../../lib/FindingsList';
import { IkzCode } from '../../lib/IkzCode';
import { ObjectNotFound, isNotFound } from '../../lib/ObjectNotFound';
import { useSelectedCompany } from '../../lib/session';
import { listLocale, usePagedTable } from '../../lib/paged-table';
import { SearchFilter, TextFilter } from '../../lib/ListFilters';
import { PositionsHeader, positionsEmpty } from './PositionsHeader';
import { eisApi, TENDER_POSITION_FILTERS } from '../eis';
import { MayChange } from '../../lib/MayChange';
import { decimalProblem } from '@proc/contract/money';
import { MoneyInput } from '../../lib/MoneyInput';

/** A sum bound of the list: typed as every sum is (MoneyInput), applied when the field is left. */
function AmountFilter({ label, value, onChange }: { label: string; value?: string; onChange: (v: string | undefined) => void }) {
  const [typed, setTyped] = useState<string | null>(value ?? null);
  return (
    <MoneyInput
      aria-label={label}
      placeholder={label}
      style={{ width: 150 }}
      value={typed}
      onChange={setTyped}
      status={typed && decimalProblem(typed) ? 'error' : undefined}
      // a sum the contract refuses is not sent: the field shows it red until it is one
      onBlur={() => (!typed || !decimalProblem(typed)) && onChange(typed ?? undefined)}
    />
  );
}

const PAGE = 20;

/**
 * A план-график version's positions: ИКЗ, ОКПД2, КВР and the finance of each year (the plan's and the two of its
 * planning period, then later ones), filtered on the server and paged by keyset («Далее» continues after the last
 * position shown). «Создать закупку» makes a 44-ФЗ draft from a position, once.
 */
export default function TenderPositionsPage() {
  const { number = '' } = useParams();
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const t = usePagedTable({ filters: TENDER_POSITION_FILTERS, pageSize: PAGE });
  const { filters, patch } = t;
  // the `after` of the pages before this one, for «Назад»
  const [trail, setTrail] = useState<string[]>([]);
  const list = useQuery({
    queryKey: ['tender-plans', company, number, 'positions', filters],
    queryFn: () => eisApi.tenderPositions(number, { ...filters, limit: t.limit }),
  });
  const versions = useQuery({ queryKey: ['tender-plans', company, 'versions'], queryFn: () => eisApi.tenderPlans({ versions: 'all' }) });
  const create = useMutation({
    mutationFn: (p: TenderPlanPositionResponse) => eisApi.createFromTenderPosition(p.id),
    onSuccess: (p) => navigate(`/documents/${p.id}`),
  });
  const plan = list.data?.plan;
  const filter = (p: Partial<Record<(typeof TENDER_POSITION_FILTERS)[number], string | undefined>>) => {
    setTrail([]);
    t.filter({ ...p, after: undefined });
  };
  const years = plan ? [plan.year, plan.year + 1, plan.year + 2] : [];
  const money = (v: string) => (Number(v) === 0 ? '—' : formatMoney(v));
  const filtered = TENDER_POSITION_FILTERS.some((k) => k !== 'version' && k !== 'after' && filters[k]);

  if (isNotFound(list.error))
    return <ObjectNotFound title="План-график не найден" back={{ to: '/eisPlans/tender', label: 'К планам-графикам' }} />;
  return (
    <>
      <PositionsHeader back="/eisPlans/tender" backLabel="Планы-графики" title={`План-график № ${number}`} />
      {plan && (
        <Typography.Paragraph data-testid="tender-plan-summary">
          {plan.customer_name ?? ''} · {plan.year} год и плановый период {plan.first_year}–{plan.second_year} · версия {plan.version}
          {plan.latest ? '' : ' (прежняя)'} · позиций {plan.position_count} · всего {formatMoney(plan.total)}
        </Typography.Paragraph>
      )}
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label="Версия"
          style={{ width: 160 }}
          placeholder="Версия"
          value={filters.version ?? (plan ? String(plan.version) : undefined)}
          options={(versions.data ?? [])
            .filter((v) => v.plan_number === number)
            .map((v) => ({ value: String(v.version), label: `Версия ${v.version}${v.latest ? ' (действующая)' : ''}` }))}
          onChange={(v) => filter({ version: v })}
        />
        <SearchFilter
          label="Поиск по объекту закупки"
          placeholder="Объект закупки, ИКЗ или номер позиции"
          value={filters.q}
          onChange={(q) => filter({ q })}
          width={320}
        />
        <TextFilter
          label="ОКПД2"
          placeholder="ОКПД2 (начало кода)"
          value={filters.okpd2}
          onChange={(okpd2) => filter({ okpd2 })}
          width={180}
        />
        <TextFilter label="КВР" maxLength={3} value={filters.kvr} onChange={(kvr) => filter({ kvr })} width={90} />
        <Select
          allowClear
          aria-label="Год финансирования"
          placeholder="Год финансирования"
          style={{ width: 190 }}
          value={filters.year}
          options={years.map((y) => ({ value: String(y), label: `Есть средства в ${y}` }))}
          onChange={(v) => filter({ year: v })}
        />
        <AmountFilter label="Сумма от" value={filters.amount_from} onChange={(amount_from) => filter({ amount_from })} />
        <AmountFilter label="Сумма до" value={filters.amount_to} onChange={(amount_to) => filter({ amount_to })} />
      </Space>
      <Table<TenderPlanPositionResponse>
        rowKey="id"
        data-testid="tender-positions-table"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1700 }}
        pagination={false}
        locale={listLocale(list, positionsEmpty(filtered, 'В плане-графике нет позиций'))}
        columns={[
          { title: '№', key: 'n', width: 70, render: (_: unknown, p: TenderPlanPositionResponse) => Number(p.position_number.slice(-6)) },
          {
            title: 'ИКЗ',
            dataIndex: 'ikz',
            width: 360,
            render: (v: string | null, p: TenderPlanPositionResponse) => (
              <Space direction="vertical" size={2}>
                {v ? (
                  <Typography.Text copyable={{ text: v }}>
                    <IkzCode value={v} />
                  </Typography.Text>
                ) : (
                  '—'
                )}
                {p.ikz_findings.length > 0 && (
                  // a finding, not a refusal: the position stays, the user sees what disagrees
                  <Tooltip title={<FindingsList items={p.ikz_findings} />}>
                    <Tag color="orange" data-testid={`ikz-finding-${p.id}`} aria-label={p.ikz_findings.join('; ')}>
                      ИКЗ не сходится
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: 'Объект закупки',
            key: 'subject',
            width: 280,
            render: (_: unknown, p: TenderPlanPositionResponse) => (
              <Space direction="vertical" size={0}>
                <span>{p.subject ?? '—'}</span>
                {p.special_code && <Tag color="purple">Особая закупка</Tag>}
                {p.canceled && <Tag color="red">Отменена</Tag>}
              </Space>
            ),
          },
          {
            title: 'ОКПД2',
            key: 'okpd2',
            width: 130,
            render: (_: unknown, p: TenderPlanPositionResponse) =>
              p.okpd2.length
                ? p.okpd2.map((o) => (
                    <Tooltip key={o.code} title={o.name}>
                      <div>{o.code}</div>
                    </Tooltip>
                  ))
                : '—',
          },
          {
            title: 'КВР',
            key: 'kvr',
            width: 80,
            render: (_: unknown, p: TenderPlanPositionResponse) => (p.kvr_code ? <Tooltip title={p.kvr_name}>{p.kvr_code}</Tooltip> : '—'),
          },
          {
            title: 'Всего',
            key: 'total',
            align: 'right',
            width: 150,
            render: (_: unknown, p: TenderPlanPositionResponse) => formatMoney(p.finance.total),
          },
          {
            title: plan ? String(plan.year) : 'Текущий год',
            key: 'y0',
            align: 'right',
            width: 140,
            render: (_: unknown, p: TenderPlanPositionResponse) => money(p.finance.current_year),
          },
          {
            title: plan ? String(plan.year + 1) : 'Первый год',
            key: 'y1',
            align: 'right',
            width: 140,
            render: (_: unknown, p: TenderPlanPositionResponse) => money(p.finance.first_year),
          },
          {
            title: plan ? String(plan.year + 2) : 'Второй год',
            key: 'y2',
            align: 'right',
            width: 140,
            render: (_: unknown, p: TenderPlanPositionResponse) => money(p.finance.second_year),
          },
          {
            title: 'Последующие годы',
            key: 'y3',
            align: 'right',
            width: 150,
            render: (_: unknown, p: TenderPlanPositionResponse) => money(p.finance.subsec_years),
          },
          {
            title: 'Извещение в ЕИС',
            key: 'notice44',
            width: 200,
            render: (_: unknown, p: TenderPlanPositionResponse) =>
              p.notice44 ? (
                <Space direction="vertical" size={0} data-testid={`tender-position-notice-${p.id}`}>
                  <Link to={`/eisNotices44?q=${p.notice44.purchase_number}`}>№ {p.notice44.purchase_number}</Link>
                  {p.notice44.protocol_date ? (
                    <Typography.Text type="secondary">
                      Итоги {formatDate(p.notice44.protocol_date)}
                      {p.notice44.winner_price ? `: ${money(p.notice44.winner_price)}` : ''}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">Итогов ещё нет</Typography.Text>
                  )}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: 'Действия',
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_: unknown, p: TenderPlanPositionResponse) =>
              p.procurement_id ? (
                <Link to={`/documents/${p.procurement_id}`} data-testid={`tender-position-procurement-${p.id}`}>
                  Открыть закупку
                </Link>
              ) : (
                <MayChange>
                  <Button
                    size="small"
                    disabled={p.canceled || create.isPending}
                    loading={create.isPending && create.variables?.id === p.id}
                    onClick={() => create.mutate(p)}
                    data-testid={`tender-position-create-${Number(p.position_number.slice(-6))}`}
                  >
                    Создать закупку
                  </Button>
                </MayChange>
              ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} data-testid="tender-positions-pager">
        <Typography.Text>Найдено позиций: {list.data?.total ?? 0}</Typography.Text>
        <Button
          disabled={!filters.after}
          onClick={() => {
            const prev = trail.slice(0, -1);
            setTrail(prev);
            patch({ after: trail[trail.length - 1] || undefined });
          }}
          data-testid="tender-positions-prev"
        >
          Назад
        </Button>
        <Button
          disabled={!list.data?.next_after}
          onClick={() => {
            setTrail([...trail, filters.after ?? '']);
            patch({ after: String(list.data!.next_after) });
          }}
          data-testid="tender-positions-next"
        >
          Далее
        </Button>
      </Space>
    </>
  );
}
