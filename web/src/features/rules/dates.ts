import dayjs, { type Dayjs } from 'dayjs';

/** The API speaks ISO dates ('YYYY-MM-DD'); pickers speak dayjs. */
export const toIso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
export const fromIso = (s: string | null | undefined) => (s ? dayjs(s) : undefined);

/** Decimal input with a comma or a dot → the API's dot form; empty → null. */
export const decimalOrNull = (v: unknown) => {
  const s = String(v ?? '')
    .trim()
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  return s ? s : null;
};
