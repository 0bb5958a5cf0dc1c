import { useState } from 'react';
import { Select, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentOrderResponse } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney } from '../../lib/format';
import { contractsApi } from './api';
import { useReasonPrompt } from '../../lib/reason-prompt';
import { ApiError, showHttpError } from '../../lib/api';
import { useConfirmRequired } from '../../lib/confirm-required';
import type { PagedTable } from '../../lib/paged-table';
import { useCanChange } from '../../lib/MayChange';
import { ApprovalPanel } from '../approvals';

/** The columns GET /payments sorts by; the newest first unless the user sorts otherwise. */
export const PAYMENT_SORTS = { sorts: ['date', 'amount', 'number'], sort: 'date', order: 'desc' } as const;

/** Contracts to link a payment to, searched on the server as the user types. */
function ContractSelect({
  payment,
  onLink,
  disabled,
}: {
  payment: PaymentOrderResponse;
  onLink: (id: number | null) => void;
  disabled: boolean;
}) {
  const company = useSelectedCompany();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['contracts', company, 'pick', q],
    queryFn: () => contractsApi.list({ q: q || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  const options = (found.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.registry_number ?? `№ ${c.number ?? c.id}`} — ${c.supplier_name ?? c.subject}`,
  }));
  if (payment.contract_id && !options.some((o) => o.value === payment.contract_id)) {
    options.unshift({
      value: payment.contract_id,
      label: payment.contract_regnumber ?? `№ ${payment.contract_number ?? payment.contract_id}`,
    });
  }
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      aria-label={`Договор для платёжного поручения ${payment.number}`}
      placeholder="Привязать к договору"
      style={{ width: '100%' }}
      popupMatchSelectWidth={420}
      loading={found.isFetching}
      value={payment.contract_id ?? undefined}
      options={options}
      disabled={disabled}
      onChange={(v: number | undefined) => onLink(v ?? null)}
      data-testid={`payment-link-${payment.id}`}
    />
  );
}

/**
 * Payment orders: all, only unmatched, or one contract's; the screen's usePagedTable holds the page, the sort and (on
 * the payments screen) the search, the period and «only unmatched».
 */
export function PaymentsTable({ contractId, paged }: { contractId?: number; paged: PagedTable }) {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const query = { ...paged.query, contract_id: contractId };
  const list = useQuery({ queryKey: ['payments', company, query], queryFn: () => contractsApi.payments(query) });
  const table = paged.table(
    list,
    paged.filters.q || paged.filters.date_from || paged.filters.date_to
      ? 'Ничего не найдено'
      : paged.filters.unmatched
        ? 'Непривязанных платёжных поручений нет'
        : 'Платёжных поручений нет',
  );
  const ask = useReasonPrompt();
  const askConfirm = useConfirmRequired();
  const link = useMutation({
    mutationFn: ({ id, contract, reason, confirm }: { id: number; contract: number | null; reason?: string; confirm?: boolean }) =>
      contractsApi.linkPayment(id, contract, { reason, confirm }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['payments', company] }),
        qc.invalidateQueries({ queryKey: ['execution', company] }),
        qc.invalidateQueries({ queryKey: ['contracts', company] }),
      ]),
    onError: (err, v) => {
      if (
        !askConfirm(err, 'Платёжное поручение не сходится с договором', 'Привязать всё равно', () => link.mutate({ ...v, confirm: true }))
      ) {
        if (err instanceof ApiError && err.body?.fields) showHttpError(err); // quiet hid it: the table has no field for it
      }
    },
  });
  return (
    <Table<PaymentOrderResponse>
      rowKey="id"
      size="small"
      data-testid="payments-table"
      {...table}
      pagination={{ ...table.pagination, hideOnSinglePage: !!contractId }}
      // the release of a payment (its registration for a contract) is approved on the order's own row
      expandable={{ expandedRowRender: (p) => <ApprovalPanel kind="payment" documentId={p.id} /> }}
      columns={[
        { title: 'Номер', ...paged.column('number'), width: 90 },
        {
          title: 'Дата',
          ...paged.column('date'),
          width: 110,
          render: (v: string) => formatDate(v),
        },
        {
          title: 'Сумма',
          ...paged.column('amount'),
          width: 150,
          align: 'right',
          render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v)}</span>,
        },
        {
          title: 'Получатель',
          key: 'payee',
          render: (_: unknown, p) => `${p.payee.name ?? '—'}${p.payee.inn ? `, ИНН ${p.payee.inn}` : ''}`,
        },
        { title: 'Назначение платежа', dataIndex: 'purpose', ellipsis: true, render: (v: string | null) => v ?? '—' },
        {
          title: 'Договор',
          key: 'contract',
          // the select fills its column: it never runs past the table's right edge
          width: 300,
          render: (_: unknown, p) => (
            <>
              <ContractSelect
                payment={p}
                disabled={link.isPending || !canChange}
                onLink={(c) => {
                  // taking a payment off its contract changes the paid figure everywhere: the trail keeps why
                  if (c === null && p.contract_id !== null)
                    void ask(`Отвязать платёжное поручение № ${p.number} от договора?`, 'Отвязать').then(
                      (reason) => reason && link.mutate({ id: p.id, contract: null, reason }),
                    );
                  else link.mutate({ id: p.id, contract: c });
                }}
              />
              {p.linked_by && <Tag style={{ marginLeft: 4 }}>{p.linked_by === 'auto' ? 'авто' : 'вручную'}</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}
