import { useState } from 'react';
import { Button, Divider, Form, Input, Radio, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { CONTRACT_REGISTRY_NUMBER, CONTRACT_REGISTRY_NUMBER_MESSAGE, type EisContractsImportRequest } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { ApiError } from '../../lib/api';
import { rules } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { eisApi, showPending, UploadEisButton, EisPeriodField, isoPeriod, type PeriodValue } from '../eis';
import { MayChange } from '../../lib/MayChange';

type Mode = 'period' | 'single';
interface Values {
  mode: Mode;
  period?: PeriodValue;
  eais_registry_number?: string;
}

/** 'Загрузить из ЕИС' for the contracts register: a period or one contract by its 23-digit registry number, or an XML file. */
export function ImportContractsButton() {
  const [open, setOpen] = useState(false);
  return (
    <MayChange>
      <>
        <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="contracts-import">
          Загрузить из ЕИС
        </Button>
        {open && <ImportContractsModal onClose={() => setOpen(false)} />}
      </>
    </MayChange>
  );
}

function ImportContractsModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'period';
  const send = useMutation({
    mutationFn: (body: EisContractsImportRequest) => eisApi.importContracts(body),
    onSuccess: ({ key }, body) => {
      showPending(
        key,
        'Загрузка договоров из ЕИС',
        'eais_registry_number' in body
          ? `Запрошен договор ${body.eais_registry_number}`
          : `Запрошены договоры за период ${formatDate(body.date_from)}-${formatDate(body.date_to)}`,
      );
      // the screen's progress bar follows the new import
      void queryClient.invalidateQueries({ queryKey: ['eis-import-status'] });
      onClose();
    },
    onError: (err) => {
      // the server names date_from/date_to; the form holds them in one range field
      if (!(err instanceof ApiError)) return;
      form.setFields(
        Object.entries(err.fields).map(([name, errors]) => ({
          name: (name.startsWith('date_') ? 'period' : 'eais_registry_number') as keyof Values,
          errors,
        })),
      );
    },
  });
  const submit = (v: Values) =>
    send.mutate(v.mode === 'single' ? { eais_registry_number: v.eais_registry_number!.trim() } : isoPeriod(v.period!));

  return (
    <FormDialog
      form={form}
      title="Загрузка договоров из ЕИС"
      okText="Загрузить"
      onCancel={onClose}
      saving={send.isPending}
      okButtonProps={{ 'data-testid': 'contracts-import-submit' }}
      initialValues={{ mode: 'period' }}
      onFinish={submit}
      after={
        <>
          <Divider plain>или</Divider>
          <Typography.Paragraph type="secondary">XML-файл из ЕИС: договоры, сведения об исполнении или план закупки</Typography.Paragraph>
          <UploadEisButton label="Загрузить файл" testId="contracts-upload" />
        </>
      }
    >
      <Form.Item name="mode" label="Что загрузить">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'period', label: 'За период' },
            { value: 'single', label: 'Один договор' },
          ]}
        />
      </Form.Item>
      {mode === 'period' ? (
        <EisPeriodField label="Период заключения договоров" testId="contracts-import-period" kind="contracts" />
      ) : (
        <Field
          label="Реестровый номер договора"
          name="eais_registry_number"
          rules={[
            rules.required,
            {
              // 23 digits: 223-ФЗ's register of contracts; 19: 44-ФЗ's (the server asks the register the number names)
              validator: (_, v?: string) =>
                !v || CONTRACT_REGISTRY_NUMBER.test(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(CONTRACT_REGISTRY_NUMBER_MESSAGE)),
            },
          ]}
        >
          <Input
            inputMode="numeric"
            maxLength={23}
            placeholder="23 цифры (223-ФЗ) или 19 (44-ФЗ)"
            onPressEnter={() => form.submit()}
            data-testid="contracts-import-number"
          />
        </Field>
      )}
    </FormDialog>
  );
}
