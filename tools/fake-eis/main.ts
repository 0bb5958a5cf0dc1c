// `npx tsx tools/fake-eis/main.ts`: the fake ЕИС on FAKE_EIS_PORT (default: the port of EIS_URL, which is PORT+2 unless set).
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { startFakeEis } from './server';
import { onParentGone } from '../../server/src/platform/shutdown';

const port = Number(process.env.FAKE_EIS_PORT ?? new URL(loadConfig().EIS_URL).port);
const config = loadConfig();
// signed execution packages are checked against the product's own trust store unless told otherwise
const signatures = {
  trustDir: process.env.FAKE_EIS_TRUST_DIR || config.SIGNATURE_TRUST_DIR || path.join(config.DATA_DIR, 'signatures', 'trust'),
  crlDir: process.env.FAKE_EIS_CRL_DIR || config.SIGNATURE_CRL_DIR || path.join(config.DATA_DIR, 'signatures', 'crl'),
  // ЕИС refuses unsigned packages; this switch only serves old scripts that send them on purpose
  allowUnsigned: process.env.FAKE_EIS_ALLOW_UNSIGNED === 'true',
};
const eis = await startFakeEis({ port, host: process.env.HOST ?? '127.0.0.1', dataDir: process.env.FAKE_EIS_DATA, signatures });
console.log(`Тестовая ЕИС: ${eis.url}`);
const stop = () => void eis.close().then(() => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, stop);
onParentGone(stop);
