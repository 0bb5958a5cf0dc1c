import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ROLE_TITLES } from '@proc/contract';
import { profileApi } from './api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { sessionStore } from '../../lib/session';
import SessionsCard from './SessionsCard';
import { noticeStore } from '../../lib/notices';
import { useUnsavedChanges } from '../../lib/unsaved';
import { NotificationsCard } from '../approvals';

export default function MyProfilePage() {
  const [form] = Form.useForm();
  const [pwd] = Form.useForm();
  // one guard for both forms: a router holds one blocker at a time
  const unsaved = useUnsavedChanges();
  const q = useQuery({ queryKey: ['profile'], queryFn: profileApi.get });
  const save = useMutation({
    mutationFn: (v: Parameters<typeof profileApi.save>[0]) => profileApi.save({ ...v, email: v.email || null }),
    onSuccess: (p) => {
      unsaved.saved();
      sessionStore.updateUser({ title: p.title, email: p.email });
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Данные сохранены' });
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const change = useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: () => {
      unsaved.saved();
      pwd.resetFields();
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Пароль изменён; другие сеансы завершены' });
    },
    onError: (e) => applyServerErrors(pwd, e),
  });
  if (!q.data) return null;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title={`${q.data.login} · ${ROLE_TITLES[q.data.role]}`}>
          <Form form={form} layout="vertical" initialValues={q.data} onFinish={(v) => save.mutate(v)} onValuesChange={unsaved.changed}>
            <Field label="ФИО" name="title" rules={[rules.required]}>
              <Input />
            </Field>
            <Field label="E-mail" name="email" rules={[rules.email]}>
              <Input />
            </Field>
            <Field label="Телефон" name="phone">
              <Input />
            </Field>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Сохранить
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Смена пароля">
          <Form form={pwd} layout="vertical" onFinish={(v) => change.mutate(v)} onValuesChange={unsaved.changed}>
            <Field label="Текущий пароль" name="current_password" rules={[rules.required]}>
              <Input.Password autoComplete="current-password" />
            </Field>
            <Field label="Новый пароль" name="new_password" rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
              <Input.Password autoComplete="new-password" />
            </Field>
            <Button htmlType="submit" loading={change.isPending}>
              Изменить пароль
            </Button>
          </Form>
        </Card>
      </Col>
      <Col span={24} style={{ marginTop: 16 }}>
        <NotificationsCard />
      </Col>
      <Col span={24} style={{ marginTop: 16 }}>
        <SessionsCard />
      </Col>
    </Row>
  );
}
