import { useEffect, useMemo } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CONSTANTS } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { isStaff } from '@proc/contract/roles';
import type { CompanyBrief } from '@proc/contract/auth';
import { sessionStore, useSession, useSelectedCompany } from '../lib/session';
import { companyTitle } from '../lib/format';
import { companiesApi } from '../features/companies/api';
import { queryClient } from './query-client';

/** Company options of a non-client: the list, with the user's own company added when absent. */
export function useCompanyOptions(): { options: CompanyBrief[]; loaded: boolean } {
  const session = useSession();
  const staff = !!session && isStaff(session.user.role);
  const q = useQuery({ queryKey: ['companies', 'my'], queryFn: async () => (await companiesApi.my()) ?? [], enabled: staff });
  const options = useMemo(() => {
    if (!session) return [];
    if (!staff) return [session.company];
    const list = q.data ?? [];
    return list.some((c) => c.id === session.company.id) ? list : [session.company, ...list];
  }, [session, staff, q.data]);
  return { options, loaded: !staff || q.isFetched };
}

export function CompanyPicker() {
  const session = useSession();
  const selected = useSelectedCompany();
  const { options, loaded } = useCompanyOptions();
  const staff = !!session && isStaff(session.user.role);

  useEffect(() => {
    if (!staff || !loaded) return;
    if (options.length === 1) {
      if (selected !== options[0].id) sessionStore.select(options[0].id);
      return;
    }
    const stored = sessionStore.storedSelection();
    if (stored !== null && !options.some((o) => o.id === stored)) sessionStore.select(null);
  }, [staff, loaded, options, selected]);

  if (!staff || options.length <= 1) return null;
  return (
    <Select
      aria-label={MESSAGES.companyPickerPlaceholder}
      data-testid="company-picker"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={MESSAGES.companyPickerPlaceholder}
      style={{ width: CONSTANTS.companyPickerWidth }}
      value={sessionStore.selectedCompany() ?? undefined}
      options={options.map((c) => ({ value: c.id, label: companyTitle(c) }))}
      onChange={(v: number | undefined) => {
        sessionStore.select(v ?? null);
        // every company-scoped list reloads for the new customer
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'companies' });
      }}
    />
  );
}
