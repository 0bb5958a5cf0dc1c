import { useEffect } from 'react';
import { Select } from 'antd';
import { CONSTANTS } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { isStaff } from '@proc/contract/roles';
import { sessionStore, useSession, useSelectedCompany } from '../lib/session';
import { companyTitle } from '../lib/format';
import { useCompanyOptions } from '../features/companies';
import { queryClient } from '../lib/query-client';

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
      // 450 px where the bar has room; narrower (never under 240) where a long name and «Мои задачи» need it at 1280
      style={{ width: CONSTANTS.companyPickerWidth, minWidth: 240, flexShrink: 1 }}
      // the company the pages act for (the one picked, else the user's own): the picker never reads «Выбрать заказчика»
      // while the screen beside it shows one company's data
      value={options.some((o) => o.id === selected) ? selected! : undefined}
      options={options.map((c) => ({ value: c.id, label: companyTitle(c) }))}
      onChange={(v: number | undefined) => {
        sessionStore.select(v ?? null);
        // every company-scoped list reloads for the new customer
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'companies' });
      }}
    />
  );
}
