import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { USER_FIELD_TYPES, USER_FIELD_TYPE_TITLES } from '@proc/contract';
import { rules } from '../../lib/forms';

const typeOptions = USER_FIELD_TYPES.map((t) => ({ value: t, label: USER_FIELD_TYPE_TITLES[t] }));

/** Rows of user fields (name / label / type / default): documentation templates use them as `{name}`. */
export function UserFieldsEditor({ disabled }: { disabled?: boolean }) {
  return (
    <Form.List name="user_fields">
      {(fields, { add, remove }) => (
        <div data-testid="user-fields">
          <Typography.Text strong>Пользовательские поля</Typography.Text>
          {fields.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
              Полей нет
            </Typography.Paragraph>
          )}
          {fields.map((f) => (
            <Space key={f.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
              <Form.Item
                name={[f.name, 'name']}
                rules={[
                  rules.required,
                  { pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: 'Латинские буквы, цифры и _, начинается с буквы' },
                ]}
                style={{ marginBottom: 0 }}
              >
                <Input placeholder="Имя (в шаблоне)" aria-label="Имя поля" disabled={disabled} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'label']} rules={[rules.required]} style={{ marginBottom: 0 }}>
                <Input placeholder="Подпись" aria-label="Подпись поля" disabled={disabled} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'type']} initialValue="string" style={{ marginBottom: 0 }}>
                <Select options={typeOptions} aria-label="Тип поля" disabled={disabled} style={{ width: 170 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'default']} style={{ marginBottom: 0 }}>
                <Input placeholder="По умолчанию" aria-label="Значение по умолчанию" disabled={disabled} style={{ width: 150 }} />
              </Form.Item>
              {!disabled && <Button icon={<DeleteOutlined />} aria-label="Удалить поле" onClick={() => remove(f.name)} />}
            </Space>
          ))}
          {!disabled && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'string' })} style={{ marginTop: 8 }}>
              Добавить поле
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
