// `npm run bench`: runs every bench/*.ts (or the names given) in turn and writes bench/results.md with their output.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
// the soak (10 minutes) and the long fuzz run go alone: `npm run bench -- soak` or `npx tsx bench/soak.ts`
const LONG = ['soak.ts', 'fuzz-formats.ts'];
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (only.length ? only.some((o) => f.startsWith(o)) : !LONG.includes(f)))
  .sort();
const sections = [];
for (const file of scripts) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { cwd: path.join(dir, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 15 * 60_000 });
  process.stdout.write(r.stdout ?? '');
  sections.push(`## ${file}\n\nexit ${r.status}, ${((Date.now() - started) / 1000).toFixed(1)} s\n\n\`\`\`\n${(r.stdout ?? '').trim()}\n\`\`\`\n`);
}
const header = `# Benchmark results\n\n${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}\n\n`;
fs.writeFileSync(path.join(dir, 'results.md'), header + sections.join('\n'));
console.log(`\nbench/results.md written (${scripts.length} benchmarks)`);
