import { contractsRealtime } from '../features/contracts';
import { noticesRealtime } from '../features/notices';
import { plansRealtime } from '../features/plans';
import { registerRealtime } from './realtime-notices';

/**
 * The shell composes the features: what each one runs on every signed-in page, whichever page is open. A feature's
 * pages come in through the route table (SignedIn.tsx).
 */
export function composeFeatures(): void {
  registerRealtime(contractsRealtime);
  registerRealtime(plansRealtime);
  registerRealtime(noticesRealtime);
}
