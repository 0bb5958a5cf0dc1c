import type { FastifyInstance } from 'fastify';
import type { Config } from '../server/src/config';
import { startFakeEis, type FakeEis } from '../tools/fake-eis/server';
import { buildIntegrationApp } from '../server/src/eis-service/build-integration-app';
import { startE2E, TEST_INTEGRATION_SECRET, type E2E } from './harness';

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
    integration = await buildIntegrationApp({
      eisUrl: eis.url,
      token: 'test-individual-token',
      tokenFallback: true,
      secret: TEST_INTEGRATION_SECRET,
      archiveRetryMs: 50,
      timeoutMs: 5_000,
      logLevel: 'silent',
      // the fake has no request limit: ЕИС's budget of 90 a minute would stretch a period's days to minutes
      requestsPerMinute: 100_000,
    });
    await integration.listen({ port: 0, host: '127.0.0.1' });
    const integrationUrl = `http://127.0.0.1:${(integration.server.address() as { port: number }).port}`;
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
