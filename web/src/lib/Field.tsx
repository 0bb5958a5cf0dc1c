import { Form, type FormItemProps } from 'antd';

/** A form field whose errors show under it joined by commas (spec section 5); required ones get antd's red asterisk. */
export function Field(props: FormItemProps) {
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => {
        const errors = props.name !== undefined ? form.getFieldError(props.name) : [];
        return <Form.Item {...props} help={errors.length ? errors.join(', ') : props.help} validateStatus={errors.length ? 'error' : undefined} />;
      }}
    </Form.Item>
  );
}
