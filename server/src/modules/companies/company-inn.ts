import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';

/** The company's ИНН: ЕИС is asked for the documents of its customer. */
export async function companyInn(deps: Deps, companyId: number): Promise<string> {
  const [c] = await deps.db.select({ inn: companies.inn }).from(companies).where(eq(companies.id, companyId));
  if (!c?.inn) throw new AppError('VALIDATION', 'У организации не указан ИНН: загрузка из ЕИС невозможна');
  return c.inn;
}
