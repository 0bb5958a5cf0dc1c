/** Russian names of the procurement method codes the server knows (server/src/modules/deadlines/lead-times.ts). */
export const METHOD_TITLES: Record<string, string> = {
  competition: 'Конкурс',
  competition_e: 'Конкурс в электронной форме',
  auction: 'Аукцион',
  auction_e: 'Аукцион в электронной форме',
  quotation: 'Запрос котировок',
  quotation_e: 'Запрос котировок в электронной форме',
  proposal: 'Запрос предложений',
  proposal_e: 'Запрос предложений в электронной форме',
  single: 'Закупка у единственного поставщика',
};

export const methodTitle = (code: string) => METHOD_TITLES[code] ?? code;

/** Known methods first; a customer's own code may be typed in (Select with tags). */
export const methodOptions = Object.entries(METHOD_TITLES).map(([value, label]) => ({ value, label }));

export const LAW_TITLES: Record<'223' | '44', string> = { '223': '223-ФЗ', '44': '44-ФЗ' };
