import { z } from 'zod';
import { isoDateTime } from '../schemas';

/**
 * Building blocks of the ЕИС 223-FZ result types. Field names are ours (stable across TFF schema versions); comments
 * name the source element where it is not obvious. Codes (ИНН, КПП, ОГРН, ОКАТО, registry numbers) are strings.
 */

export const eisOrganization = z.object({
  /** mainInfo/fullName */
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  okato: z.string().nullable(),
});
export type EisOrganization = z.infer<typeof eisOrganization>;

export const eisCurrency = z.object({
  /** Letter code, e.g. RUB */
  code: z.string().nullable(),
  /** ОКВ numeric code, e.g. 643 */
  digitalCode: z.string().nullable(),
  name: z.string().nullable(),
});
export type EisCurrency = z.infer<typeof eisCurrency>;

/** Information about the file itself (the ЕИС "packet"), shared by every record in it. */
export const eisPacket = z.object({
  /** header/guid */
  guid: z.string().nullable(),
  createDateTime: isoDateTime.nullable(),
  /** From xsi:schemaLocation, e.g. 'TFF-9.3'; null when the file does not say. */
  schemaVersion: z.string().nullable(),
});
export type EisPacket = z.infer<typeof eisPacket>;

/** Contract and record registry numbers in ЕИС 223-FZ are 23 digits. */
export const registryNumber23 = z.string().regex(/^\d{23}$/);
