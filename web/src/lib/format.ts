import type { CompanyBrief } from '@proc/contract';
import { MESSAGES } from '@proc/contract/messages';

// Every screen formats through the contract's one set of Russian display rules (the server's documents use them too).
export {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPeriod,
  formatQuantity,
  formatRegistryNumber,
  formatShare,
  formatSize,
} from '@proc/contract/format';

export const companyTitle = (c: Pick<CompanyBrief, 'id' | 'title'>) => c.title || MESSAGES.companyNoTitle(c.id);
