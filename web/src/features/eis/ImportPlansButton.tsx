import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { EisPlansImportRequest } from '@proc/contract';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../app/query-client';
import { eisApi, showPending } from './api';
import { EisPeriodField, isoPeriod, type PeriodValue } from './EisPeriodField';

/**
 * 'Загрузить из ЕИС' for the plans: the plans published in a period. By default from 1 December of last year, when a
 * customer publishes the next year's plan, to today.
 */
export function ImportPlansButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="plans-import">
        Загрузить из ЕИС
      </Button>
      {open && <ImportPlansModal onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportPlansModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ period: PeriodValue }>();
  const send = useMutation({
    mutationFn: (body: NonNullable<EisPlansImportRequest>) => eisApi.importPlans(body),
    onSuccess: ({ key }, body) => {
      showPending(key, 'Загрузка планов закупки из ЕИС', `Запрошены планы, размещённые за период ${body.date_from}-${body.date_to}`);
      void queryClient.invalidateQueries({ queryKey: ['eis-import-status'] });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError) form.setFields(Object.values(err.fields).map((errors) => ({ name: 'period' as const, errors })));
    },
  });
  const today = dayjs();
  return (
    <Modal
      open
      title="Загрузка планов закупки из ЕИС"
      okText="Загрузить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: send.isPending, ...({ 'data-testid': 'plans-import-submit' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ period: [today.subtract(1, 'year').month(11).date(1), today] }} onFinish={(v) => send.mutate(isoPeriod(v.period))}>
        <EisPeriodField label="Период размещения планов в ЕИС" testId="plans-import-period" kind="plans" />
      </Form>
    </Modal>
  );
}
