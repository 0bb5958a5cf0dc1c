// `npx tsx tools/fake-eis/main.ts`: the fake ЕИС on FAKE_EIS_PORT (default: the port of EIS_URL, which is PORT+2 unless set).
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { startFakeEis } from './server';
import { onParentGone } from '../../server/src/platform/shutdown';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  console.error(`Тестовая ЕИС не запущена: ${(e as Error).message}`);
  process.exit(1);
}
const port = config.FAKE_EIS_PORT ?? Number(new URL(config.EIS_URL).port);
// signed execution packages are checked against the product's own trust store unless told otherwise
const signatures = {
  trustDir: config.FAKE_EIS_TRUST_DIR || config.SIGNATURE_TRUST_DIR || path.join(config.DATA_DIR, 'signatures', 'trust'),
  crlDir: config.FAKE_EIS_CRL_DIR || config.SIGNATURE_CRL_DIR || path.join(config.DATA_DIR, 'signatures', 'crl'),
  // ЕИС refuses unsigned packages; this switch only serves old scripts that send them on purpose
  allowUnsigned: config.FAKE_EIS_ALLOW_UNSIGNED,
};
const eis = await startFakeEis({ port, host: config.HOST, dataDir: config.FAKE_EIS_DATA, signatures });
console.log(`Тестовая ЕИС: ${eis.url}`);
const stop = () => void eis.close().then(() => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, stop);
onParentGone(stop);
