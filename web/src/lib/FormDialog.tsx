import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { useUnsavedDialog } from './unsaved';

/**
 * The one dialog with a form (a tariff, a user, a bank account…): «Сохранить» submits the form, «Отмена», Esc or a click
 * beside it go through the unsaved-changes guard, an edit marks the form dirty, and a second press while the first save
 * is under way sends nothing. `width` for a wide form; `readOnly` shows the values with every field disabled and only
 * «Закрыть» (a record the user may see but not change).
 */
export function FormDialog<T extends object>({
  form,
  title,
  unsaved,
  saving,
  initialValues,
  onFinish,
  children,
  width,
  readOnly = false,
  okText = 'Сохранить',
}: {
  form: FormInstance<T>;
  title: string;
  unsaved: ReturnType<typeof useUnsavedDialog>;
  saving: boolean;
  initialValues?: Partial<T>;
  onFinish: (values: T) => void;
  children: ReactNode;
  width?: number | string;
  readOnly?: boolean;
  okText?: string;
}) {
  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText}
      cancelText={readOnly ? 'Закрыть' : 'Отмена'}
      onCancel={unsaved.cancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, style: readOnly ? { display: 'none' } : undefined }}
    >
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={initialValues}
        onValuesChange={unsaved.changed}
        onFinish={(v) => !saving && !readOnly && onFinish(v)}
      >
        {children}
      </Form>
    </Modal>
  );
}
