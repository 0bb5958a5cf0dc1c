import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, InputNumber, type FormInstance } from 'antd';
import { DaysUnitSelect } from './DaysUnitSelect';

afterEach(cleanup);

function Row({ onForm }: { onForm: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ rows: [{ days: 3, unit: 'calendar' }] }}>
      <Form.Item name={['rows', 0, 'days']}>
        <InputNumber aria-label="Дней" />
      </Form.Item>
      <Form.Item name={['rows', 0, 'unit']}>
        <DaysUnitSelect aria-label="Дни" countName={['rows', 0, 'days']} />
      </Form.Item>
    </Form>
  );
}

describe('the days unit beside a count', () => {
  it('reads «3 календарных дня», then «1 календарный день» when the count changes', async () => {
    let form: FormInstance | undefined;
    render(<Row onForm={(f) => (form = f)} />);
    expect((await screen.findByText('календарных дня')).textContent).toBe('календарных дня');
    await act(async () => form!.setFieldValue(['rows', 0, 'days'], 1));
    expect((await screen.findByText('календарный день')).textContent).toBe('календарный день');
    expect(screen.queryByText('календарных дней')).toBeNull();
  });
});
