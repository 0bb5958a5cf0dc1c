import type { FastifyRequest } from 'fastify';
import { ikzsOfPurchases, notifyEisChanged, procurementsOfIkzs, procurementsOfNotices } from '../notices';
import { isFormatError, isZipArchive, parseInWorker, readZipXmlEntries } from '../../formats';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/uploads';
import { storeContracts } from '../contracts';
import { storePlan } from '../plans';
import { storeTenderPlan } from '../plans';
import { storeNotice44 } from '../notices';
import { storeContracts44 } from '../contracts';
import { prepareNotice, storeNotice } from '../notices';
import { confirmForeignCustomers, foreignCustomersOf, namesOwnCustomer, ownCustomers, partyOfIku } from '../companies';

/** Reads the uploaded ЕИС file within the size limit; parser refusals (empty, not ЕИС) come later with its Russian text. */
export async function readEisUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return (await readMultipartFile(req, maxBytes)).data;
}

/** A format's refusal as the upload's 400, named by the archive entry when there is one. */
async function asBadFile<T>(work: Promise<T>, name?: string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isFormatError(e)) throw new AppError('BAD_FILE', name ? `Файл «${name}» в архиве: ${e.message}` : e.message);
    throw e;
  }
}

const parseEis = (data: Buffer, name?: string) => asBadFile(parseInWorker('eis', data), name);
type EisFile = Awaited<ReturnType<typeof parseEis>>;

/** The ЕИС documents of an upload: one XML file, or every XML file of a ZIP archive as ЕИС gives them out. */
async function parseUpload(data: Buffer): Promise<{ files: EisFile[]; archive: boolean }> {
  if (!isZipArchive(data)) return { files: [await parseEis(data)], archive: false };
  const files: EisFile[] = [];
  for (const entry of await asBadFile(readZipXmlEntries(data))) files.push(await parseEis(entry.data, entry.name));
  return { files, archive: true };
}

const customersOf = (f: EisFile) =>
  f.kind === 'contracts'
    ? f.contracts.map((c) => c.customer)
    : f.kind === 'plan'
      ? [f.plan.customer]
      : f.kind === 'notice'
        ? [f.notice.customer]
        : f.kind === 'tenderPlan'
          ? [
              {
                name: f.tenderPlan.customer.fullName,
                shortName: null,
                inn: f.tenderPlan.customer.inn,
                kpp: f.tenderPlan.customer.kpp,
                ogrn: null,
                okato: null,
              },
            ]
          : f.kind === 'contracts44'
            ? f.contracts44.contracts.map((c) => ({
                name: c.customer.fullName,
                shortName: null,
                inn: c.customer.inn,
                kpp: c.customer.kpp,
                ogrn: null,
                okato: null,
              }))
            : f.kind === 'purchase44' && f.purchase.kind === 'notice'
              ? // a purchase placed by an authorised body names the body and each customer (the ИКУ of its lot's ИКЗ)
                [
                  { name: f.purchase.placer.fullName, shortName: null, inn: f.purchase.placer.inn, kpp: null, ogrn: null, okato: null },
                  ...f.purchase.lots.map((l) => ({
                    name: l.customer.fullName,
                    shortName: null,
                    inn: partyOfIku(l.iku)?.inn ?? l.customer.inn,
                    kpp: partyOfIku(l.iku)?.kpp ?? null,
                    ogrn: null,
                    okato: null,
                  })),
                ]
              : [];

/**
 * Contracts, plans, notices and performance records from a file or an archive of them, through the same parsers and
 * storage as the ЕИС import, all in one transaction (a bad file in an archive stores nothing of it). Another
 * organisation's documents go in only with `confirmCustomer` (the user said they are the company's).
 */
export async function importEisUpload(ctx: Ctx, data: Buffer, opts: { confirmCustomer?: boolean } = {}) {
  const { files, archive } = await parseUpload(data);
  if (!opts.confirmCustomer) {
    const own = await ownCustomers(ctx.deps.db, ctx.companyId);
    for (const f of files) {
      const named = customersOf(f);
      // a notice is the company's if one customer it names is (namesOwnCustomer: the placer may be an authorised body);
      // every other document asks for each foreign customer it holds
      if (f.kind !== 'performance' && (f.kind !== 'purchase44' || !namesOwnCustomer(own, named)))
        confirmForeignCustomers(
          foreignCustomersOf(named, own),
          own,
          f.kind === 'purchase44' ? 'notice' : f.kind === 'contracts44' ? 'contracts' : f.kind,
        );
    }
  }
  const notices = await Promise.all(files.map((f) => (f.kind === 'notice' ? prepareNotice(ctx, f.notice) : null)));
  const out = await ctx.deps.db.transaction(async (tx) => {
    const result = {
      kind: (archive ? 'archive' : files[0].kind) as EisFile['kind'] | 'archive',
      contracts: [] as { id: number; registry_number: string | null; violations: string[] }[],
      plan_id: null as number | null,
      performances: 0,
      procurement_id: null as number | null,
      files: files.length,
      plans: 0,
      notices: 0,
      tender_plans: 0,
      tender_plan_id: null as number | null,
      purchases44: 0,
    };
    for (const [i, f] of files.entries()) {
      if (f.kind === 'notice') {
        result.procurement_id = (await storeNotice(tx, ctx, notices[i]!, 'upload')).id;
        result.notices++;
      } else if (f.kind === 'contracts') {
        const stored = await storeContracts(tx, ctx.companyId, f.contracts, 'upload', ctx.user);
        result.contracts.push(...stored.map((s) => ({ id: s.id, registry_number: s.registryNumber, violations: s.violations })));
      } else if (f.kind === 'contracts44') {
        const stored = await storeContracts44(tx, ctx.companyId, f.contracts44, 'upload', ctx.user);
        result.contracts.push(...stored.contracts.map((s) => ({ id: s.id, registry_number: s.registryNumber, violations: s.violations })));
      } else if (f.kind === 'plan') {
        result.plan_id = (await storePlan(tx, ctx.companyId, f.plan, 'upload', ctx.user)).id;
        result.plans++;
      } else if (f.kind === 'tenderPlan') {
        result.tender_plan_id = (await storeTenderPlan(tx, ctx.companyId, f.tenderPlan, 'upload', ctx.user)).id;
        result.tender_plans++;
      } else if (f.kind === 'purchase44') {
        await storeNotice44(tx, ctx.companyId, f.purchase, 'upload', ctx.user);
        result.purchases44++;
      } else {
        // execution records from ЕИС: kept as registered records of the company's contracts they reference
        const { recordRegisteredPerformances } = await import('../contracts');
        result.performances += await recordRegisteredPerformances(tx, ctx.companyId, f.performances, ctx.user);
      }
    }
    return result;
  });
  // a protocol names no ИКЗ of its own: its notice (stored before) gives the purchase's
  const numbers = files.flatMap((f) => (f.kind === 'purchase44' ? [f.purchase.purchaseNumber] : []));
  const ikzs = [
    ...files.flatMap((f) => (f.kind === 'purchase44' && f.purchase.kind === 'notice' ? f.purchase.lots.map((l) => l.ikz) : [])),
    ...files.flatMap((f) => (f.kind === 'contracts44' ? f.contracts44.contracts.map((c) => c.ikz) : [])),
    ...(await ikzsOfPurchases(ctx.deps, ctx.companyId, numbers)),
  ];
  const notices223 = notices.flatMap((n) => (n ? [n.number] : []));
  notifyEisChanged(ctx.deps, ctx.companyId, [
    ...(await procurementsOfIkzs(ctx.deps, ctx.companyId, ikzs)),
    ...(await procurementsOfNotices(ctx.deps, ctx.companyId, notices223)),
  ]);
  return out;
}
