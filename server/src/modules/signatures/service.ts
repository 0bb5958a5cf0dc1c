import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type {
  Role,
  SignatureCheckResponse,
  SignatureResponse,
  SigningRightRequest,
  SigningRightResponse,
  SigningStatusResponse,
} from '@proc/contract';
import type { Tx } from '../../db/client';
import {
  acceptanceDocuments,
  companies,
  procurementFiles,
  procurementFileVersions,
  ruleVersions,
  signatures,
  signingRights,
  users,
} from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { canActFor } from '../../platform/tenancy';
import { cmsBytes } from './cms-der';
import type { CertificateInfo } from './certificate';
import { gostEngine } from './openssl';
import { verifyCms, type Verification } from './verify';
import { recordStoredFile } from '../storage';

/** Who may give and take away «право подписи»: the administrators of the company (staff acting for it). */
const RIGHTS_MANAGERS = new Set(['admin', 'administrator']);

/** The trust store and CRL folders: configured, or DATA_DIR/signatures/{trust,crl} (made empty on first use). */
export function signatureDirs(deps: Deps): { trustDir: string; crlDir: string } {
  const base = path.join(deps.config.DATA_DIR, 'signatures');
  const trustDir = deps.config.SIGNATURE_TRUST_DIR ?? path.join(base, 'trust');
  const crlDir = deps.config.SIGNATURE_CRL_DIR ?? path.join(base, 'crl');
  for (const d of [trustDir, crlDir]) if (!fs.existsSync(d)) fs.mkdirSync(d, { recursive: true });
  return { trustDir, crlDir };
}

async function companyIdentity(ctx: Ctx): Promise<{ inn: string | null; ogrn: string | null }> {
  const [c] = await ctx.deps.db.select({ inn: companies.inn, ogrn: companies.ogrn }).from(companies).where(eq(companies.id, ctx.companyId));
  return { inn: c?.inn ?? null, ogrn: c?.ogrn ?? null };
}

async function rightOf(ctx: Ctx, db: Tx = ctx.deps.db) {
  const [r] = await db
    .select()
    .from(signingRights)
    .where(and(eq(signingRights.companyId, ctx.companyId), eq(signingRights.userId, ctx.user.id)));
  return r ?? null;
}

export const checkResponse = (v: Verification): SignatureCheckResponse => ({
  valid: v.valid,
  code: v.code,
  reason: v.reason,
  warnings: v.warnings,
  attached: v.attached,
  signer: v.signer,
  signers: v.signers,
  signing_time: v.signingTime,
});

export async function signingStatus(ctx: Ctx): Promise<SigningStatusResponse> {
  const [right, company, engine] = await Promise.all([rightOf(ctx), companyIdentity(ctx), gostEngine()]);
  return {
    may_sign: !!right,
    company_inn: company.inn,
    company_ogrn: company.ogrn,
    person_inn: right?.personInn ?? null,
    mchd_number: right?.mchdNumber ?? null,
    engine,
    plugin_api_url: ctx.deps.config.CADESPLUGIN_API_URL,
  };
}

/**
 * Verifies a signature of `content` as the company's document signed by the current user: the exact bytes, the chain
 * and revocation, and the certificate's ИНН — the company's, or the user's own when the right records a МЧД.
 */
export async function verifyForCompany(
  ctx: Ctx,
  signature: string | Buffer,
  content: Buffer | null,
  opts: { personInn?: string | null } = {},
): Promise<Verification> {
  const company = await companyIdentity(ctx);
  return verifyCms(signature, content, { ...signatureDirs(ctx.deps), companyInn: company.inn, personInn: opts.personInn ?? null });
}

/** The diagnostics page's test: a signature of a text verified as a real one would be, nothing stored. */
export async function checkSignature(ctx: Ctx, signature: string, contentBase64: string): Promise<SignatureCheckResponse> {
  const right = await rightOf(ctx);
  const content = contentBase64 ? Buffer.from(contentBase64.replace(/\s+/g, ''), 'base64') : null;
  return checkResponse(await verifyForCompany(ctx, signature, content, { personInn: right?.personInn }));
}

export interface AcceptedSignature {
  der: Buffer;
  verification: Verification;
  mchdNumber: string | null;
}

/**
 * Checks a signature the current user made of a document's exact bytes, before anything is stored (OpenSSL runs
 * outside any transaction). Refuses a user without «право подписи» or a signature that does not verify, with the reason.
 */
export async function verifyUserSignature(ctx: Ctx, content: Buffer, signature: string): Promise<AcceptedSignature> {
  const right = await rightOf(ctx);
  if (!right) throw new AppError('FORBIDDEN', 'Нет права подписи за организацию: его даёт администратор организации');
  const v = await verifyForCompany(ctx, signature, content, { personInn: right.personInn });
  if (!v.valid) throw new AppError('VALIDATION', `Подпись не принята: ${v.reason}`, { signature: [v.reason ?? ''] });
  return { der: cmsBytes(signature), verification: v, mchdNumber: right.mchdNumber };
}

type SignedDocument = { kind: string; id: number; auditEntity: string; auditEntityId: number };

/** A signature's row beside its document, its .sig in the file store; `signer` is null for one that came with an upload. */
async function keepSignature(
  tx: Tx,
  ctx: Ctx,
  doc: SignedDocument,
  der: Buffer,
  v: Verification,
  signer: { userId: number; mchdNumber: string | null } | null,
) {
  const fileKey = await ctx.deps.files.put(der, 'sig');
  const [row] = await tx
    .insert(signatures)
    .values({
      companyId: ctx.companyId,
      documentKind: doc.kind,
      documentId: doc.id,
      fileKey,
      userId: signer?.userId ?? null,
      certificate: v.signer,
      certificateSerial: v.signer?.serial ?? null,
      valid: v.valid,
      reason: v.reason,
      warnings: v.warnings,
      signingTime: v.signingTime ? new Date(v.signingTime) : null,
      mchdNumber: signer?.mchdNumber ?? null,
    })
    .returning();
  await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'signature', key: fileKey, size: der.length });
  return row;
}

/** Keeps an accepted signature beside its document (the .sig in the file store, a row, an audit entry), in `tx`. */
export async function storeSignature(
  tx: Tx,
  ctx: Ctx,
  doc: SignedDocument,
  accepted: AcceptedSignature,
): Promise<typeof signatures.$inferSelect> {
  const v = accepted.verification;
  const row = await keepSignature(
    tx,
    ctx,
    doc,
    accepted.der,
    { ...v, valid: true, reason: null },
    { userId: ctx.user.id, mchdNumber: accepted.mchdNumber },
  );
  await audit(tx, ctx, {
    entity: doc.auditEntity,
    entityId: doc.auditEntityId,
    action: 'signature_add',
    after: {
      signature_id: row.id,
      document_kind: doc.kind,
      document_id: doc.id,
      certificate_serial: v.signer?.serial,
      signer: signerName(v.signer),
      issuer: v.signer?.issuer,
      valid_to: v.signer?.validTo,
      mchd_number: accepted.mchdNumber,
    },
  });
  return row;
}

/**
 * A signature that came with an uploaded file (an УПД's .sig): verified and kept whatever the result — a bad one is
 * a finding the document shows, not a silent accept.
 */
export async function verifyUploadedSignature(
  deps: Deps,
  content: Buffer,
  signature: Buffer,
  opts: { counterpartyInn?: string | null } = {},
): Promise<Verification> {
  // the supplier signs its own УПД: its ИНН, not ours, is the one to match
  return verifyCms(signature, content, { ...signatureDirs(deps), companyInn: opts.counterpartyInn ?? null });
}

/** What a bad signature of an uploaded document says on the document (its warnings); null for a good one. */
export const signatureFinding = (v: Verification): string | null =>
  v.valid ? null : v.code === 'mismatch' ? 'Подпись не соответствует файлу' : `Подпись не принята: ${v.reason}`;

export async function recordUploadedSignature(tx: Tx, ctx: Ctx, doc: SignedDocument, signature: Buffer, v: Verification): Promise<void> {
  const row = await keepSignature(tx, ctx, doc, cmsBytes(signature), v, null);
  await audit(tx, ctx, {
    entity: doc.auditEntity,
    entityId: doc.auditEntityId,
    action: 'signature_upload',
    after: {
      signature_id: row.id,
      document_kind: doc.kind,
      document_id: doc.id,
      valid: v.valid,
      reason: v.reason,
      certificate_serial: v.signer?.serial,
      signer: signerName(v.signer),
    },
  });
}

export const signerName = (c: CertificateInfo | null | undefined): string | null =>
  c ? [c.surname, c.givenName].filter(Boolean).join(' ') || c.commonName : null;

export async function listSignatures(ctx: Ctx, kind: string, id: number): Promise<SignatureResponse[]> {
  const rows = await ctx.deps.db
    .select({ s: signatures, userTitle: users.title })
    .from(signatures)
    .leftJoin(users, eq(users.id, signatures.userId))
    .where(and(eq(signatures.companyId, ctx.companyId), eq(signatures.documentKind, kind), eq(signatures.documentId, id)))
    .orderBy(desc(signatures.id));
  return rows.map(({ s, userTitle }) => ({
    id: s.id,
    document_kind: s.documentKind,
    document_id: s.documentId,
    user_id: s.userId,
    user_title: userTitle ?? null,
    valid: s.valid,
    reason: s.reason,
    warnings: s.warnings,
    certificate: (s.certificate as CertificateInfo | null) ?? null,
    signing_time: s.signingTime?.toISOString() ?? null,
    mchd_number: s.mchdNumber,
    created_at: s.createdAt.toISOString(),
  }));
}

function requireManager(ctx: Ctx): void {
  if (!RIGHTS_MANAGERS.has(ctx.user.role)) throw new AppError('FORBIDDEN', 'Право подписи назначает администратор организации');
}

export async function listRights(ctx: Ctx): Promise<SigningRightResponse[]> {
  const rows = await ctx.deps.db
    .select({ r: signingRights, title: users.title, login: users.login })
    .from(signingRights)
    .innerJoin(users, eq(users.id, signingRights.userId))
    .where(eq(signingRights.companyId, ctx.companyId))
    .orderBy(asc(users.title));
  return rows.map(({ r, title, login }) => ({
    user_id: r.userId,
    user_title: title,
    login,
    person_inn: r.personInn,
    mchd_number: r.mchdNumber,
    granted_at: r.createdAt.toISOString(),
  }));
}

export async function setRight(ctx: Ctx, userId: number, body: SigningRightRequest): Promise<void> {
  requireManager(ctx);
  const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, userId));
  // someone who may not act for the company cannot sign for it; and is "not found" from here
  if (
    !u ||
    u.blocked ||
    !(await canActFor(
      ctx.deps.db,
      { id: u.id, title: u.title, login: u.login, email: u.email, role: u.role as Role, companyId: u.companyId, sessionId: 0 },
      ctx.companyId,
    ))
  )
    throw new AppError('NOT_FOUND', 'Пользователь не найден среди пользователей организации');
  if (!!body.mchd_number !== !!body.person_inn)
    throw new AppError('VALIDATION', 'Для подписи по доверенности укажите и ИНН физического лица, и номер МЧД', {
      [body.mchd_number ? 'person_inn' : 'mchd_number']: ['Обязательное поле'],
    });
  await ctx.deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(signingRights)
      .where(and(eq(signingRights.companyId, ctx.companyId), eq(signingRights.userId, userId)));
    // a GUID is one number whatever its letters' case: kept as the register writes it, in lower case
    const values = { personInn: body.person_inn ?? null, mchdNumber: body.mchd_number?.toLowerCase() ?? null };
    await tx
      .insert(signingRights)
      .values({ companyId: ctx.companyId, userId, grantedBy: ctx.user.id, ...values })
      .onConflictDoUpdate({ target: [signingRights.companyId, signingRights.userId], set: { ...values, grantedBy: ctx.user.id } });
    await audit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'signing_right_grant',
      before: before ? { person_inn: before.personInn, mchd_number: before.mchdNumber } : null,
      after: { company_id: ctx.companyId, person_inn: values.personInn, mchd_number: values.mchdNumber },
    });
  });
}

export async function removeRight(ctx: Ctx, userId: number): Promise<void> {
  requireManager(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(signingRights)
      .where(and(eq(signingRights.companyId, ctx.companyId), eq(signingRights.userId, userId)))
      .returning();
    if (!gone) throw new AppError('NOT_FOUND', 'У пользователя нет права подписи за организацию');
    await audit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'signing_right_revoke',
      before: { company_id: ctx.companyId, person_inn: gone.personInn, mchd_number: gone.mchdNumber },
    });
  });
}

/**
 * The supplier's signature of an uploaded УПД (the .sig the ЭДО file came with): verified against the stored file's
 * exact bytes and the seller's ИНН, kept beside the document whatever the result; a bad one becomes a finding of the
 * document (its warnings), not a silent accept.
 */
export async function attachUpdSignature(
  ctx: Ctx,
  contractId: number,
  documentId: number,
  signature: string,
): Promise<SignatureCheckResponse> {
  const [doc] = await ctx.deps.db
    .select()
    .from(acceptanceDocuments)
    .where(
      and(
        eq(acceptanceDocuments.id, documentId),
        eq(acceptanceDocuments.contractId, contractId),
        eq(acceptanceDocuments.companyId, ctx.companyId),
      ),
    );
  if (!doc) throw new AppError('NOT_FOUND', 'УПД не найден');
  const der = cmsBytes(signature);
  const v = await verifyUploadedSignature(ctx.deps, await ctx.deps.files.get(doc.fileKey), der, { counterpartyInn: doc.sellerInn });
  await ctx.deps.db.transaction(async (tx) => {
    await recordUploadedSignature(tx, ctx, { kind: 'upd', id: doc.id, auditEntity: 'contract', auditEntityId: contractId }, der, v);
    const finding = signatureFinding(v);
    if (finding) {
      if (!doc.warnings.includes(finding))
        await tx
          .update(acceptanceDocuments)
          .set({ warnings: [...doc.warnings, finding] })
          .where(eq(acceptanceDocuments.id, doc.id));
    }
  });
  return checkResponse(v);
}

/**
 * The approved Положение: a signature of its approval document (the file of an approved or published version, which
 * cannot change any more — a change is a new version) by someone with «право подписи».
 */
export async function signRuleVersion(ctx: Ctx, ruleId: number, versionId: number, signature: string): Promise<SignatureResponse> {
  const [v] = await ctx.deps.db
    .select()
    .from(ruleVersions)
    .where(and(eq(ruleVersions.id, versionId), eq(ruleVersions.ruleId, ruleId), eq(ruleVersions.companyId, ctx.companyId)));
  if (!v) throw new AppError('NOT_FOUND');
  if (v.status !== 'approved' && v.status !== 'published')
    throw new AppError('INVALID_STATE', 'Подписать можно утверждённую редакцию положения');
  if (!v.approvalFileKey) throw new AppError('VALIDATION', 'У редакции нет документа об утверждении: подписывать нечего');
  const accepted = await verifyUserSignature(ctx, await ctx.deps.files.get(v.approvalFileKey), signature);
  const row = await ctx.deps.db.transaction((tx) =>
    storeSignature(tx, ctx, { kind: 'rule_version', id: versionId, auditEntity: 'rule_version', auditEntityId: versionId }, accepted),
  );
  return (await listSignatures(ctx, 'rule_version', versionId)).find((x) => x.id === row.id)!;
}

/**
 * A procurement's document (the generated DOCX of its documentation, or any file of it): the signature is of one stored
 * version, which never changes — a change of the document is a new version, which is unsigned until signed again.
 */
export async function signProcurementFile(
  ctx: Ctx,
  procurementId: number,
  fileId: number,
  signature: string,
  version?: number,
): Promise<SignatureResponse & { version: number }> {
  const [f] = await ctx.deps.db
    .select()
    .from(procurementFiles)
    .where(
      and(
        eq(procurementFiles.id, fileId),
        eq(procurementFiles.procurementId, procurementId),
        eq(procurementFiles.companyId, ctx.companyId),
        isNull(procurementFiles.deletedAt),
      ),
    );
  if (!f) throw new AppError('NOT_FOUND');
  const [v] = await ctx.deps.db
    .select()
    .from(procurementFileVersions)
    .where(and(eq(procurementFileVersions.fileId, f.id), eq(procurementFileVersions.version, f.currentVersion)));
  if (!v) throw new AppError('NOT_FOUND');
  // the user signed the version they downloaded: a newer one came meanwhile, so theirs is no longer the document
  if (version !== undefined && version !== v.version) {
    throw new AppError(
      'CONFLICT',
      `Документ изменился: вы подписали версию ${version}, а текущая — версия ${v.version}. Подпишите текущую версию`,
    );
  }
  const bytes = await ctx.deps.files.get(v.storageKey);
  // the stored bytes are the version's as uploaded (its sha256): a file changed in the store is not signed
  if (crypto.createHash('sha256').update(bytes).digest('hex') !== v.sha256)
    throw new AppError('CONFLICT', 'Файл версии в хранилище изменён: подписывать его нельзя');
  const accepted = await verifyUserSignature(ctx, bytes, signature);
  const row = await ctx.deps.db.transaction(async (tx) => {
    // the version stays current until the signature is stored: a replacement in between makes the signature stale
    const [now] = await tx
      .select({ v: procurementFiles.currentVersion })
      .from(procurementFiles)
      .where(eq(procurementFiles.id, f.id))
      .for('update');
    if (now?.v !== v.version)
      throw new AppError(
        'CONFLICT',
        `Документ изменился: вы подписали версию ${v.version}, а текущая — версия ${now?.v ?? '—'}. Подпишите текущую версию`,
      );
    return storeSignature(tx, ctx, { kind: 'documentation', id: v.id, auditEntity: 'procurement', auditEntityId: procurementId }, accepted);
  });
  const kept = (await listSignatures(ctx, 'documentation', v.id)).find((x) => x.id === row.id)!;
  return { ...kept, version: v.version };
}
