import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { useUnsavedDialog } from './unsaved';

/**
 * The one dialog with a form (a tariff, a user, a bank account…): «Сохранить» submits the form, «Отмена», Esc or a click
 * beside it go through the unsaved-changes guard, an edit marks the form dirty, and a second press while the first save
 * is under way sends nothing.
 */
export function FormDialog<T extends object>({
  form,
  title,
  unsaved,
  saving,
  initialValues,
  onFinish,
  children,
}: {
  form: FormInstance<T>;
  title: string;
  unsaved: ReturnType<typeof useUnsavedDialog>;
  saving: boolean;
  initialValues?: Partial<T>;
  onFinish: (values: T) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      okText="Сохранить"
      cancelText="Отмена"
      onCancel={unsaved.cancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={unsaved.changed}
        onFinish={(v) => !saving && onFinish(v)}
      >
        {children}
      </Form>
    </Modal>
  );
}
