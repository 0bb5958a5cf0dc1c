export { verifyCms, REASONS, type Verification, type VerificationCode, type VerifyOptions } from './verify';
export { describeCertificate, organisationInn, personInn, normInn, type CertificateInfo } from './certificate';
export { outlineCms, cmsBytes } from './cms-der';
export { gostEngine, resetGostEngineCheck, ENGINE_MISSING } from './openssl';
