export { EisReconciliation, eisDatesDiffer, useEisReconciliation } from './EisReconciliation';
export { ImportNoticesButton } from './ImportNoticesButton';
export { noticesRealtime } from './realtime';
