// `npm run bench`: runs every bench/*.ts (or the names given) in turn and writes bench/results.md with their output.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
// the soaks (10 minutes; the embedded databases side by side, 6) and the long fuzz run go alone: `npm run bench -- soak`
const LONG = ['soak.ts', 'embedded-db.ts', 'fuzz-formats.ts'];
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (only.length ? only.some((o) => f.startsWith(o)) : !LONG.includes(f)))
  .sort();
const sections = [];
for (const file of scripts) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: path.join(dir, '..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60_000,
  });
  process.stdout.write(r.stdout ?? '');
  sections.push(
    `## ${file}\n\nexit ${r.status}, ${((Date.now() - started) / 1000).toFixed(1)} s\n\n\`\`\`\n${(r.stdout ?? '').trim()}\n\`\`\`\n`,
  );
}
// sections of benchmarks not run this time (the soak, run alone) stay as they were, each with its own date
const resultsFile = path.join(dir, 'results.md');
const kept = new Map();
// the text before the first section (the header and the story of the figures) is written by people: kept as it is
let preamble = '# Benchmark results\n\nWritten by `npm run bench` (each section says when and where it ran).\n';
if (fs.existsSync(resultsFile)) {
  const parts = fs.readFileSync(resultsFile, 'utf8').split(/^(?=## )/m);
  preamble = parts[0].trimEnd() + '\n';
  for (const part of parts.slice(1)) kept.set(part.split('\n')[0].slice(3).trim(), part.trimEnd() + '\n');
}
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}`;
for (const [i, file] of scripts.entries())
  kept.set(file, sections[i].replace('\n\nexit', `\n\n${new Date().toISOString().slice(0, 16)} UTC · ${machine} · exit`));
const ordered = [...kept.keys()].sort().map((k) => kept.get(k));
fs.writeFileSync(resultsFile, `${preamble}\n${ordered.join('\n')}`);
console.log(`\nbench/results.md written (${scripts.length} benchmarks)`);

// every goal on record, each with its figure: those run now and, with their date, those not run (the soak is run alone)
console.log('\nGoals and targets on record (bench/results.md):');
for (const [name, part] of kept) {
  if (!/^[\w-]+\.ts$/.test(name)) continue; // a section of a diagnostic run, named with its settings
  const lines = part.split('\n');
  // an indented goal line follows the figure it judges: the nearest line above it that is not indented
  const figureAbove = (i) => lines.slice(0, i).findLast((l) => l && !/^\s/.test(l));
  const picked = lines.flatMap((l, i) => (/\b(goals?|target)\b/i.test(l) ? (/^\s/.test(l) ? [figureAbove(i) ?? '', l] : [l]) : []));
  if (!picked.length) continue;
  const when = scripts.includes(name) ? 'run now' : `recorded ${lines[2]?.slice(0, 16) ?? '?'} UTC, not run now`;
  console.log(`${name} (${when}):\n${[...new Set(picked)].map((l) => `  ${l.trim()}`).join('\n')}`);
}
