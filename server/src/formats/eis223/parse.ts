import { FormatError, withFormatErrors } from '../errors';
import { validateResult } from '../validate';
import { parseXml } from '../xml';
import { readPacket } from './common';
import { readContracts } from './contract';
import { EIS_KIND_TITLES, eisKindOfRoot } from './detect';
import { readNotice } from './notice';
import { readPerformances } from './performance';
import { readPlan } from './plan';
import { eisFile, type EisDocumentKind, type EisFile } from './types';
import { readTenderPlan, tenderPlanNode } from '../eis44/tender-plan';
import { eis44PurchaseNode, readEis44Purchase } from '../eis44/notice';
import { readContracts44 } from '../eis44/contract';

const WHAT = 'ЕИС 223-ФЗ';

/**
 * The refusal of a file no parser reads, naming the law it is of: ЕИС's 44-ФЗ documents come in `export` of
 * fcsExport.xsd (zakupki.gov.ru/oos/export/1), its 223-ФЗ ones under their own roots; anything else is neither.
 */
function notEis(rootName: string, root: unknown): FormatError {
  if (rootName === 'export') {
    const inner = root && typeof root === 'object' ? Object.keys(root).find((k) => !k.startsWith('@_') && k !== '#text') : undefined;
    return new FormatError(
      'NOT_EIS223',
      `Файл — выгрузка ЕИС 44-ФЗ${inner ? ` (${inner})` : ''}, но такие сведения не загружаются: загрузите извещение или итоговый протокол, план-график или сведения реестра контрактов`,
      { details: `root <export>${inner ? `/<${inner}>` : ''}` },
    );
  }
  return new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС (223-ФЗ или 44-ФЗ)', { details: `root <${rootName}>` });
}

function parseEis(buf: Uint8Array, expected?: EisDocumentKind): EisFile {
  return withFormatErrors(WHAT, () => {
    const { rootName, root } = parseXml(buf);
    const contracts44 =
      rootName === 'export' || rootName === 'contractProcedure' || rootName === 'contractCancel' ? readContracts44(rootName, root) : null;
    const kind = contracts44
      ? 'contracts44'
      : (eisKindOfRoot(rootName) ??
        (tenderPlanNode(rootName, root) ? 'tenderPlan' : eis44PurchaseNode(rootName, root) ? 'purchase44' : null));
    if (!kind) throw notEis(rootName, root);
    if (expected && kind !== expected) {
      throw new FormatError(
        'WRONG_EIS_KIND',
        `Файл содержит ${EIS_KIND_TITLES[kind]}, а ожидается ${EIS_KIND_TITLES[expected]} (ЕИС 223-ФЗ)`,
      );
    }
    if (kind === 'tenderPlan') {
      const node = tenderPlanNode(rootName, root);
      if (!node)
        throw new FormatError('NOT_EIS223', 'Файл не является планом-графиком ЕИС 44-ФЗ (tenderPlan2020)', {
          details: `root <${rootName}>`,
        });
      return validateResult(eisFile, { kind, tenderPlan: readTenderPlan(node) }, 'ЕИС 44-ФЗ (план-график)');
    }
    if (kind === 'purchase44') {
      const found = eis44PurchaseNode(rootName, root);
      if (!found)
        throw new FormatError('NOT_EIS223', 'Файл не является извещением или протоколом ЕИС 44-ФЗ', { details: `root <${rootName}>` });
      return validateResult(eisFile, { kind, purchase: readEis44Purchase(found.node, found.root) }, 'ЕИС 44-ФЗ (извещение, протокол)');
    }
    if (contracts44) return validateResult(eisFile, { kind: 'contracts44', contracts44 }, 'ЕИС 44-ФЗ (реестр контрактов)');
    const packet = readPacket(root);
    let result: EisFile;
    switch (kind) {
      case 'contracts':
        result = { kind, packet, contracts: readContracts(root) };
        break;
      case 'performance':
        result = { kind, packet, performances: readPerformances(root) };
        break;
      case 'plan':
        result = { kind, packet, plan: readPlan(root) };
        break;
      case 'notice':
        result = { kind, packet, notice: readNotice(root, rootName) };
        break;
      default:
        throw new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС 223-ФЗ', { details: `root <${rootName}>` });
    }
    return validateResult(eisFile, result, WHAT);
  });
}

/** Parses any supported ЕИС 223-FZ export; throws FormatError only. */
export function parseEisFile(buf: Uint8Array): EisFile {
  return parseEis(buf);
}

type Of<K extends EisDocumentKind> = Extract<EisFile, { kind: K }>;

/** Contract register records (`contract` packet; a daily export may hold several). */
export function parseEisContracts(buf: Uint8Array): Of<'contracts'> {
  return parseEis(buf, 'contracts') as Of<'contracts'>;
}

/** Execution records (`performanceContract` packet). */
export function parseEisPerformance(buf: Uint8Array): Of<'performance'> {
  return parseEis(buf, 'performance') as Of<'performance'>;
}

/** Procurement plan (`purchasePlan` packet). */
export function parseEisPlan(buf: Uint8Array): Of<'plan'> {
  return parseEis(buf, 'plan') as Of<'plan'>;
}

/** The 44-ФЗ план-график (`export/tenderPlan2020`). */
export function parseEisTenderPlan(buf: Uint8Array): Of<'tenderPlan'> {
  return parseEis(buf, 'tenderPlan') as Of<'tenderPlan'>;
}

/** The 44-ФЗ register of contracts (`export/contract`, `contractProcedure`, `contractCancel`). */
export function parseEisContracts44(buf: Uint8Array): Of<'contracts44'> {
  return parseEis(buf, 'contracts44') as Of<'contracts44'>;
}

/** Procurement notice (`purchaseNotice*` packet). */
export function parseEisNotice(buf: Uint8Array): Of<'notice'> {
  return parseEis(buf, 'notice') as Of<'notice'>;
}
