/**
 * Audit trail: GET /audit (staff; companies they may act for, admin all) and GET /audit/{entity}/{id} (one object's history).
 */
import { z } from 'zod';
import { PageQuery, isoDate } from './common';

export const AuditQuery = PageQuery.extend({
  entity: z.string().trim().max(50).optional(),
  entity_id: z.string().trim().max(50).optional(),
  /** Words searched in the action, entity and the before/after values. */
  q: z.string().trim().max(200).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntityParams = z.object({ entity: z.string().trim().min(1).max(50), id: z.string().trim().min(1).max(50) });

export const AuditItem = z.object({
  id: z.number(),
  created_at: z.string(),
  company_id: z.number().nullable(),
  company_title: z.string().nullable(),
  user_id: z.number().nullable(),
  user_title: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditItem = z.infer<typeof AuditItem>;
