import { STANDARD_METHOD_TITLES } from '@proc/contract';

/** The method codes the server knows (server/src/modules/deadlines/lead-times.ts); the rules screens name «ЕП» short. */
export const METHOD_TITLES: Record<string, string> = { ...STANDARD_METHOD_TITLES, single: 'Закупка у единственного поставщика' };

export const methodTitle = (code: string) => METHOD_TITLES[code] ?? code;

/** Known methods first; a customer's own code may be typed in (Select with tags). */
export const methodOptions = Object.entries(METHOD_TITLES).map(([value, label]) => ({ value, label }));

export const LAW_TITLES: Record<'223' | '44', string> = { '223': '223-ФЗ', '44': '44-ФЗ' };
