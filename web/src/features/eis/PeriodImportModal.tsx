import { useState, type ReactNode } from 'react';
import { Button, Form } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useMutation } from '@tanstack/react-query';
import type { EisImportKind } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { showPending } from './api';
import { EisPeriodField, isoPeriod, type PeriodValue } from './EisPeriodField';
import { formatDate } from '../../lib/format';
import { moscowToday } from '../../lib/dates';

export interface PeriodImportProps {
  kind: EisImportKind;
  /** Prefix of the dialog's test ids: `${testId}-submit`, `${testId}-period`. */
  testId: string;
  title: string;
  periodLabel: string;
  initialPeriod: PeriodValue;
  /** The notice while the import runs: what was asked for, given the period as dates. */
  pending: (from: string, to: string) => string;
  request: (body: { date_from: string; date_to: string }) => Promise<{ key: string }>;
  intro?: ReactNode;
  onClose: () => void;
}

/** The dialog of an import of a period from ЕИС (plans, notices): the period, its estimate, the request. */
export function PeriodImportModal({
  kind,
  testId,
  title,
  periodLabel,
  initialPeriod,
  pending,
  request,
  intro,
  onClose,
}: PeriodImportProps) {
  const [form] = Form.useForm<{ period: PeriodValue }>();
  const send = useMutation({
    mutationFn: request,
    onSuccess: ({ key }, body) => {
      // the notice speaks the user's dates (dd.mm.yyyy), not the request's ISO ones
      showPending(key, title, pending(formatDate(body.date_from), formatDate(body.date_to)));
      void queryClient.invalidateQueries({ queryKey: ['eis-import-status'] });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError) form.setFields(Object.values(err.fields).map((errors) => ({ name: 'period' as const, errors })));
    },
  });
  return (
    <FormDialog
      form={form}
      title={title}
      okText="Загрузить"
      onCancel={onClose}
      saving={send.isPending}
      okButtonProps={{ 'data-testid': `${testId}-submit` }}
      before={intro}
      initialValues={{ period: initialPeriod }}
      onFinish={(v) => send.mutate(isoPeriod(v.period))}
    >
      <EisPeriodField label={periodLabel} testId={`${testId}-period`} kind={kind} />
    </FormDialog>
  );
}

/**
 * A «Загрузить … из ЕИС» button and its period dialog; `period` gives the default period from the Moscow today, read
 * when the dialog opens.
 */
export function PeriodImportButton({
  label,
  primary,
  period,
  ...dialog
}: Omit<PeriodImportProps, 'initialPeriod' | 'onClose'> & { label: string; primary?: boolean; period: (today: Dayjs) => PeriodValue }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<CloudDownloadOutlined />}
        onClick={() => setOpen(true)}
        data-testid={dialog.testId}
      >
        {label}
      </Button>
      {open && <PeriodImportModal {...dialog} initialPeriod={period(moscowToday())} onClose={() => setOpen(false)} />}
    </>
  );
}
