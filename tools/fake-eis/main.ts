// `npx tsx tools/fake-eis/main.ts`: the fake ЕИС on FAKE_EIS_PORT (default: the port of EIS_URL, else 3002).
import { startFakeEis } from './server';

const fromUrl = process.env.EIS_URL ? Number(new URL(process.env.EIS_URL).port) : NaN;
const port = Number(process.env.FAKE_EIS_PORT ?? (Number.isFinite(fromUrl) && fromUrl > 0 ? fromUrl : 3002));
const eis = await startFakeEis({ port, host: process.env.HOST ?? '127.0.0.1', dataDir: process.env.FAKE_EIS_DATA });
console.log(`Тестовая ЕИС: ${eis.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void eis.close().then(() => process.exit(0)));
