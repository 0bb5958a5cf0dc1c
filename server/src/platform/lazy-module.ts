import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of at start: a server mostly runs with no report, document or
 * mail being made. Loading one alone in a fresh Node raises its RSS by 12–28 MB (nodemailer, docxtemplater, pdfkit,
 * exceljs); in the server at rest, once start-up garbage is collected, the four kept ~4 MB. Synchronous, so the
 * functions that use a package stay synchronous; the package's types come from a type-only import.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
