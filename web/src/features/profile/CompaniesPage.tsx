import { Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { COMPANY_AUDIT_ENTITIES, type CompanyResponse, type Paged, type Contact } from '@proc/contract';
import { api } from '../../lib/api';
import { companyTitle } from '../../lib/format';
import { AuditHistoryPanel } from '../audit/AuditHistory';
import { IdentityRequestAlert } from './IdentityRequestAlert';
import { IkuField } from './IkuField';

interface Bank { id: number; bank_name: string; bik: string; corr_account: string; account: string; is_main: boolean }

function CompanyCard({ c }: { c: CompanyResponse }) {
  const contacts = useQuery({ queryKey: ['companies', c.id, 'contacts'], queryFn: () => api.get<Paged<Contact>>(`/companies/${c.id}/contacts`, { name: 'Контакты', query: { page: 1, limit: 10 } }).catch(() => null) });
  // the card of the list has no requests: the company's own read says whether a change of its identity waits
  const full = useQuery({ queryKey: ['companies', c.id, 'card'], queryFn: () => api.get<CompanyResponse>(`/companies/${c.id}`, { name: 'Организация' }).catch(() => null) });
  const banks = useQuery({ queryKey: ['companies', c.id, 'banks'], queryFn: () => api.get<Bank[]>(`/companies/${c.id}/bank_requesits`, { name: 'Банковские реквизиты' }).catch(() => null) });
  return (
    <Card title={companyTitle(c)} style={{ marginBottom: 16 }}>
      <IdentityRequestAlert r={full.data?.identity_request} />
      <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[
        { label: 'Полное наименование', children: c.full_title ?? '—' },
        { label: 'ИНН / КПП', children: `${c.inn ?? '—'} / ${c.kpp ?? '—'}` },
        { label: 'ОГРН', children: c.ogrn ?? '—' },
        { label: 'Закон', children: c.law === '44' ? '44-ФЗ' : '223-ФЗ' },
        { label: 'ИКУ (44-ФЗ)', children: <IkuField c={full.data ?? c} /> },
        { label: 'Адрес', children: c.address ?? '—' },
      ]} />
      <Typography.Title level={5}>Банковские реквизиты</Typography.Title>
      <List size="small" dataSource={banks.data ?? []} locale={{ emptyText: 'Реквизиты не указаны' }} renderItem={(b) => (
        <List.Item>
          <Space wrap>{b.bank_name} · БИК {b.bik} · к/с {b.corr_account} · р/с {b.account} {b.is_main && <Tag color="blue">основной</Tag>}</Space>
        </List.Item>
      )} />
      <Typography.Title level={5}>Контакты</Typography.Title>
      <List size="small" dataSource={contacts.data?.items ?? []} locale={{ emptyText: 'Контакты не указаны' }} renderItem={(k) => (
        <List.Item>
          <Space wrap>{k.name}{k.position && ` — ${k.position}`}{k.phone && ` · ${k.phone}`}{k.email && ` · ${k.email}`} {k.is_active && <Tag color="green">активный</Tag>}</Space>
        </List.Item>
      )} />
      <AuditHistoryPanel entity={COMPANY_AUDIT_ENTITIES} companyId={c.id} style={{ marginTop: 16 }} />
    </Card>
  );
}

export default function CompaniesPage() {
  const q = useQuery({ queryKey: ['companies', 'full'], queryFn: () => api.get<CompanyResponse[]>('/companies', { name: 'Мои организации' }).catch(() => []) });
  return <>{(q.data ?? []).map((c) => <CompanyCard key={c.id} c={c} />)}</>;
}
