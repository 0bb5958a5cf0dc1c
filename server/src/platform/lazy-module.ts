import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of at start. The document and mail libraries hold memory once
 * loaded — each alone in a fresh Node: exceljs +28 MB, pdfkit +25, docxtemplater +17, nodemailer +12 — while a
 * server mostly runs with no report, document or mail being made. Synchronous, so the functions that use a package
 * stay synchronous; the package's types come from a type-only import.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
