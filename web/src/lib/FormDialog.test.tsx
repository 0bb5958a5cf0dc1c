import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider, Form, Input } from 'antd';
import { useState } from 'react';
import { FormDialog } from './FormDialog';

afterEach(cleanup);

function Reason({ onFinish, saving = false }: { onFinish: (v: { reason: string }) => void; saving?: boolean }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(true);
  return (
    // no motion: a closed dialog goes at once, as in the app under test (reduced motion)
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <button onClick={() => setOpen(true)}>открыть</button>
        <FormDialog
          form={form}
          open={open}
          title="Причина"
          okText="Отклонить"
          okButtonProps={{ danger: true, 'data-testid': 'ok' }}
          saving={saving}
          onCancel={() => setOpen(false)}
          before={<p>до формы</p>}
          after={<p>после формы</p>}
          onFinish={onFinish}
        >
          <Form.Item label="Причина отказа" name="reason" rules={[{ required: true, message: 'Заполните поле' }]}>
            <Input />
          </Form.Item>
        </FormDialog>
      </AntApp>
    </ConfigProvider>
  );
}

describe('FormDialog', () => {
  it('submits the form by its ok button, with the texts and content around the form', async () => {
    const onFinish = vi.fn();
    render(<Reason onFinish={onFinish} />);
    expect(screen.getByText('до формы')).toBeTruthy();
    expect(screen.getByText('после формы')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText('Заполните поле')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Причина отказа'), { target: { value: 'нет полномочий' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reason: 'нет полномочий' }));
  });

  it('a dialog kept mounted starts empty when opened again', async () => {
    render(<Reason onFinish={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Причина отказа'), { target: { value: 'черновик' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByLabelText('Причина отказа')).toBeNull());
    fireEvent.click(screen.getByText('открыть'));
    expect(((await screen.findByLabelText('Причина отказа')) as HTMLInputElement).value).toBe('');
  });

  it('read-only: the values disabled, no save, only «Закрыть»', () => {
    function Card() {
      const [form] = Form.useForm<{ name: string }>();
      return (
        <AntApp>
          <FormDialog form={form} title="Карточка" readOnly initialValues={{ name: 'Бумага' }} onCancel={vi.fn()} onFinish={vi.fn()}>
            <Form.Item label="Наименование" name="name">
              <Input />
            </Form.Item>
          </FormDialog>
        </AntApp>
      );
    }
    render(<Card />);
    const input = screen.getByLabelText('Наименование') as HTMLInputElement;
    expect(input.value).toBe('Бумага');
    expect(input.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy();
    expect(screen.getByText('Сохранить').closest('button')!.style.display).toBe('none');
  });
});
