import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireStaff } from '../../platform/auth';
import { listAudit, objectHistory } from './list-audit';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['audit'];
const SCOPE = 'Только сотрудники; видны записи организаций, за которые пользователь может действовать (главный администратор — все).';

export function auditRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.audit.get,
    {
      schema: {
        tags,
        summary: 'Журнал изменений',
        description: `${SCOPE} Новые сверху; q — поиск по словам в изменённых значениях.`,
      },
    },
    async (req) => listAudit(deps, requireStaff(req), req.query),
  );
  route(
    app,
    routes.audit.getById,
    {
      schema: {
        tags,
        summary: 'История объекта',
        description: `${SCOPE} Старые сверху.`,
      },
    },
    async (req) => objectHistory(deps, requireStaff(req), req.params.entity, req.params.id),
  );
}
