import { Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { COMPANY_AUDIT_ENTITIES, type CompanyResponse } from '@proc/contract';
import { profileApi } from './api';
import { companyTitle } from '../../lib/format';
import { AuditHistoryPanel } from '../audit';
import { IdentityRequestAlert } from './IdentityRequestAlert';
import { StorageUsage } from '../companies';
import { BankRequisites, Contacts } from './CompanyRequisites';
import { IkuField } from './IkuField';

function CompanyCard({ c }: { c: CompanyResponse }) {
  // the card of the list has no requests: the company's own read says whether a change of its identity waits
  const full = useQuery({
    queryKey: ['companies', c.id, 'card'],
    queryFn: () => profileApi.company(c.id),
  });
  // the company's users with the right to edit add and change its accounts and contacts (they print in the documents)
  const perms = useQuery({
    queryKey: ['companies', c.id, 'permissions'],
    queryFn: () => profileApi.permissions(c.id),
  });
  const canEdit = !!perms.data?.can_edit;
  return (
    <Card title={companyTitle(c)} style={{ marginBottom: 16 }}>
      <IdentityRequestAlert r={full.data?.identity_request} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { label: 'Полное наименование', children: c.full_title ?? '—' },
          { label: 'ИНН / КПП', children: `${c.inn ?? '—'} / ${c.kpp ?? '—'}` },
          { label: 'ОГРН', children: c.ogrn ?? '—' },
          { label: 'Закон', children: c.law === '44' ? '44-ФЗ' : '223-ФЗ' },
          { label: 'ИКУ (44-ФЗ)', children: <IkuField c={full.data ?? c} /> },
          { label: 'Адрес', children: c.address ?? '—' },
        ]}
      />
      <StorageUsage companyId={c.id} />
      <BankRequisites companyId={c.id} canEdit={canEdit} />
      <Contacts companyId={c.id} canEdit={canEdit} />
      <AuditHistoryPanel entity={COMPANY_AUDIT_ENTITIES} companyId={c.id} style={{ marginTop: 16 }} />
    </Card>
  );
}

export default function CompaniesPage() {
  const q = useQuery({
    queryKey: ['companies', 'full'],
    queryFn: profileApi.companies,
  });
  return (
    <>
      {(q.data ?? []).map((c) => (
        <CompanyCard key={c.id} c={c} />
      ))}
    </>
  );
}
