export { signaturesApi } from './api';
export { AttachUpdSignature } from './AttachUpdSignature';
export { SignedBy } from './SignedBy';
export { SignProcurementFile } from './SignProcurementFile';
export { SignRuleVersion } from './SignRuleVersion';
export { verdictText } from './usable';
export { useSigner } from './useSigner';
