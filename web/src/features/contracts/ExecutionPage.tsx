import { useState } from 'react';
import { Card, Checkbox, Empty, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { isoDate } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { contractsApi } from './api';
import { AcceptanceDocuments } from './AcceptanceDocuments';
import { PAYMENT_SORTS, PaymentsTable } from './PaymentsTable';
import { StatementUploadButton } from './uploads';
import { usePagedTable } from '../../lib/paged-table';
import { DateRangeInput } from '../../lib/DateInput';
import { MayChange } from '../../lib/MayChange';

/** A bound of the period from the URL that the server takes: a calendar date, else none (a link typed by hand). */
const dateOrNone = (v: string | undefined) => (v && isoDate.safeParse(v).success ? v : undefined);

/** /contracts/execution: payment orders from 1C statements (filter, sort, page in the URL) and acceptance documents by contract. */
export default function ExecutionPage() {
  const paged = usePagedTable({ ...PAYMENT_SORTS, filters: ['q', 'date_from', 'date_to', 'unmatched'] as const });
  const { filter } = paged;
  const from = dateOrNone(paged.filters.date_from);
  const to = dateOrNone(paged.filters.date_to);
  const filters = { ...paged.filters, date_from: from, date_to: to };
  const q = filters.q ?? '';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title="Платёжные поручения"
        extra={
          <Space wrap>
            <Input.Search
              key={q}
              defaultValue={q}
              allowClear
              placeholder="Номер, ИНН, получатель, назначение"
              aria-label="Поиск платёжных поручений"
              data-testid="payments-search"
              style={{ width: 300 }}
              onSearch={(v) => filter({ q: v.trim() || undefined })}
            />
            <DateRangeInput
              placeholder={['Дата с', 'Дата по']}
              aria-label="Период платёжных поручений"
              data-testid="payments-period"
              // either bound alone is a filter too (a link may carry one): shown, so it can be seen and cleared
              allowEmpty={[true, true]}
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              onChange={(v) => filter({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD') })}
            />
            <Checkbox
              checked={filters.unmatched === 'true'}
              onChange={(e) => filter({ unmatched: e.target.checked ? 'true' : undefined })}
              data-testid="payments-unmatched"
            >
              Только не привязанные к договору
            </Checkbox>
            <MayChange>
              <StatementUploadButton />
            </MayChange>
          </Space>
        }
      >
        <PaymentsTable paged={{ ...paged, filters, query: { ...paged.query, date_from: from, date_to: to } }} />
      </Card>
      <AcceptanceByContract />
    </Space>
  );
}

/** The server lists acceptance documents per contract, so the user picks one. */
function AcceptanceByContract() {
  const company = useSelectedCompany();
  const [q, setQ] = useState('');
  const [contractId, setContractId] = useState<number | null>(null);
  const found = useQuery({
    queryKey: ['contracts', company, 'pick', q],
    queryFn: () => contractsApi.list({ q: q || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  const card = useQuery({
    queryKey: ['contracts', company, 'card', contractId],
    queryFn: () => contractsApi.get(contractId!, false),
    enabled: contractId !== null,
  });
  return (
    <Card title="Документы приёмки по договору">
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: setQ }}
        aria-label="Договор"
        placeholder="Выберите договор"
        style={{ width: 480, marginBottom: 16 }}
        value={contractId ?? undefined}
        onChange={(v: number | undefined) => setContractId(v ?? null)}
        options={(found.data?.items ?? []).map((c) => ({
          value: c.id,
          label: `${c.registry_number ?? `№ ${c.number ?? c.id}`} — ${c.subject}`,
        }))}
      />
      {contractId === null ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<Typography.Text type="secondary">Выберите договор, чтобы увидеть его УПД и сопоставление строк</Typography.Text>}
        />
      ) : card.data ? (
        <AcceptanceDocuments contractId={contractId} positions={card.data.positions} />
      ) : null}
    </Card>
  );
}
