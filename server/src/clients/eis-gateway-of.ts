import type { Deps } from '../platform/context';
import { createEisGateway, type EisGateway } from './eis-gateway';

const cache = new Map<string, EisGateway>();
/** One gateway client per integration service address (tests run several servers in one process). */
export function gatewayOf(deps: Deps): EisGateway {
  const { INTEGRATION_API_URL: url, INTEGRATION_SECRET: secret } = deps.config;
  const key = `${url} ${secret ?? ''}`;
  let g = cache.get(key);
  if (!g) cache.set(key, (g = createEisGateway(url, secret)));
  return g;
}
