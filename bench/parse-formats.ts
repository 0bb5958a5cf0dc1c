/**
 * How long the format parsers take over the largest real files of the fixtures (ЕИС 223-ФЗ plan, 1.7 MB): the figure
 * the unit test used to assert with a wall clock, which a loaded 2-core machine could not keep honest.
 *
 *   npx tsx bench/parse-formats.ts        # 20 runs after a warm-up
 *   RUNS=2 npx tsx bench/parse-formats.ts # the small run of `npm run test:bench`
 */
import fs from 'node:fs';
import os from 'node:os';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { parseEisPlan } from '../server/src/formats/eis223/parse';

const runs = Number(process.env.RUNS ?? 20);
const buf = fs.readFileSync(fixturePath('eis223', 'purchasePlan_test.xml'));
const items = parseEisPlan(buf).plan.items.length; // the warm-up also pays for JIT compilation
if (items !== 209) throw new Error(`the plan parsed into ${items} items, not 209`);
const ms: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  parseEisPlan(buf);
  ms.push(performance.now() - started);
}
ms.sort((a, b) => a - b);
const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
console.log(
  `ЕИС 223-ФЗ plan, ${(buf.length / 1024 / 1024).toFixed(1)} MB, ${items} items, ${runs} runs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(`  median ${q(0.5).toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms (goal: well under a second)`);
