import type { ReactNode } from 'react';
import { Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import type { useUnsavedDialog } from './unsaved';

type OkButtonProps = Omit<ButtonProps, 'loading'> & { 'data-testid'?: string };

/**
 * The one dialog with a form (a tariff, a user, a bank account, a reason to reject…): the ok button submits the form,
 * and a second press while the first save is under way sends nothing. With `unsaved` «Отмена», Esc or a click beside
 * it go through the unsaved-changes guard and an edit marks the form dirty; a short form (a reason, a comment) passes
 * `onCancel` instead. `width` for a wide form; `readOnly` shows the values with every field disabled and only
 * «Закрыть» (a record the user may see but not change). `open` for a dialog kept mounted beside its page: the form is
 * dropped on close, so the next opening starts empty. `before` and `after` are shown
 * above and below the form (a warning, an explanation, another way to do the same).
 */
export function FormDialog<T extends object>({
  form,
  title,
  unsaved,
  onCancel,
  saving = false,
  initialValues,
  onFinish,
  onValuesChange,
  children,
  before,
  after,
  width,
  open,
  readOnly = false,
  okText = 'Сохранить',
  okButtonProps,
  testId,
}: {
  form: FormInstance<T>;
  title: ReactNode;
  saving?: boolean;
  initialValues?: Partial<T>;
  onFinish: (values: T) => void;
  onValuesChange?: (changed: Partial<T>, all: T) => void;
  children: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  width?: number | string;
  open?: boolean;
  readOnly?: boolean;
  okText?: string;
  okButtonProps?: OkButtonProps;
  testId?: string;
} & ({ unsaved: ReturnType<typeof useUnsavedDialog>; onCancel?: never } | { unsaved?: never; onCancel: () => void })) {
  const hidden = readOnly ? { display: 'none' } : undefined;
  return (
    <Modal
      open={open ?? true}
      destroyOnHidden={open !== undefined}
      title={title}
      width={width}
      okText={okText}
      cancelText={readOnly ? 'Закрыть' : 'Отмена'}
      onCancel={unsaved ? unsaved.cancel : onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ ...okButtonProps, loading: saving, style: { ...okButtonProps?.style, ...hidden } }}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {before}
      <Form<T>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={initialValues}
        preserve={open === undefined}
        onValuesChange={(changed: Partial<T>, all: T) => {
          unsaved?.changed();
          onValuesChange?.(changed, all);
        }}
        onFinish={(v) => !saving && !readOnly && onFinish(v)}
      >
        {children}
      </Form>
      {after}
    </Modal>
  );
}
