import { IdParams } from '../common';
import { StorageUsageResponse } from '../catalogs';
import { defineRoutes } from '../http';

/** The HTTP routes of storage (paths under /api). */
export const storageRoutes = defineRoutes({
  getCompaniesStorage: { method: 'GET', path: '/companies/:id/storage', params: IdParams, response: { 200: StorageUsageResponse } },
});
