import type { Tx } from '../db/client';

/**
 * Where a document's own module asks the approvals module (which sits above it: it signs through signatures, which
 * reads ЕИС, which reads procurements) whether an action may go and whether a change may be made. Without the
 * approvals module loaded, everything goes, as before approvals existed.
 */
export interface ApprovalGate {
  /** Refuses an action that sends the document out unless its current version was approved (when the company routes the kind). */
  assertApproved(tx: Tx, companyId: number, kind: string, documentId: number, action: string): Promise<void>;
  /** Called by a document's save in its transaction: frozen while on approval; a change after approval voids it. */
  documentChanging(tx: Tx, actor: { companyId: number; userId: number | null }, kind: string, documentId: number): Promise<void>;
}

let gate: ApprovalGate | null = null;

export function setApprovalGate(g: ApprovalGate): void {
  gate = g;
}

export const approvalGate: ApprovalGate = {
  assertApproved: (...a) => gate?.assertApproved(...a) ?? Promise.resolve(),
  documentChanging: (...a) => gate?.documentChanging(...a) ?? Promise.resolve(),
};
