import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { rules } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { FormDialog } from '../../lib/FormDialog';
import { noticeStore } from '../../lib/notices';
import { socketRequest } from '../../lib/socket';
import { rulesApi } from './api';

interface Values {
  rule_id: number;
  title: string;
}

/**
 * Copies a template or one of the company's rules through the copyProcurementRule triad; the copying runs as a
 * server job, so the modal closes at once and a pending notice turns into success or error under the same key.
 */
export function CopyRuleModal({ companyId, onClose, onCopied }: { companyId: number | null; onClose: () => void; onCopied: () => void }) {
  const [form] = Form.useForm<Values>();
  const [titleTouched, setTitleTouched] = useState(false);
  const templates = useQuery({ queryKey: ['procurement_rules', 'templates'], queryFn: rulesApi.templates });
  const own = useQuery({ queryKey: ['procurement_rules', companyId, 'all'], queryFn: rulesApi.all });
  const all = [...(templates.data ?? []), ...(own.data?.items ?? [])];
  const options = [
    { label: 'Типовые положения', options: (templates.data ?? []).map((r) => ({ value: r.id, label: r.title })) },
    {
      label: 'Положения организации',
      options: (own.data?.items ?? []).map((r) => ({ value: r.id, label: r.archived ? `${r.title} (в архиве)` : r.title })),
    },
  ].filter((g) => g.options.length);

  const copy = (v: Values) => {
    const source = all.find((r) => r.id === v.rule_id);
    const title = v.title.trim();
    const key = noticeStore.show({
      kind: 'pending',
      header: 'Копирование положения о закупке',
      message: `«${source?.title ?? title}» копируется в «${title}»`,
    });
    onClose();
    socketRequest(
      'auth',
      'copyProcurementRule',
      { rule_id: v.rule_id, company_id: companyId ?? undefined, title },
      { name: 'Копирование положения', timeoutMs: 60_000 },
    )
      .then(() => {
        noticeStore.show({ key, kind: 'success', header: 'Положение о закупке скопировано', message: `Создано положение «${title}»` });
        onCopied();
      })
      .catch((err: Error) =>
        noticeStore.show({ key, kind: 'error', header: 'Не удалось скопировать положение о закупке', message: err.message }),
      );
  };

  return (
    <FormDialog<Values>
      form={form}
      title="Скопировать положение о закупке"
      okText="Скопировать"
      onCancel={onClose}
      onFinish={copy}
      okButtonProps={{ 'data-testid': 'rule-copy-submit' }}
      onValuesChange={(changed) => {
        // the new title follows the source until the user types one
        if ('title' in changed) setTitleTouched(true);
        if (changed.rule_id && !titleTouched) form.setFieldValue('title', all.find((r) => r.id === changed.rule_id)?.title ?? '');
      }}
    >
      <Field label="Источник" name="rule_id" rules={[rules.requiredAny]}>
        <Select
          autoFocus
          showSearch={{ optionFilterProp: 'label' }}
          loading={templates.isLoading || own.isLoading}
          options={options}
          placeholder="Типовое или своё положение"
          data-testid="rule-copy-source"
        />
      </Field>
      <Field label="Наименование копии" name="title" rules={[rules.required, { max: 500, message: 'Не длиннее 500 символов' }]}>
        <Input data-testid="rule-copy-title" />
      </Field>
    </FormDialog>
  );
}
