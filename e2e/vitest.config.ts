import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    setupFiles: ['e2e/report-failures.ts'],
    testTimeout: 120_000,
    // a screen polled for what it shows gets the time a loaded 2-core machine needs to fetch its code and data
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    // one browser and one server at a time on a 2-core machine
    fileParallelism: false,
  },
});
