import type { z } from 'zod';
import { FormatError } from './errors';

/**
 * Last line of defence: the readers already produce Russian, field-named errors, so a schema failure here means a
 * shape we did not anticipate. It still has to surface as a FormatError, with the path for whoever debugs it.
 */
export function validateResult<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue ? issue.path.join('.') : '';
  throw new FormatError('INVALID_DATA', `Файл ${what} содержит некорректные данные${where ? ` (поле ${where})` : ''}`, {
    details: r.error.message,
  });
}
