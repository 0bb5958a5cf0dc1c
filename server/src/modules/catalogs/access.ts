import { CATALOG_MESSAGES, canEditCatalogs, canReadCatalog, type CatalogAccess } from '@proc/contract';
import type { AuthUser } from '../../platform/context';
import { AppError } from '../../platform/errors';

/** Staff catalogues send a client away; funding sources, contract bases and delivery place are for all. */
export function assertCanRead(user: AuthUser, access: CatalogAccess): void {
  if (!canReadCatalog(access, user.role)) throw new AppError('FORBIDDEN', CATALOG_MESSAGES.staffOnly);
}

/** A client never edits catalogues; the operator does not edit reference catalogues (DOMAIN.md). */
export function assertCanEdit(user: AuthUser): void {
  if (canEditCatalogs(user.role)) return;
  throw new AppError('FORBIDDEN', user.role === 'client' ? CATALOG_MESSAGES.clientCannotEdit : CATALOG_MESSAGES.operatorCannotEdit);
}
