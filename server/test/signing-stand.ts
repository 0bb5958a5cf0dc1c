import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from './harness';
import { startIntegrationService } from './eis-world';
import { upload } from './factories';
import { startFakeEis, type FakeEis } from '../../tools/fake-eis/server';
import { fixturePath } from '../src/formats/fixtures-path';

/**
 * The world a signature test needs: the fake ЕИС verifying packages against the test's trust store, the integration
 * service in front of it, the server trusting the same CAs, the demo customer's user, and a contract ЕИС knows (the
 * fake serves contract_test.xml) with a payment under it — ЕИС takes execution only with something paid.
 */
export interface SigningStand {
  t: TestServer;
  eis: FakeEis;
  integrationUrl: string;
  client: string;
  administrator: string;
  clientId: number;
  customerId: number;
  contractId: number;
  close(): Promise<void>;
}

export async function startSigningStand(trust: { trustDir: string; crlDir: string }): Promise<SigningStand> {
  const eis = await startFakeEis({ signatures: trust });
  let integration: FastifyInstance | null = null;
  let t: TestServer | null = null;
  const close = async () => {
    await t?.close();
    await integration?.close();
    await eis.close();
  };
  try {
    const service = await startIntegrationService(eis.url, { timeoutMs: 2000 });
    integration = service.app;
    const integrationUrl = service.url;
    t = await startTestServer({
      INTEGRATION_API_URL: integrationUrl,
      SIGNATURE_TRUST_DIR: trust.trustDir,
      SIGNATURE_CRL_DIR: trust.crlDir,
    });
    const client = await t.login('client');
    const administrator = await t.login('administrator');
    const me = await t.api<{ id: number; company_id: number }>('GET', '/api/profile', { token: client });
    const data = fs.readFileSync(path.join(fixturePath('eis223'), 'contract_test.xml'));
    const up = await upload(t, 'POST', '/api/eis/upload?confirm_customer=true', client, 'contract_test.xml', data);
    if (up.status !== 200) throw new Error(`contract upload: ${up.status}`);
    const list = await t.api<{ items: { id: number; registry_number: string | null }[] }>('GET', '/api/contracts?limit=50', {
      token: client,
    });
    const contractId = list.body.items.find((c) => c.registry_number)!.id;
    await t.server.deps.database.sql.query(
      `INSERT INTO payment_orders (company_id, contract_id, linked_by, kind, number, doc_date, amount) VALUES ($1, $2, 'user', 'Платежное поручение', '1', '2024-03-01', '1000.00')`,
      [me.body.company_id, contractId],
    );
    return { t, eis, integrationUrl, client, administrator, clientId: me.body.id, customerId: me.body.company_id, contractId, close };
  } catch (e) {
    await close();
    throw e;
  }
}
