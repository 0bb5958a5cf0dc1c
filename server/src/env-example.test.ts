/**
 * .env.example is the one list of settings an operator reads: it names every variable the processes' schema
 * (config.ts, read by the server, the integration service, npm start and the fakes) reads, and nothing it does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, readEnv } from './config';
import { REPO_ROOT } from './paths';

const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
const named = example
  .split('\n')
  .map((l) => /^([A-Z][A-Z0-9_]*)=/.exec(l)?.[1])
  .filter((k): k is string => !!k);

describe('.env.example', () => {
  it('names every key the schema reads, once, and no key it does not read', () => {
    expect([...named].sort()).toEqual([...CONFIG_KEYS].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('holds values the schema accepts, copied as they are', () => {
    const values = Object.fromEntries(
      example.split('\n').flatMap((l) => {
        const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l);
        return m ? [[m[1], m[2]]] : [];
      }),
    );
    // an empty value stands for unset, as the file's comments say («generated when empty»)
    expect(() => readEnv(values)).not.toThrow();
  });

  it('refuses a bad value at start with the key and a reason in Russian', () => {
    expect(() => readEnv({ EIS_TIMEOUT_MS: 'десять секунд', LOG_FORMAT: 'yaml', PORT: '70000' })).toThrow(
      /^Неверные настройки \(переменные окружения\):\n {2}PORT: Значение не больше 65535\n {2}EIS_TIMEOUT_MS: Неверный тип значения: ожидается число\n {2}LOG_FORMAT: pretty или json$/,
    );
  });
});
