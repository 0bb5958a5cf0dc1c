import { assertNotEmpty } from '../errors';
import { sniffXmlRoot } from '../xml';
import type { EisDocumentKind } from './types';
import { EIS_NOTICE_ROOTS } from './notice-types';
import { NOTICE44_ROOTS, PROTOCOL44_ROOTS } from '../eis44/notice';

const PURCHASE44_ROOTS: ReadonlySet<string> = new Set([...NOTICE44_ROOTS, ...PROTOCOL44_ROOTS]);

/** Root element (local name) → kind. Notices have one root per purchase method (notice-types.ts, from ЕИС's XSD). */
export function eisKindOfRoot(rootName: string): EisDocumentKind | null {
  if (rootName === 'contract') return 'contracts';
  if (rootName === 'performanceContract') return 'performance';
  if (rootName === 'purchasePlan') return 'plan';
  // 44-ФЗ documents come wrapped in fcsExport's <export>, which the root alone does not tell apart: the parser looks
  // inside it for the план-график (parse.ts); the bare element is one
  if (rootName === 'tenderPlan2020') return 'tenderPlan';
  if (PURCHASE44_ROOTS.has(rootName)) return 'purchase44';
  if (EIS_NOTICE_ROOTS.has(rootName)) return 'notice';
  return null;
}

export const EIS_KIND_TITLES: Record<EisDocumentKind, string> = {
  contracts: 'сведения о договорах',
  performance: 'сведения об исполнении договора',
  plan: 'план закупки',
  notice: 'извещение о закупке',
  tenderPlan: 'план-график (44-ФЗ)',
  purchase44: 'извещение или протокол (44-ФЗ)',
  contracts44: 'сведения о контрактах (44-ФЗ)',
};

/**
 * Which ЕИС 223-FZ document a file holds, judged by its root element without a full parse (cheap enough to route
 * uploads). Returns null for anything else, including non-XML; throws FormatError only for an empty file.
 * The full parse (parseEisFile) still validates everything.
 */
export function detectEisDocument(buf: Uint8Array): EisDocumentKind | null {
  assertNotEmpty(buf);
  const root = sniffXmlRoot(buf);
  return root ? eisKindOfRoot(root) : null;
}
