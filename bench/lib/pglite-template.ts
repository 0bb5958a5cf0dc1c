/**
 * For `npm run test:bench`: migrates and seeds one embedded database and dumps it, as the test run's global set-up does
 * (server/test/global-setup.ts), and prints the dump's path; bench/run.mjs gives it to every benchmark as
 * PG_TEMPLATE_FILE, so each test server of theirs (server/test/harness.ts) starts from a copy in a second or two
 * instead of repeating the migrations and seeds. The caller removes the dump's folder.
 */
import { setup } from '../../server/test/global-setup';

await setup();
console.log(process.env.PG_TEMPLATE_FILE);
