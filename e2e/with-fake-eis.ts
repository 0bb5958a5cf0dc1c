import type { FastifyInstance } from 'fastify';
import type { Config } from '../server/src/config';
import { startFakeEis, type FakeEis } from '../tools/fake-eis/server';
import { startIntegrationService } from '../server/test/eis-world';
import { startE2E, type E2E } from './harness';

export interface E2EWithEis extends E2E {
  eis: FakeEis;
}

/**
 * The harness's app with the fake ЕИС and the integration service beside it (the harness starts the main server only),
 * the way `npm start` runs them: the screens' imports go through the integration service to the fake's СОИ.
 */
export async function startE2EWithEis(overrides: Partial<Config> = {}): Promise<E2EWithEis> {
  const eis = await startFakeEis({ port: 0 });
  let integration: FastifyInstance | undefined;
  try {
    // the fake has no request limit: ЕИС's budget of 90 a minute would stretch a period's days to minutes
    const service = await startIntegrationService(eis.url, { timeoutMs: 5_000 });
    integration = service.app;
    const integrationUrl = service.url;
    const e = await startE2E({ INTEGRATION_API_URL: integrationUrl, EIS_URL: eis.url, ...overrides });
    const started = integration;
    return {
      ...e,
      eis,
      async close() {
        await e.close();
        await started.close();
        await eis.close();
      },
    };
  } catch (err) {
    await integration?.close();
    await eis.close();
    throw err;
  }
}
