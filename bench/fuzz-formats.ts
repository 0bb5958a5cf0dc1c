/**
 * Mutation run over the format parsers (УПД, ЕИС 223-ФЗ, 1С bank statement): fixture files with bit flips,
 * truncation, byte insertion/deletion, splicing and encoding swaps. Prints counts by outcome; exits 1 on any
 * exception that is not a FormatError (with the case seed to reproduce it).
 *
 *   npx tsx bench/fuzz-formats.ts          # 10 000 mutations
 *   npx tsx bench/fuzz-formats.ts 50000 7  # count, seed
 */
import { fuzz } from '../server/test/security/mutate-files';

const count = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 1);
const started = Date.now();
const r = fuzz(count, seed);
const secs = (Date.now() - started) / 1000;
console.log(`fuzz-formats: ${r.total} mutations in ${secs.toFixed(1)} s (seed ${seed})`);
for (const [k, v] of Object.entries(r.outcomes).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(34)} ${v}`);
if (r.crashes.length) {
  console.log(`\n${r.crashes.length} crash(es):`);
  for (const c of r.crashes.slice(0, 20)) console.log(`- ${c.seed} ${c.mutation} case ${c.caseSeed}\n  ${c.error.replace(/\n/g, '\n  ')}`);
  process.exit(1);
}
