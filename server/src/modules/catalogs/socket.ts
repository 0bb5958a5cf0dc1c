import { CatalogUserfieldsRequest, MESSAGES } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { canActFor } from '../../platform/tenancy';
import { catalogUserFields } from './catalog-service';

/**
 * `catalogUserfieldsRequest` → `catalogUserfieldsReceived` (ack with the key) → `catalogUserfieldsResponse` with the
 * user fields of the requested elements, as the selected company sees them.
 */
export function catalogSocket(deps: Deps): void {
  deps.realtime.triad('auth', 'catalogUserfields', async ({ user }, payload) => {
    if (!user) throw new AppError('UNAUTHORIZED');
    const parsed = CatalogUserfieldsRequest.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? MESSAGES.required);
    const req = parsed.data;
    const companyId = req.company_id ?? user.companyId;
    if (!(await canActFor(deps.db, user, companyId))) throw new AppError('NOT_FOUND');
    const refs = req.elements?.length
      ? req.elements
      : [...(req.id ? [req.id] : []), ...(req.ids ?? [])].map((id) => ({ kind: req.kind!, id }));
    const elements = await catalogUserFields({ deps, user, companyId }, refs);
    return { result: 'success', elements };
  });
}
