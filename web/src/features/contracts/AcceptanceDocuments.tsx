import { Alert, Button, Card, Empty, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptanceDocumentResponse, AcceptanceLine, ContractPositionResponse } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatDateTime, formatMoney, formatPercent, formatQuantity } from '../../lib/format';
import { FindingsList } from '../../lib/FindingsList';
import { useReasonPrompt } from '../../lib/reason-prompt';
import { contractsApi } from './api';
import { SignedBy, AttachUpdSignature } from '../signatures';
import { MayChange, useCanChange } from '../../lib/MayChange';
import { AcceptancePanel, CommissionCard } from '../acceptance';

const DOC_STATUS: Record<AcceptanceDocumentResponse['status'], { title: string; color: string }> = {
  processing: { title: 'Обрабатывается', color: 'blue' },
  processed: { title: 'Обработан', color: 'green' },
  error: { title: 'Ошибка', color: 'red' },
};

/** The server names acceptance documents by code. */
const DOCUMENT_KINDS: Record<string, string> = { upd: 'УПД', act: 'Акт', waybill: 'Товарная накладная' };

const confidenceTag = (l: AcceptanceLine) => {
  if (l.mapped_by === 'user') return <Tag color="purple">вручную</Tag>;
  if (l.confidence === null) return <Tag>нет</Tag>;
  const pct = Math.round(l.confidence * 100);
  return <Tag color={pct >= 80 ? 'green' : pct >= 50 ? 'gold' : 'red'}>{formatPercent(pct, 0)}</Tag>;
};

/** Acceptance documents (УПД) of one contract with their lines and the line → position mapping the user may correct. */
export function AcceptanceDocuments({ contractId, positions }: { contractId: number; positions: ContractPositionResponse[] }) {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const docs = useQuery({ queryKey: ['execution', company, 'acceptance', contractId], queryFn: () => contractsApi.acceptance(contractId) });
  const map = useMutation({
    mutationFn: ({ lineId, positionId }: { lineId: number; positionId: number | null }) => contractsApi.mapLine(lineId, positionId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['execution', company] }),
  });
  const ask = useReasonPrompt();
  const withdraw = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => contractsApi.withdrawUpd(id, reason),
    // the card's figures, the dashboard and the payments all move: every figure is recomputed from what is in force
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['execution', company] }), qc.invalidateQueries({ queryKey: ['contracts', company] })]),
  });
  const options = positions.map((p) => ({ value: p.id, label: `${p.ordinal}. ${p.name}` }));
  if (docs.isLoading) return <Skeleton active />;
  if (!docs.data?.length)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <CommissionCard contractId={contractId} />
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Документов приёмки нет. Загрузите УПД." />
      </Space>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="acceptance-documents">
      <CommissionCard contractId={contractId} />
      {docs.data.map((d) => (
        <Card
          key={d.id}
          size="small"
          title={`${DOCUMENT_KINDS[d.kind] ?? d.kind} № ${d.number} от ${formatDate(d.date)}`}
          extra={
            <Space>
              <SignedBy kind="upd" id={d.id} />
              <MayChange>
                <AttachUpdSignature contractId={contractId} documentId={d.id} />
              </MayChange>
              {d.withdrawn ? (
                <Tag color="default" data-testid={`acceptance-withdrawn-${d.id}`}>
                  Отозван
                </Tag>
              ) : (
                <>
                  <Tag color={DOC_STATUS[d.status].color}>{DOC_STATUS[d.status].title}</Tag>
                  {canChange && (
                    <Button
                      size="small"
                      danger
                      disabled={withdraw.isPending}
                      onClick={() =>
                        void ask(`Отозвать УПД № ${d.number} от ${formatDate(d.date)}?`, 'Отозвать').then(
                          (reason) => reason && withdraw.mutate({ id: d.id, reason }),
                        )
                      }
                      data-testid={`acceptance-withdraw-${d.id}`}
                    >
                      Отозвать
                    </Button>
                  )}
                </>
              )}
            </Space>
          }
          data-testid={`acceptance-${d.id}`}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Файл «{d.file_name}», загружен {formatDateTime(d.created_at)}
            {d.format_version ? `, формат ${d.format_version}` : ''}. Продавец: {d.seller.name ?? '—'}
            {d.seller.inn ? ` (ИНН ${d.seller.inn})` : ''}. Сумма с НДС: {formatMoney(d.amount_with_vat)}
          </Typography.Paragraph>
          {d.withdrawn && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              title={`Отозван ${formatDateTime(d.withdrawn.at)}: ${d.withdrawn.reason}. В суммах не учитывается.`}
            />
          )}
          {d.error && <Typography.Paragraph type="danger">{d.error}</Typography.Paragraph>}
          {!d.withdrawn && d.status === 'processed' && <AcceptancePanel documentId={d.id} contractId={contractId} />}
          {d.warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title="Загружен с расхождениями, подтверждёнными пользователем"
              description={<FindingsList items={d.warnings} />}
              data-testid={`acceptance-warnings-${d.id}`}
            />
          )}
          <Table<AcceptanceLine>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.lines}
            locale={{ emptyText: 'Строк нет' }}
            columns={[
              { title: '№', dataIndex: 'ordinal', width: 50 },
              { title: 'Наименование', dataIndex: 'name', render: (v: string | null) => v ?? '—' },
              { title: 'Ед.', dataIndex: 'unit_name', render: (v: string | null, l) => v ?? l.okei_code ?? '—' },
              { title: 'Кол-во', dataIndex: 'quantity', align: 'right', render: (v: string | null) => formatQuantity(v) },
              { title: 'Сумма с НДС', dataIndex: 'amount_with_vat', align: 'right', render: (v: string | null) => formatMoney(v) },
              {
                title: 'Позиция договора',
                key: 'position',
                width: 320,
                render: (_: unknown, l) => (
                  <Select
                    allowClear
                    aria-label={`Позиция договора для строки ${l.ordinal}`}
                    placeholder="Не сопоставлена"
                    style={{ width: '100%' }}
                    value={l.position_id ?? undefined}
                    options={options}
                    showSearch={{ optionFilterProp: 'label' }}
                    disabled={map.isPending || !canChange}
                    onChange={(v: number | undefined) => map.mutate({ lineId: l.id, positionId: v ?? null })}
                    data-testid={`line-mapping-${l.id}`}
                  />
                ),
              },
              { title: 'Уверенность', key: 'confidence', width: 110, render: (_: unknown, l) => confidenceTag(l) },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
