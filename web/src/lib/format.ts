import type { CompanyBrief } from '@proc/contract';
import { MESSAGES } from '@proc/contract/messages';
import * as contractFormat from '@proc/contract/format';
import { MOSCOW_TZ } from '@proc/contract/moscow-date';

// Every screen formats through the contract's one set of Russian display rules (the server's documents use them too).
export { formatMoney, formatPercent, formatQuantity, formatRegistryNumber, formatShare, formatSize } from '@proc/contract/format';

// A moment is shown on Moscow's clock wherever the browser is: ЕИС, the law's terms and our server's «today» all count
// in Moscow time, so a protocol published at 15:47 MSK must not read 12:47 in a browser set to UTC or Kaliningrad.
export const formatDate = (v: Date | string | null | undefined): string => contractFormat.formatDate(v, MOSCOW_TZ);
export const formatDateTime = (v: Date | string | null | undefined): string => contractFormat.formatDateTime(v, MOSCOW_TZ);
export const formatPeriod = (from: Date | string, to: Date | string): string => contractFormat.formatPeriod(from, to, MOSCOW_TZ);

export const companyTitle = (c: Pick<CompanyBrief, 'id' | 'title'>) => c.title || MESSAGES.companyNoTitle(c.id);
