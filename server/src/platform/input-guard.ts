import type { FastifyInstance } from 'fastify';
import { BROKEN_TEXT_MESSAGE, hasBrokenText } from '@proc/contract';
import { AppError } from './errors';

/** Paths of the strings holding a NUL or a lone surrogate, at any depth. */
function brokenStrings(value: unknown, path: string[], out: string[], depth = 0): void {
  if (depth > 32 || out.length >= 20) return;
  if (typeof value === 'string') {
    if (hasBrokenText(value)) out.push(path.join('.') || '_');
  } else if (Array.isArray(value)) value.forEach((v, i) => brokenStrings(v, [...path, String(i)], out, depth + 1));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (hasBrokenText(k)) out.push([...path, '_'].join('.'));
      brokenStrings(v, [...path, k], out, depth + 1);
    }
}

/**
 * The net under the shared text types: a NUL or a lone surrogate anywhere in the query, the path or a JSON body is
 * refused before any schema or query sees it (PostgreSQL cannot store a NUL, a lone surrogate becomes U+FFFD), also
 * in fields a route declares as a plain string (a search, a code).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const found: string[] = [];
    brokenStrings(req.params, [], found);
    brokenStrings(req.query, [], found);
    if (!req.isMultipart()) brokenStrings(req.body, [], found);
    if (found.length)
      throw new AppError('VALIDATION', BROKEN_TEXT_MESSAGE, Object.fromEntries(found.map((f) => [f, [BROKEN_TEXT_MESSAGE]])));
  });
}
