import { useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { EisNoticesImportRequest } from '@proc/contract';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../app/query-client';
import { eisApi, showPending } from './api';
import { EisPeriodField, isoPeriod, type PeriodValue } from './EisPeriodField';

/**
 * «Загрузить извещения из ЕИС» for the procurement register: the company's notices of every 223-ФЗ type published in
 * a period; each becomes (or updates) the procurement of its number. By default the last month.
 */
export function ImportNoticesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="notices-import">
        Загрузить извещения из ЕИС
      </Button>
      {open && <ImportNoticesModal onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportNoticesModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ period: PeriodValue }>();
  const send = useMutation({
    mutationFn: (body: EisNoticesImportRequest) => eisApi.importNotices(body),
    onSuccess: ({ key }, body) => {
      showPending(key, 'Загрузка извещений из ЕИС', `Запрошены извещения, размещённые за период ${body.date_from}-${body.date_to}`);
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
      title="Загрузка извещений из ЕИС"
      okText="Загрузить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: send.isPending, ...({ 'data-testid': 'notices-import-submit' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Извещения организации о закупках всех способов (конкурсы, аукционы, запросы котировок и предложений, закупки у единственного поставщика и иные способы) попадут в реестр закупок; уже внесённые обновятся.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ period: [today.subtract(1, 'month'), today] }} onFinish={(v) => send.mutate(isoPeriod(v.period))}>
        <EisPeriodField label="Период размещения извещений в ЕИС" testId="notices-import-period" kind="notices" />
      </Form>
    </Modal>
  );
}
