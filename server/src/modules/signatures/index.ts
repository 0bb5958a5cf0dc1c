import type { Module } from '../../platform/module';
import { signatureRoutes } from './routes';

export { verifyCms, REASONS, type Verification, type VerificationCode, type VerifyOptions } from './verify';
export { describeCertificate, organisationInn, personInn, normInn, type CertificateInfo } from './certificate';
export { outlineCms, cmsBytes } from './cms-der';
export { gostEngine, resetGostEngineCheck, ENGINE_MISSING } from './openssl';
export {
  attachUpdSignature,
  signProcurementFile,
  signRuleVersion,
  listSignatures,
  storeSignature,
  verifyUserSignature,
  recordUploadedSignature,
  verifyUploadedSignature,
  verifyForCompany,
  signatureDirs,
  signerName,
  signatureFinding,
  checkResponse,
} from './service';

/** Квалифицированная электронная подпись: проверка ГОСТ-подписей, право подписи, подписи документов. */
export const signaturesModule: Module = { name: 'signatures', routes: signatureRoutes };
