import { z } from 'zod';
import { AuditEntityParams, AuditItem, AuditQuery, paged } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireStaff } from '../../platform/auth';
import { listAudit, objectHistory } from './list-audit';

const tags = ['audit'];
const SCOPE = 'Только сотрудники; видны записи организаций, за которые пользователь может действовать (главный администратор — все).';

export function auditRoutes(app: App, deps: Deps): void {
  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'Журнал изменений',
        description: `${SCOPE} Новые сверху; q — поиск по словам в изменённых значениях.`,
        querystring: AuditQuery,
        response: { 200: paged(AuditItem) },
      },
    },
    async (req) => listAudit(deps, requireStaff(req), req.query),
  );
  app.get(
    '/audit/:entity/:id',
    {
      schema: {
        tags,
        summary: 'История объекта',
        description: `${SCOPE} Старые сверху.`,
        params: AuditEntityParams,
        response: { 200: z.array(AuditItem) },
      },
    },
    async (req) => objectHistory(deps, requireStaff(req), req.params.entity, req.params.id),
  );
}
