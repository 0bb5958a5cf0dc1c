import type { FastifyRequest } from 'fastify';
import { isFormatError, parseInWorker } from '../../formats';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/uploads';
import { storeContracts } from './store-contracts';
import { storePlan } from './store-plan';
import { prepareNotice, storeNotice } from './store-notice';
import { confirmForeignCustomers, foreignCustomersOf, ownCustomers } from './own-customer';

/** Reads the uploaded ЕИС file within the size limit; parser refusals (empty, not ЕИС) come later with its Russian text. */
export async function readEisUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return (await readMultipartFile(req, maxBytes)).data;
}

/**
 * Contracts, plans and performance records from a file, through the same parsers and storage as the ЕИС import.
 * Another organisation's contracts or plan go in only with `confirmCustomer` (the user said they are the company's).
 */
export async function importEisUpload(ctx: Ctx, data: Buffer, opts: { confirmCustomer?: boolean } = {}) {
  let file;
  try {
    file = await parseInWorker('eis', data);
  } catch (e) {
    if (isFormatError(e)) throw new AppError('BAD_FILE', e.message);
    throw e;
  }
  const f = file;
  if (!opts.confirmCustomer && f.kind !== 'performance') {
    const own = await ownCustomers(ctx.deps.db, ctx.companyId);
    const customers = f.kind === 'contracts' ? f.contracts.map((c) => c.customer) : f.kind === 'plan' ? [f.plan.customer] : [f.notice.customer];
    confirmForeignCustomers(foreignCustomersOf(customers, own), own, f.kind);
  }
  const notice = f.kind === 'notice' ? await prepareNotice(ctx, f.notice) : null;
  return ctx.deps.db.transaction(async (tx) => {
    if (f.kind === 'notice') {
      const p = await storeNotice(tx, ctx, notice!);
      return { kind: f.kind, contracts: [], plan_id: null, performances: 0, procurement_id: p.id };
    }
    if (f.kind === 'contracts') {
      const stored = await storeContracts(tx, ctx.companyId, f.contracts, 'upload', ctx.user);
      return { kind: f.kind, contracts: stored.map((s) => ({ id: s.id, registry_number: s.registryNumber, violations: s.violations })), plan_id: null, performances: 0 };
    }
    if (f.kind === 'plan') {
      const { id } = await storePlan(tx, ctx.companyId, f.plan, 'upload', ctx.user);
      return { kind: f.kind, contracts: [], plan_id: id, performances: 0 };
    }
    // execution records from ЕИС: kept as registered records of the company's contracts they reference
    const { recordRegisteredPerformances } = await import('./execution');
    const n = await recordRegisteredPerformances(tx, ctx.companyId, f.performances, ctx.user);
    return { kind: f.kind, contracts: [], plan_id: null, performances: n };
  });
}
