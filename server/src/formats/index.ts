/** Public API of the file formats the product reads and writes. Pure functions over Buffers; no database. */

export { FormatError, assertMaxSize, isFormatError, type FormatErrorCode } from './errors';
export { detectFormat, type FileFormat } from './detect';
export type { CodeName } from './schemas';

export {
  parseEisFile,
  parseEisContracts,
  parseEisContracts44,
  parseEisPerformance,
  parseEisPlan,
  parseEisNotice,
  parseEisTenderPlan,
} from './eis223/parse';
export { parseTenderPlan, type TenderPlan, type TenderPlanPosition, type TenderPlanFinance } from './eis44/tender-plan';
export {
  parseEis44Purchase,
  NOTICE44_ROOTS,
  PROTOCOL44_ROOTS,
  NOTICE44_METHODS,
  type Eis44Purchase,
  type Notice44,
  type Protocol44,
} from './eis44/notice';
export {
  parseContracts44,
  type Contract44,
  type Contract44Execution,
  type Contract44Stage,
  type ContractCancel44,
  type ContractProcedure44,
  type Contracts44File,
} from './eis44/contract';
export { detectEisDocument } from './eis223/detect';
export { EIS_NOTICE_TYPES, EIS_NOTICE_ROOTS, noticeDocumentTypeOf, type EisNoticeRoot } from './eis223/notice-types';
export { buildPerformanceContractXml, type BuildPacketOptions } from './eis223/performance-build';
export type {
  EisContract,
  EisContractPosition,
  EisCurrency,
  EisDocumentKind,
  EisFile,
  EisNotice,
  EisNoticeLot,
  EisNoticeLotItem,
  EisOrganization,
  EisPacket,
  EisPayment,
  EisPerformance,
  EisPerformanceDocument,
  EisPerformanceStage,
  EisPlan,
  EisPlanItem,
  EisPlanRow,
  EisSupplier,
} from './eis223/types';

export { parseUpd } from './upd/parse';
export type { UpdDocument, UpdLine, UpdParty, UpdTotals } from './upd/types';

export { parseBank1c } from './bank1c/parse';
export { parseInWorker, closeParsePool, PARSE_TIME_LIMIT_MS } from './parse-pool';
export { readZipXmlEntries, readZipEntries, DEFAULT_ZIP_LIMITS, type ZipLimits, type ZipEntry } from './zip';
export { isZipArchive } from './text-decode';
export type { Bank1cAccountSection, Bank1cDocument, Bank1cFile, Bank1cParty } from './bank1c/types';

/** Zod schemas of the results, e.g. for API response validation. */
export {
  eisContract as eisContractSchema,
  eisFile as eisFileSchema,
  eisNotice as eisNoticeSchema,
  eisPerformance as eisPerformanceSchema,
  eisPlan as eisPlanSchema,
} from './eis223/types';
export { updDocument as updDocumentSchema } from './upd/types';
export { bank1cFile as bank1cFileSchema } from './bank1c/types';
