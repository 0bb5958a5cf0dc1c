export { contractsApi } from './api';
export { contractStatusTitle, shareNumber } from './labels';
export { contractsRealtime } from './realtime';
