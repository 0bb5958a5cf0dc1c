import { useRef } from 'react';
import { Form, type FormItemProps } from 'antd';

/**
 * A form field whose errors show under it joined by commas; required ones get antd's red asterisk.
 *
 * The joined text is rendered by a wrapper that re-renders only when this field's own errors change: with
 * `shouldUpdate={true}` every keystroke and every validation re-rendered every field of the form, which made the
 * ~200-field documentation editor slow to open and to type in. The input itself follows its value as usual.
 */
export function Field(props: FormItemProps) {
  const form = Form.useFormInstance();
  const shown = useRef('');
  const errorsOf = (name: FormItemProps['name']) => (name !== undefined ? form.getFieldError(name) : []);
  return (
    <Form.Item noStyle shouldUpdate={() => errorsOf(props.name).join(', ') !== shown.current}>
      {() => {
        const errors = errorsOf(props.name);
        shown.current = errors.join(', ');
        return (
          <Form.Item {...props} help={errors.length ? shown.current : props.help} validateStatus={errors.length ? 'error' : undefined} />
        );
      }}
    </Form.Item>
  );
}
