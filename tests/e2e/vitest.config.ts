import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser suite: each file starts its own server, database (a copy of the run's template) and
// Chromium, so files share nothing and run side by side, one per core; a worker's files share one
// process (isolate: false), the server's modules loaded once. `--maxWorkers=1` runs them one by one.
// Run: npx vite build && npx vitest run --config tests/e2e/vitest.config.ts
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: availableParallelism(),
    isolate: false,
    reporters: ['default'],
    globalSetup: ['tests/e2e/support/database-template.ts'],
  },
});
