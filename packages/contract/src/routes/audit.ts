import { z } from 'zod';
import { AuditEntityParams, AuditItem, AuditQuery } from '../audit';
import { paged } from '../common';
import { defineRoutes } from '../http';

/** The HTTP routes of audit (paths under /api). */
export const auditRoutes = defineRoutes({
  get: { method: 'GET', path: '/audit', query: AuditQuery, response: { 200: paged(AuditItem) } },
  getById: { method: 'GET', path: '/audit/:entity/:id', params: AuditEntityParams, response: { 200: z.array(AuditItem) } },
});
