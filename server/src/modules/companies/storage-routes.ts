import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { storageUsage } from '../storage';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

export function storageRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.storage.getCompaniesStorage,
    {
      schema: {
        tags: ['companies'],
        summary: 'Хранилище файлов организации: занято и доступно',
        description:
          'Для того, кто может действовать за организацию. allowed_bytes — из тарифа организации (storage_mb), без тарифа — STORAGE_DEFAULT_MB.',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req, req.params.id);
      return storageUsage(deps, ctx.companyId);
    },
  );
}
