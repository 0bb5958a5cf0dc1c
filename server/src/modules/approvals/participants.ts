import { sql } from 'drizzle-orm';
import type { Role } from '@proc/contract';
import type { Db, Tx } from '../../db/client';

export interface ActingUser {
  id: number;
  title: string;
  role: Role;
  email: string | null;
}

/**
 * Everyone who may act for the company, as tenancy.ts decides it: its own users (a client only there), every admin, and
 * staff granted the company. Blocked users take no part in approvals.
 */
export async function usersActingFor(db: Db | Tx, companyId: number): Promise<ActingUser[]> {
  const r = (await db.execute(sql`
    SELECT u.id, u.title, u.role, u.email FROM users u
    WHERE NOT u.blocked AND (u.company_id = ${companyId} OR u.role = 'admin'
      OR (u.role <> 'client' AND EXISTS (SELECT 1 FROM company_grants g WHERE g.user_id = u.id AND g.company_id = ${companyId})))
    ORDER BY u.title, u.id`)) as unknown as { rows: ActingUser[] };
  return r.rows;
}
