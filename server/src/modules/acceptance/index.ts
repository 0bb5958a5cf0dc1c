import type { Module } from '../../platform/module';
import { acceptanceRoutes } from './routes';

export {
  acceptanceDeadlineItems,
  acceptanceTermsOf,
  acceptancePanel,
  decide,
  castVote,
  startReview,
  setCommission,
  setTerms,
  voteText,
} from './service';
export { defaultAcceptanceDays, defaultPaymentDays, documentTerms, paidOn } from './terms';
export { actDocx } from './act-docx';

/** Приёмка поставок: экспертиза, приёмочная комиссия, решение, сроки приёмки и оплаты. */
export const acceptanceModule: Module = { name: 'acceptance', routes: acceptanceRoutes };
