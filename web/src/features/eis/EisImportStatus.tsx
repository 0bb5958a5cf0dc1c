import { useEffect } from 'react';
import { Alert, Button, Progress, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EVENTS } from '@proc/contract/socket';
import type { EisImportKind, EisImportResponse, EisImportStatusResponse } from '@proc/contract';
import { queryClient } from '../../lib/query-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { onAuthEvent } from '../../lib/socket';
import { useSelectedCompany } from '../../lib/session';
import { budgetMinutes, eisApi, formatMinutes } from './api';
import { useCanChange } from '../../lib/MayChange';

type Kind = EisImportKind;
export const statusKey = (company: unknown, kind: Kind) => ['eis-import-status', company, kind];
const period = (i: EisImportResponse) =>
  i.date_from === i.date_to ? `за ${formatDate(i.date_from)}` : `за период ${formatDate(i.date_from)}–${formatDate(i.date_to)}`;
const percent = (i: EisImportResponse) => (i.days_total ? Math.floor((i.days_done / i.days_total) * 100) : 100);
const counts = (i: EisImportResponse) =>
  `документов ${i.documents}: новых ${i.created}, обновлено ${i.updated}, без изменений ${i.unchanged}`;

function CurrentImport({ i, kind, perMinute }: { i: EisImportResponse; kind: Kind; perMinute: number }) {
  const company = useSelectedCompany();
  const head = i.origin === 'daily' ? 'Ежедневная синхронизация' : 'Загрузка из ЕИС';
  const canChange = useCanChange();
  const stop = useMutation({
    mutationFn: () => eisApi.cancelImport(i.key),
    onSuccess: (row) =>
      queryClient.setQueryData<EisImportStatusResponse>(statusKey(company, kind), (s) =>
        s && s.current?.key === row.key ? { ...s, current: row } : s,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: statusKey(company, kind) }),
  });
  // what is left is bounded by ЕИС's budget of requests for the token, not by the product (one request per day and kind)
  const left = formatMinutes(budgetMinutes(i.days_total - i.days_done, i.document_types.length, perMinute));
  const text =
    i.status === 'running'
      ? `${head} ${period(i)}: обработано дней ${i.days_done} из ${i.days_total}, найдено документов ${i.documents}; осталось ${left}`
      : i.status === 'success'
        ? `${head} ${period(i)} завершена ${formatDateTime(i.finished_at)}: ${counts(i)}`
        : i.status === 'cancelled'
          ? `${head} ${period(i)} остановлена ${formatDateTime(i.finished_at)}. Обработано дней ${i.days_done} из ${i.days_total}, найдено документов ${i.documents}`
          : `${head} ${period(i)} прервана ${formatDateTime(i.finished_at)}: ${i.message ?? 'ошибка'}. Обработано дней ${i.days_done} из ${i.days_total}`;
  return (
    <div data-testid="eis-import-current" data-status={i.status}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text type={i.status === 'error' ? 'danger' : undefined}>{text}</Typography.Text>
        {i.status === 'running' && i.origin === 'manual' && canChange && (
          <Button size="small" danger onClick={() => stop.mutate()} loading={stop.isPending} data-testid="eis-import-stop">
            Остановить
          </Button>
        )}
      </div>
      <Progress
        percent={percent(i)}
        status={i.status === 'error' ? 'exception' : i.status === 'success' ? 'success' : i.status === 'cancelled' ? 'normal' : 'active'}
        size="small"
        aria-label="Ход загрузки из ЕИС"
        data-testid="eis-import-progress"
      />
    </div>
  );
}

function LastSync({ s }: { s: EisImportStatusResponse }) {
  if (!s.sync_enabled)
    return (
      <Typography.Text type="secondary" data-testid="eis-last-sync">
        Ежедневная синхронизация с ЕИС не настроена: укажите токен в <Link to="/profile/eisSettings">настройках ЕИС</Link>
      </Typography.Text>
    );
  if (s.sync_stopped)
    return (
      <Typography.Text type="danger" data-testid="eis-last-sync">
        {s.sync_stopped} в <Link to="/profile/eisSettings">настройках ЕИС</Link>
      </Typography.Text>
    );
  const l = s.last_sync;
  const text = !l
    ? 'Ежедневная синхронизация с ЕИС ещё не выполнялась: она идёт каждую ночь в 04:00 по московскому времени'
    : l.status === 'running'
      ? `Ежедневная синхронизация с ЕИС ${period(l)} идёт`
      : l.status === 'success'
        ? `Последняя синхронизация с ЕИС: ${formatDateTime(l.finished_at)} (${period(l)}) — успешно, ${counts(l)}`
        : `Последняя синхронизация с ЕИС: ${formatDateTime(l.finished_at)} (${period(l)}) — ошибка: ${l.message ?? 'без описания'}`;
  return (
    <Typography.Text type={l?.status === 'error' ? 'danger' : 'secondary'} data-testid="eis-last-sync">
      {text}
    </Typography.Text>
  );
}

/**
 * The contracts, plans and procurements screens' line about ЕИС: the import under way with its progress bar (moved by the server's
 * progress events, and by polling for imports another user or the nightly sync runs), or how the last one ended, and
 * the last daily sync.
 */
export function EisImportStatus({ kind }: { kind: Kind }) {
  const company = useSelectedCompany();
  const status = useQuery({
    queryKey: statusKey(company, kind),
    queryFn: () => eisApi.importStatus(kind),
    refetchInterval: (q) => (q.state.data?.current?.status === 'running' || q.state.data?.last_sync?.status === 'running' ? 3_000 : false),
  });
  useEffect(
    () =>
      onAuthEvent(EVENTS.eisImportProgress, (p) => {
        queryClient.setQueryData<EisImportStatusResponse>(statusKey(company, kind), (s) => {
          if (!s?.current || s.current.key !== p.key) {
            // an import this screen has not seen yet: ask for it
            void queryClient.invalidateQueries({ queryKey: statusKey(company, kind) });
            return s;
          }
          // events may arrive out of order (several nodes): the bar never goes back
          return {
            ...s,
            current: {
              ...s.current,
              days_done: Math.max(s.current.days_done, Number(p.days_done)),
              documents: Math.max(s.current.documents, Number(p.documents)),
            },
          };
        });
      }),
    [company, kind],
  );
  if (!status.data) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, marginBottom: 12 }} data-testid="eis-import-status">
      {status.data.token_rejected && (
        <Alert
          type="warning"
          showIcon
          title={
            <>
              Нужен новый токен ЕИС: {status.data.token_rejected}. Сохраните новый токен в{' '}
              <Link to="/profile/eisSettings">настройках ЕИС</Link>
            </>
          }
          data-testid="eis-token-rejected"
        />
      )}
      {status.data.current && <CurrentImport i={status.data.current} kind={kind} perMinute={status.data.requests_per_minute} />}
      <LastSync s={status.data} />
    </div>
  );
}
