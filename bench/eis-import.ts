/**
 * Import of ЕИС contract XMLs: N files made from the fixture (shared/fixtures/eis223/contract_test.xml) with unique
 * registry numbers and guids, parsed with server/src/formats and stored with storeContracts — the function the
 * upload (eis/upload-eis.ts) and the ЕИС import job (eis/import-eis.ts) call — in transactions of BATCH files, on a
 * fresh embedded database (or PostgreSQL with PG=1: a fresh database at TEST_DATABASE_URL or the local default).
 *
 *   npx tsx bench/eis-import.ts          # 10,000 files
 *   FILES=1000 npx tsx bench/eis-import.ts
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { parseEisContracts, type EisContract } from '../server/src/formats';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { openDatabase, runMigrations } from '../server/src/db/client';
import { companies } from '../server/src/db/schema';
import { storeContracts } from '../server/src/modules/contracts/store-contracts';
import { freshDatabase, pgReachable, PG_URL } from '../server/test/nodes';
import { failIf } from './lib/errors';

const FILES = Number(process.env.FILES ?? 10_000);
const BATCH = Number(process.env.BATCH ?? 100);

async function main() {
  const fixture = fs.readFileSync(fixturePath('eis223', 'contract_test.xml'), 'utf8');
  const regNumber = '50105018196150000010000';
  const files = Array.from({ length: FILES }, (_, i) =>
    Buffer.from(
      fixture
        .replaceAll(regNumber, `5010501819615${String(i).padStart(10, '0')}`)
        .replace(/<ns2:guid>[^<]+<\/ns2:guid>/, `<ns2:guid>${crypto.randomUUID()}</ns2:guid>`),
    ),
  );
  const bytes = files.reduce((s, f) => s + f.length, 0);

  let t0 = performance.now();
  const parsed: EisContract[][] = files.map((f) => parseEisContracts(f).contracts);
  const parseMs = performance.now() - t0;
  const records = parsed.reduce((s, r) => s + r.length, 0);

  const pg = process.env.PG === '1' && (await pgReachable()) ? await freshDatabase(PG_URL, 'bench') : null;
  const database = await openDatabase({ databaseUrl: pg?.url });
  try {
    await runMigrations(database);
    const [company] = await database.db.insert(companies).values({ title: 'АО «Импорт»' }).returning();
    t0 = performance.now();
    let created = 0;
    for (let i = 0; i < files.length; i += BATCH) {
      const chunk = files.slice(i, i + BATCH);
      // as the ЕИС import job does: the files fetched are parsed, then stored in one call in one transaction
      const parsed = chunk.flatMap((f) => parseEisContracts(f).contracts);
      await database.db.transaction(async (tx) => {
        created += (await storeContracts(tx, company.id, parsed, 'eis')).filter((s) => s.change === 'created').length;
      });
    }
    const importMs = performance.now() - t0;
    console.log(
      `ЕИС contract import: ${FILES.toLocaleString('en')} files (${(bytes / 2 ** 20).toFixed(1)} MB, ${records} contracts), database ${database.kind}, transactions of ${BATCH} files`,
    );
    console.log(`parsing alone:        ${(parseMs / 1000).toFixed(2)} s — ${Math.round((records * 1000) / parseMs)} contracts/s`);
    console.log(
      `parse + storeContracts: ${(importMs / 1000).toFixed(2)} s — ${Math.round((created * 1000) / importMs)} contracts/s (${created} created)`,
    );
    console.log(`import / parsing speed: ${(parseMs / importMs).toFixed(2)}`);
    failIf(records - created, `of ${records} contracts parsed not created`);
    failIf(FILES - records, `of ${FILES} files without their contract`);
  } finally {
    await database.close();
    await pg?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
