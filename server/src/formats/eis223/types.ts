import { z } from 'zod';
import { eisContract } from './contract-schema';
import { eisNotice } from './notice-schema';
import { eisPerformance } from './performance-schema';
import { eisPlan } from './plan-schema';
import { eisPacket } from './schema-common';
import { tenderPlan } from '../eis44/tender-plan';
import { eis44Purchase } from '../eis44/notice';
import { contracts44File } from '../eis44/contract';

/** Result types of the ЕИС 223-FZ readers: one schema file per document kind, joined here into the file union. */

export * from './schema-common';
export * from './contract-schema';
export * from './performance-schema';
export * from './plan-schema';
export * from './notice-schema';

/** tenderPlan: the 44-ФЗ план-график (eis44/tender-plan.ts), which ЕИС gives out in the same archives' manner. */
/** purchase44: a 44-ФЗ notice or final protocol (eis44/notice.ts). */
export type EisDocumentKind = 'contracts' | 'performance' | 'plan' | 'notice' | 'tenderPlan' | 'purchase44' | 'contracts44';

export const eisFile = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contracts'), packet: eisPacket, contracts: z.array(eisContract) }),
  z.object({ kind: z.literal('performance'), packet: eisPacket, performances: z.array(eisPerformance) }),
  z.object({ kind: z.literal('plan'), packet: eisPacket, plan: eisPlan }),
  z.object({ kind: z.literal('notice'), packet: eisPacket, notice: eisNotice }),
  z.object({ kind: z.literal('tenderPlan'), tenderPlan }),
  z.object({ kind: z.literal('purchase44'), purchase: eis44Purchase }),
  // contracts44: the 44-ФЗ register of contracts (eis44/contract.ts): contract, contractProcedure, contractCancel
  z.object({ kind: z.literal('contracts44'), contracts44: contracts44File }),
]);
export type EisFile = z.infer<typeof eisFile>;
