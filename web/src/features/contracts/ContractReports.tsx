import { Button, Space, Table, Tag } from 'antd';
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReportResponse } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { noticeStore } from '../../lib/notices';
import { formatDateTime } from '../../lib/format';
import { contractsApi } from './api';
import { REPORT_KIND_TITLES, REPORT_STATUS_TITLES, monthTitle } from './labels';
import { listLocale } from '../../lib/paged-table';

const STATUS_COLOR: Record<string, string> = { pending: 'blue', ready: 'green', error: 'red' };

/** A table of built reports with their download; contractId narrows it to one contract's reports. */
export function ReportsTable({ contractId }: { contractId?: number }) {
  const company = useSelectedCompany();
  const all = useQuery({
    queryKey: ['reports', company, 'list'],
    queryFn: () => contractsApi.reports({ page: 1, limit: 100 }),
    enabled: contractId === undefined,
  });
  // a contract's own reports come from the server page by page, however many the company has built since
  const own = useInfiniteQuery({
    queryKey: ['reports', company, 'contract', contractId],
    queryFn: ({ pageParam }) => contractsApi.contractReports(contractId!, { after: pageParam, limit: 20 }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
    enabled: contractId !== undefined,
  });
  const q = contractId === undefined ? all : own;
  const rows = contractId === undefined ? (all.data?.items ?? []) : (own.data?.pages.flatMap((p) => p.items) ?? []);
  return (
    <Table<ReportResponse>
      rowKey="id"
      size="small"
      data-testid="reports-table"
      loading={q.isLoading}
      dataSource={rows}
      pagination={contractId === undefined ? { pageSize: 10, hideOnSinglePage: true } : false}
      locale={listLocale(q, 'Отчётов пока нет')}
      columns={[
        {
          title: 'Отчёт',
          dataIndex: 'kind',
          render: (k: string, r) => `${REPORT_KIND_TITLES[k] ?? k}${r.period_from ? ` за ${monthTitle(r.period_from)}` : ''}`,
        },
        // the list of every report names the contract each is about; a card's own list needs no such column
        ...(contractId === undefined
          ? [
              {
                title: 'Договор',
                key: 'contract',
                render: (_: unknown, r: ReportResponse) =>
                  r.contract_id ? (
                    <Link to={`/contracts/register/${r.contract_id}`} style={{ whiteSpace: 'nowrap' }}>
                      {r.contract_number || r.contract_regnumber || `№ ${r.contract_id}`}
                    </Link>
                  ) : (
                    '—'
                  ),
              },
            ]
          : []),
        { title: 'Формат', dataIndex: 'format', render: (f: string) => f.toUpperCase() },
        { title: 'Создан', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
        {
          title: 'Статус',
          dataIndex: 'status',
          render: (s: string, r) => (
            <Tag color={STATUS_COLOR[s]} title={r.error ?? undefined}>
              {REPORT_STATUS_TITLES[s] ?? s}
            </Tag>
          ),
        },
        {
          title: 'Файл',
          key: 'dl',
          render: (_: unknown, r) =>
            r.status === 'ready' ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void contractsApi.downloadReport(r.report_code)}
                data-testid={`report-download-${r.id}`}
              >
                Скачать
              </Button>
            ) : null,
        },
      ]}
      footer={
        own.hasNextPage
          ? () => (
              <Button size="small" loading={own.isFetchingNextPage} onClick={() => void own.fetchNextPage()} data-testid="reports-more">
                Показать ещё
              </Button>
            )
          : undefined
      }
    />
  );
}

/** 'Сформировать отчёт' in xlsx or pdf; the reportCreateResponse notice and the list refresh come from the global handler. */
export function BuildReportButtons({ contractId }: { contractId: number }) {
  const build = useMutation({
    mutationFn: (format: 'xlsx' | 'pdf') => contractsApi.buildReport(contractId, format),
    onSuccess: (r) => noticeStore.show({ key: r.key, kind: 'pending', header: 'Отчёт', message: 'Отчёт формируется' }),
  });
  return (
    <Space>
      <Button
        icon={<FileExcelOutlined />}
        loading={build.isPending && build.variables === 'xlsx'}
        onClick={() => build.mutate('xlsx')}
        data-testid="report-build-xlsx"
      >
        Сформировать отчёт (XLSX)
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        loading={build.isPending && build.variables === 'pdf'}
        onClick={() => build.mutate('pdf')}
        data-testid="report-build-pdf"
      >
        Сформировать отчёт (PDF)
      </Button>
    </Space>
  );
}
