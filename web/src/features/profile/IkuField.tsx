import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IKU_MESSAGE, IKU_RE, canEdit, type CompanyResponse } from '@proc/contract';
import { profileApi } from './api';
import { FormDialog } from '../../lib/FormDialog';
import { applyServerErrors } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { noticeStore } from '../../lib/notices';

/**
 * ИКУ of a 44-FZ customer on the company card (digits 3–22 of each ИКЗ it makes): shown, and changed through the
 * card's own save with the rest of the card as it is.
 */
export function IkuField({ c }: { c: CompanyResponse }) {
  const session = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ iku: string }>();
  const save = useMutation({
    mutationFn: (iku: string) =>
      profileApi.saveCompany(
        c.id,
        {
          title: c.title ?? '',
          full_title: c.full_title,
          inn: c.inn ?? '',
          kpp: c.kpp,
          ogrn: c.ogrn,
          address: c.address,
          law: c.law,
          parent_id: c.parent_id,
          iku: iku.trim() || null,
        },
        'Сохранение ИКУ',
      ),
    onSuccess: () => {
      setOpen(false);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'ИКУ сохранён' });
      void qc.invalidateQueries({ queryKey: ['companies'] });
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const editable = session ? canEdit(session.user.role) : false;
  return (
    <Space>
      <span data-testid="company-iku">{c.iku ?? '—'}</span>
      {editable && (
        <Button
          size="small"
          type="link"
          onClick={() => {
            // the form outlives the dialog: each opening starts from the saved code, not the last one typed
            form.setFieldsValue({ iku: c.iku ?? '' });
            setOpen(true);
          }}
        >
          Изменить
        </Button>
      )}
      {open && (
        <FormDialog
          form={form}
          title="ИКУ — идентификационный код заказчика"
          onCancel={() => setOpen(false)}
          saving={save.isPending}
          onFinish={(v) => save.mutate(v.iku)}
        >
          <Form.Item
            label="ИКУ (20 цифр)"
            name="iku"
            rules={[
              {
                validator: (_r, v: string) =>
                  !v?.trim() || IKU_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(IKU_MESSAGE)),
              },
            ]}
          >
            <Input inputMode="numeric" maxLength={20} />
          </Form.Item>
        </FormDialog>
      )}
    </Space>
  );
}
