import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listLocale, usePagedTable } from '../../lib/paged-table';
import type { Dayjs } from 'dayjs';
import type { ContractListItem, ExecutionAttemptResponse, ExecutionRecordResponse } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { noticeStore } from '../../lib/notices';
import { useReasonPrompt } from '../../lib/reason-prompt';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { contractsApi } from './api';
import { ApiError } from '../../lib/api';
import { ReportsTable } from './ContractReports';
import { EXECUTION_STATUS_COLORS, EXECUTION_STATUS_TITLES } from './labels';
import { useSigner, SignedBy, signaturesApi } from '../signatures';
import { moscowToday } from '../../lib/dates';
import { DateFilter } from '../../lib/DateInput';
import { useCanChange } from '../../lib/MayChange';

/**
 * «Подписать и направить»: the server prepares the package, the user signs its exact bytes with the CryptoPro
 * plug-in, the server verifies the signature and only then sends package and signature to ЕИС.
 */
function useSignedExecution() {
  const { sign, picker } = useSigner();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  // the server's refusal (a 409 of «prepare»: nothing to report, a record still pending…) stays beside the button
  // that was pressed, not only in a notice that fades
  const [error, setError] = useState<{ id: number; message: string } | null>(null);
  const run = async (c: ContractListItem) => {
    setBusy(c.id);
    setError(null);
    try {
      const prepared = await signaturesApi.prepareExecution(c.id);
      const bytes = Uint8Array.from(atob(prepared.xml_base64), (ch) => ch.charCodeAt(0));
      const signature = await sign(bytes);
      if (!signature) return;
      const r = await signaturesApi.signExecution(c.id, prepared.id, signature);
      const cert = r.signature.certificate;
      noticeStore.show({
        key: r.key,
        kind: 'pending',
        header: 'Исполнение',
        message: `Сведения по договору «${c.registry_number ?? c.number ?? c.id}» подписаны (${[cert?.surname, cert?.givenName].filter(Boolean).join(' ')}, сертификат № ${cert?.serial}) и отправляются в ЕИС`,
      });
      void qc.invalidateQueries({ queryKey: ['export'] });
    } catch (e) {
      if (e instanceof ApiError && e.status < 500 && e.body?.message) setError({ id: c.id, message: e.body.message });
    } finally {
      setBusy(null);
    }
  };
  return { run, busy, picker, error };
}

const OUTCOME: Record<string, { title: string; color: string }> = {
  registered: { title: 'Зарегистрировано', color: 'green' },
  rejected: { title: 'Отклонено', color: 'red' },
  failed: { title: 'Ошибка отправки', color: 'orange' },
};

/** One contract's execution records with the attempt log of each. */
function ExecutionRecords({ contractId }: { contractId: number }) {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const q = useQuery({ queryKey: ['export', company, 'records', contractId], queryFn: () => contractsApi.execution(contractId) });
  const qc = useQueryClient();
  const ask = useReasonPrompt();
  const withdraw = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => contractsApi.withdrawExecution(contractId, id, reason),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['export', company] }),
  });
  return (
    <Table<ExecutionRecordResponse>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      locale={listLocale(q, 'Сведения об исполнении ещё не формировались')}
      expandable={{
        rowExpandable: (r) => r.attempts.length > 0,
        expandedRowRender: (r) => (
          <Table<ExecutionAttemptResponse>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={r.attempts}
            columns={[
              { title: 'Попытка', dataIndex: 'attempted_at', render: (v: string) => formatDateTime(v) },
              {
                title: 'Результат',
                dataIndex: 'outcome',
                render: (o: string) => <Tag color={OUTCOME[o]?.color}>{OUTCOME[o]?.title ?? o}</Tag>,
              },
              { title: 'HTTP', dataIndex: 'http_status', render: (v: number | null) => v ?? '—' },
              { title: 'Ошибка', dataIndex: 'error', render: (v: string | null) => v ?? '—' },
            ]}
          />
        ),
      }}
      columns={[
        { title: 'Сформированы', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
        {
          title: 'Статус',
          dataIndex: 'status',
          render: (s: string) => <Tag color={EXECUTION_STATUS_COLORS[s]}>{EXECUTION_STATUS_TITLES[s] ?? s}</Tag>,
        },
        {
          title: 'Номер в ЕИС',
          dataIndex: 'registration_number',
          render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '—'}</span>,
        },
        { title: 'Причины отказа', dataIndex: 'reject_reasons', render: (v: string[] | null) => (v?.length ? v.join('; ') : '—') },
        { title: 'Попыток', key: 'n', render: (_: unknown, r) => r.attempts.length },
        { title: 'Подпись', key: 'signature', render: (_: unknown, r) => <SignedBy kind="execution_record" id={r.id} /> },
        {
          title: '',
          key: 'withdraw',
          render: (_: unknown, r) =>
            r.status === 'withdrawn' ? (
              <Typography.Text type="secondary">Отозваны: {r.withdrawn_reason}</Typography.Text>
            ) : r.status !== 'registered' && canChange ? (
              // ЕИС has not accepted them: they may still be taken back, with a reason for the trail
              <Button
                size="small"
                danger
                disabled={withdraw.isPending}
                onClick={() =>
                  void ask('Отозвать сведения об исполнении?', 'Отозвать').then((reason) => reason && withdraw.mutate({ id: r.id, reason }))
                }
                data-testid={`execution-withdraw-${r.id}`}
              >
                Отозвать
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

/** /contracts/export: contracts with their execution records for ЕИС, the send action and the monthly summary. */
export default function ExportPage() {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const t = usePagedTable({ sort: 'contract_date', order: 'desc' });
  const list = useQuery({ queryKey: ['contracts', company, 'list', t.query], queryFn: () => contractsApi.list(t.query) });
  const send = useMutation({
    mutationFn: (c: ContractListItem) => contractsApi.sendExecution(c.id),
    onSuccess: (r, c) =>
      noticeStore.show({
        key: r.key,
        kind: 'pending',
        header: 'Исполнение',
        message: `Сведения по договору «${c.registry_number ?? c.number ?? c.id}» отправляются в ЕИС`,
      }),
  });
  const signed = useSignedExecution();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title="Сведения об исполнении для ЕИС">
        <Table<ContractListItem>
          rowKey="id"
          data-testid="export-table"
          {...t.table(list, 'Договоров нет')}
          expandable={{ expandedRowRender: (c) => <ExecutionRecords contractId={c.id} /> }}
          columns={[
            {
              title: 'Реестровый номер',
              dataIndex: 'registry_number',
              render: (v: string | null, c) => (
                <Link to={`/contracts/register/${c.id}`} style={{ whiteSpace: 'nowrap' }}>
                  {v ?? `№ ${c.number ?? c.id}`}
                </Link>
              ),
            },
            { title: 'Дата', dataIndex: 'contract_date', render: (v: string | null) => (v ? formatDate(v) : '—') },
            { title: 'Поставщик', dataIndex: 'supplier_name', render: (v: string | null) => v ?? '—' },
            { title: 'Цена', dataIndex: 'price', align: 'right', render: (v: string | null) => formatMoney(v) },
            {
              title: 'Действие',
              key: 'send',
              render: (_: unknown, c) =>
                // ЕИС takes no execution of a contract cancelled in its register: the server refuses it, so it is not offered
                !canChange ? null : c.status === 'invalid' ? (
                  <Typography.Text type="secondary" data-testid={`execution-not-sent-${c.id}`}>
                    Договор недействителен: сведения об исполнении не направляются
                  </Typography.Text>
                ) : (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      icon={<SafetyCertificateOutlined />}
                      loading={signed.busy === c.id}
                      onClick={() => void signed.run(c)}
                      data-testid={`execution-sign-${c.id}`}
                    >
                      Подписать и направить
                    </Button>
                    {signed.error?.id === c.id && (
                      <Typography.Text type="danger" data-testid={`execution-error-${c.id}`}>
                        {signed.error.message}
                      </Typography.Text>
                    )}
                    <Popconfirm
                      title="ЕИС принимает только сведения, подписанные квалифицированной подписью: без подписи она их отклонит. Всё равно направить?"
                      okText="Направить"
                      cancelText="Отмена"
                      onConfirm={() => send.mutate(c)}
                    >
                      <Button
                        size="small"
                        icon={<SendOutlined />}
                        loading={send.isPending && send.variables?.id === c.id}
                        data-testid={`execution-send-${c.id}`}
                      >
                        Без подписи
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <MonthlyReport />
      {signed.picker}
    </Space>
  );
}

/** 'Месячный отчёт': the 223-ФЗ monthly summary for a chosen month, built as a job; listed below with downloads. */
function MonthlyReport() {
  const [month, setMonth] = useState<Dayjs | null>(moscowToday().subtract(1, 'month').startOf('month'));
  const build = useMutation({
    mutationFn: (m: Dayjs) => contractsApi.buildMonthly(m.year(), m.month() + 1),
    onSuccess: (r) => noticeStore.show({ key: r.key, kind: 'pending', header: 'Месячный отчёт', message: 'Отчёт формируется' }),
  });
  return (
    <Card title="Месячный отчёт">
      <Space style={{ marginBottom: 16 }}>
        <DateFilter picker="month" format="MM.YYYY" aria-label="Месяц отчёта" value={month} onChange={setMonth} allowClear={false} />
        <Button
          type="primary"
          disabled={!month}
          loading={build.isPending}
          onClick={() => month && build.mutate(month)}
          data-testid="monthly-build"
        >
          Сформировать месячный отчёт
        </Button>
      </Space>
      <ReportsTable />
    </Card>
  );
}
