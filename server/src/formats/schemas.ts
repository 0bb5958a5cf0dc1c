import { z } from 'zod';
import { DATE_TIME_RE, DECIMAL_RE } from './values';

/** Zod building blocks shared by the result types of all formats. */

/** Money and quantities: decimal strings as written in the file, never JS numbers. */
export const decimalString = z.string().regex(DECIMAL_RE);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const isoDateTime = z.string().regex(DATE_TIME_RE);

export const codeName = z.object({ code: z.string(), name: z.string().nullable() });
export type CodeName = z.infer<typeof codeName>;
