/**
 * `npm test`'s first step on machines that lack what Debian must bring: it installs with apt-get as root, or stops at
 * once naming the packages. Run as a person runs it, with a PATH that holds only what each case needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ensure-test-deps.mjs');

/** A folder for PATH with node and the given shell scripts in it, nothing else. */
function binDir(scripts: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-bin-'));
  fs.symlinkSync(process.execPath, path.join(dir, 'node'));
  for (const [name, body] of Object.entries(scripts)) fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return dir;
}

function run(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.CHROMIUM_PATH;
  return spawnSync(process.execPath, [script], { env: { ...base, ...env }, encoding: 'utf8' });
}

it('passes on a machine that has Chromium and the gost engine', () => {
  const r = run({});
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

it('stops at once naming the package when it cannot install (no apt-get)', () => {
  // /bin/sh for the scripts only: no openssl and no apt-get on PATH
  const r = run({ PATH: binDir({}) });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain("OpenSSL's gost engine");
  expect(r.stderr).toContain('sudo apt-get install -y libengine-gost-openssl fonts-dejavu-core');
  expect(r.stderr).not.toContain('Chromium');
});

it('names a CHROMIUM_PATH that does not exist instead of installing Debian’s', () => {
  const r = run({ CHROMIUM_PATH: '/nonexistent/chrome' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('Chromium (/nonexistent/chrome)');
  expect(r.stderr).toContain('fix CHROMIUM_PATH');
});

it.runIf(process.getuid?.() === 0)('installs what is missing with apt-get as root, then checks again', () => {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-state-'));
  const log = path.join(state, 'apt.log');
  const bin = binDir({
    // the engine appears once apt-get has installed its package, as on Debian
    openssl: `[ -f ${state}/installed ] && exit 0; echo 'invalid engine "gost"' >&2; exit 1`,
    'apt-get': `[ "$1" = --version ] && exit 0; echo "$DEBIAN_FRONTEND $*" >> ${log}; case "$*" in install*libengine-gost-openssl*) : > ${state}/installed;; esac; exit 0`,
  });
  const r = run({ PATH: bin });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toEqual([
    'noninteractive update -qq',
    'noninteractive install -y -qq libengine-gost-openssl fonts-dejavu-core',
  ]);
});

it.runIf(process.getuid?.() === 0)('fails when apt-get did not bring it', () => {
  const bin = binDir({ openssl: 'exit 1', 'apt-get': 'exit 0' });
  const r = run({ PATH: bin });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain("still missing after apt-get: OpenSSL's gost engine");
});
