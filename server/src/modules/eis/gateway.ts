import type { Deps } from '../../platform/context';
import { createEisGateway, type EisGateway } from '../../integrations/eis-gateway';

const cache = new Map<string, EisGateway>();
/** One gateway client per integration service address (tests run several servers in one process). */
export function gatewayOf(deps: Deps): EisGateway {
  const url = deps.config.INTEGRATION_API_URL;
  let g = cache.get(url);
  if (!g) cache.set(url, (g = createEisGateway(url)));
  return g;
}
