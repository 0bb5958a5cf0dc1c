import { routes } from '@proc/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isStaff } from '@proc/contract';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';

/** Filters of GET /audit as the search screen keeps them in the URL. */
export const AUDIT_FILTERS = ['entity', 'entity_id', 'user_id', 'company_id', 'from', 'to', 'q'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

export const auditApi = {
  list: (query: AuditFilters & { page: number; limit: number }) => call(routes.audit.get, { name: 'Журнал изменений', query }),
  // the «who changed» filter asks the users list itself: the users screen shows a user's history, so audit stays below it
  users: (query: { q?: string; limit: number }) => call(routes.users.get, { name: 'Пользователи', query }),
};

/** The trail is for staff only (the API answers 403 to a client): nobody else asks for it. */
export function useCanSeeAudit(): boolean {
  const session = useSession();
  return isStaff(session?.user.role);
}

/** One page of the trail under the given filters, newest first; the previous page stays on screen while the next loads. */
export function useAudit(filters: AuditFilters, page: number, limit: number, enabled = true) {
  const staff = useCanSeeAudit();
  return useQuery({
    queryKey: ['audit', filters, page, limit],
    queryFn: () => auditApi.list({ ...filters, page, limit }),
    enabled: staff && enabled,
    placeholderData: keepPreviousData,
  });
}
