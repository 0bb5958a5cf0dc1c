import { IdParams, StorageUsageResponse } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { storageUsage } from '../storage';

export function storageRoutes(app: App, deps: Deps): void {
  app.get(
    '/companies/:id/storage',
    {
      schema: {
        tags: ['companies'],
        summary: 'Хранилище файлов организации: занято и доступно',
        description:
          'Для того, кто может действовать за организацию. allowed_bytes — из тарифа организации (storage_mb), без тарифа — STORAGE_DEFAULT_MB.',
        params: IdParams,
        response: { 200: StorageUsageResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req, req.params.id);
      return storageUsage(deps, ctx.companyId);
    },
  );
}
