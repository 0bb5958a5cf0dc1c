import type { CompanyBrief } from '@proc/contract';
import { MESSAGES } from '@proc/contract/messages';

export const companyTitle = (c: Pick<CompanyBrief, 'id' | 'title'>) => c.title || MESSAGES.companyNoTitle(c.id);

export const formatDate = (d: Date | string) => {
  const date = typeof d === 'string' ? new Date(d) : d;
  return date.toLocaleDateString('ru-RU');
};
export const formatDateTime = (d: Date | string) => {
  const date = typeof d === 'string' ? new Date(d) : d;
  return date.toLocaleString('ru-RU');
};

/** Decimal strings shown with Russian grouping, without going through floats. */
export function formatMoney(v: string | null | undefined, currency = '₽'): string {
  if (v === null || v === undefined || v === '') return '—';
  const [int, frac = ''] = v.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${v.startsWith('-') ? '−' : ''}${grouped},${(frac + '00').slice(0, 2)}${currency ? `\u00a0${currency}` : ''}`;
}
