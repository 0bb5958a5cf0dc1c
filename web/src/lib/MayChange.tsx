import type { ReactNode } from 'react';
import { canEdit } from '@proc/contract/roles';
import { useSession } from './session';

/**
 * Whether the signed-in user may change company data: the same rule (contract/roles.ts, canEdit) by which the
 * server's read-only guard refuses every changing route of its table (server/src/platform/route-table.ts). An action
 * the server would refuse is not offered: the read-only operator never fills a form only to read
 * «Недостаточно прав» on save.
 */
export const useCanChange = (): boolean => canEdit(useSession()?.user.role);

/** Shows its children (a create, import or upload button) only to a user who may change data. */
export function MayChange({ children }: { children: ReactNode }) {
  return useCanChange() ? <>{children}</> : null;
}
