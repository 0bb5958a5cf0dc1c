import { useQuery } from '@tanstack/react-query';
import { isStaff, STANDARD_METHOD_TITLES } from '@proc/contract';
import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';
import { useSelectedCompany, useSession } from '../../lib/session';

/** The method codes the server knows (server/src/modules/deadlines/lead-times.ts); the rules screens name «ЕП» short. */
export const METHOD_TITLES: Record<string, string> = { ...STANDARD_METHOD_TITLES, single: 'Закупка у единственного поставщика' };

export const methodTitle = (code: string) => METHOD_TITLES[code] ?? code;

/** Known methods first; a customer's own code may be typed in (Select with tags). */
export const methodOptions = Object.entries(METHOD_TITLES).map(([value, label]) => ({ value, label }));

export const LAW_TITLES: Record<'223' | '44', string> = { '223': '223-ФЗ', '44': '44-ФЗ' };

/** Method code → title: the catalogue for staff, the standard list for everyone. */
export function useMethods(): { options: { value: string; label: string }[]; title: (code: string) => string } {
  const session = useSession();
  const company = useSelectedCompany();
  const staff = isStaff(session?.user.role);
  const q = useQuery({
    queryKey: ['procurement-methods', company],
    enabled: staff,
    staleTime: 60_000,
    queryFn: () => call(routes.catalogKinds.methods.options, { name: 'Способы закупки', query: { limit: 100 } }),
  });
  const map: Record<string, string> = { ...STANDARD_METHOD_TITLES };
  for (const o of q.data?.items ?? []) map[o.obj.code] = o.obj.name;
  return { options: Object.entries(map).map(([value, label]) => ({ value, label })), title: (code) => map[code] ?? code };
}
