#!/usr/bin/env node
/**
 * `npm test` runs this first: the suite needs two things from Debian that npm cannot install — Chromium for the e2e
 * suite (playwright-core drives /usr/bin/chromium, see e2e/harness.ts) and OpenSSL's gost engine for the signature
 * tests (server/src/modules/signatures/openssl.ts). What is missing is installed with apt-get when we run as root
 * (as on a fresh CI machine); otherwise the run stops at once and says exactly what to install, instead of failing
 * minutes later in the middle of the suite.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The fonts Chromium draws Cyrillic with in the e2e suite's layout checks; installed with anything else. */
export const FONTS_PACKAGE = 'fonts-dejavu-core';

/** Each dependency: how to tell it is there, and the Debian package that brings it. */
export function probes(env = process.env) {
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return [
    {
      what: `Chromium (${chromium})`,
      // a CHROMIUM_PATH of the user's own cannot be brought by apt-get
      pkg: env.CHROMIUM_PATH ? null : 'chromium',
      present: () => {
        try {
          fs.accessSync(chromium, fs.constants.X_OK);
          return true;
        } catch {
          return false;
        }
      },
    },
    {
      what: "OpenSSL's gost engine (openssl engine gost -t)",
      pkg: 'libengine-gost-openssl',
      present: () => spawnSync('openssl', ['engine', 'gost', '-t'], { stdio: 'ignore', env }).status === 0,
    },
  ];
}

/**
 * What to do about the missing ones: nothing, install (root with apt-get) or stop with the command a person runs.
 * @param {{ what: string, pkg: string | null }[]} missing
 * @param {{ root: boolean, apt: boolean }} can
 */
export function plan(missing, can) {
  if (missing.length === 0) return { action: 'none' };
  const pkgs = [...new Set(missing.map((m) => m.pkg).filter((p) => p !== null))];
  const installable = missing.every((m) => m.pkg !== null);
  if (installable && can.root && can.apt) return { action: 'install', packages: [...pkgs, FONTS_PACKAGE] };
  const lines = [`npm test needs what is missing on this machine: ${missing.map((m) => m.what).join('; ')}.`];
  if (pkgs.length > 0) lines.push(`Install it (Debian): sudo apt-get install -y ${[...pkgs, FONTS_PACKAGE].join(' ')}`);
  for (const m of missing.filter((x) => x.pkg === null)) lines.push(`${m.what}: no such executable — fix CHROMIUM_PATH or unset it.`);
  return { action: 'stop', message: lines.join('\n') };
}

function hasAptGet() {
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function main() {
  const all = probes();
  const missing = all.filter((p) => !p.present());
  const step = plan(missing, { root: process.getuid?.() === 0, apt: missing.length > 0 && hasAptGet() });
  if (step.action === 'none') return 0;
  if (step.action === 'stop') {
    console.error(step.message);
    return 1;
  }
  console.log(`npm test: installing ${step.packages.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...step.packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${r.status}); install by hand: apt-get install -y ${step.packages.join(' ')}`);
      return 1;
    }
  }
  const still = all.filter((p) => !p.present());
  if (still.length > 0) {
    console.error(`still missing after apt-get: ${still.map((m) => m.what).join('; ')}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) process.exit(main());
