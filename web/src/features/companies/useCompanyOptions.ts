import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isStaff } from '@proc/contract/roles';
import type { CompanyBrief } from '@proc/contract/auth';
import { useSession } from '../../lib/session';
import { companiesApi } from './api';

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
