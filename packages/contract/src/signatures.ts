import { z } from 'zod';

/** The signer's certificate as the server read it (modules/signatures/certificate.ts). */
export const SignatureCertificate = z.object({
  commonName: z.string().nullable(),
  surname: z.string().nullable(),
  givenName: z.string().nullable(),
  organization: z.string().nullable(),
  title: z.string().nullable(),
  inn: z.string().nullable(),
  innLe: z.string().nullable(),
  ogrn: z.string().nullable(),
  snils: z.string().nullable(),
  serial: z.string(),
  issuer: z.string().nullable(),
  issuerDn: z.string(),
  subjectDn: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint: z.string(),
});
export type SignatureCertificate = z.infer<typeof SignatureCertificate>;

export const SignatureCheckResponse = z.object({
  valid: z.boolean(),
  code: z.string(),
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  attached: z.boolean(),
  signer: SignatureCertificate.nullable(),
  /** Every signer the CMS names (its SignerInfos), each by its own certificate; more than one is refused. */
  signers: z.array(SignatureCertificate),
  signing_time: z.string().nullable(),
});
export type SignatureCheckResponse = z.infer<typeof SignatureCheckResponse>;

/** A signature kept beside a document. */
export const SignatureResponse = z.object({
  id: z.number(),
  document_kind: z.string(),
  document_id: z.number(),
  user_id: z.number().nullable(),
  user_title: z.string().nullable(),
  valid: z.boolean(),
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  certificate: SignatureCertificate.nullable(),
  signing_time: z.string().nullable(),
  mchd_number: z.string().nullable(),
  created_at: z.string(),
});
export type SignatureResponse = z.infer<typeof SignatureResponse>;
/** Signed execution records queued for ЕИС: the job's key, the record and the signature kept. */
export const ExecutionSignedResponse = z.object({ key: z.string(), id: z.number(), signature: SignatureResponse });
export type ExecutionSignedResponse = z.infer<typeof ExecutionSignedResponse>;

/** A base64 CMS (detached unless the document says otherwise), as the CryptoPro plug-in's SignCades returns it. */
export const SignatureBody = z.object({
  signature: z
    .string()
    .trim()
    .min(64, 'Подпись пуста')
    .max(2_000_000, 'Подпись слишком велика')
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'Подпись должна быть в base64'),
});

export const SignatureCheckRequest = SignatureBody.extend({
  /** The signed bytes in base64 (the diagnostics page signs a test text). */
  content: z
    .string()
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Содержимое должно быть в base64'),
});

const innRe = /^\d{12}$/;
/**
 * The number of a МЧД in the ФНС register is its GUID: «идентификационный номер файла (N) в виде 36-разрядного GUID
 * является уникальным идентификатором доверенности» (формат машиночитаемой доверенности ФНС, элемент ИдФайл;
 * the register's «Уникальный номер GUID доверенности»).
 */
export const MCHD_NUMBER_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const SigningRightRequest = z.object({
  person_inn: z.string().trim().regex(innRe, 'ИНН физического лица — 12 цифр').nullish(),
  mchd_number: z
    .string()
    .trim()
    .regex(
      MCHD_NUMBER_RE,
      'Номер МЧД — её уникальный номер в реестре ФНС (GUID из 36 знаков, например 0f8fad5b-d9cb-469f-a165-70867728950e)',
    )
    .nullish(),
});
export type SigningRightRequest = z.infer<typeof SigningRightRequest>;

export const SigningRightResponse = z.object({
  user_id: z.number(),
  user_title: z.string(),
  login: z.string(),
  person_inn: z.string().nullable(),
  mchd_number: z.string().nullable(),
  granted_at: z.string(),
});
export type SigningRightResponse = z.infer<typeof SigningRightResponse>;

/** What the signing UI needs to know about the current user and company. */
export const SigningStatusResponse = z.object({
  may_sign: z.boolean(),
  company_inn: z.string().nullable(),
  company_ogrn: z.string().nullable(),
  person_inn: z.string().nullable(),
  mchd_number: z.string().nullable(),
  engine: z.object({ ok: z.boolean(), message: z.string() }),
  /** Where the page loads the plug-in's cadesplugin_api.js from. */
  plugin_api_url: z.string(),
});
export type SigningStatusResponse = z.infer<typeof SigningStatusResponse>;

export const ExecutionPrepareResponse = z.object({
  id: z.number(),
  guid: z.string(),
  /** The exact bytes to sign (the package's UTF-8 XML), base64. */
  xml_base64: z.string(),
});
export type ExecutionPrepareResponse = z.infer<typeof ExecutionPrepareResponse>;
