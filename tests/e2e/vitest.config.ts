import { defineConfig } from 'vitest/config';

// Browser suite: one server and one Chromium per file, files one after the other.
// Run: npx vite build && npx vitest run --config tests/e2e/vitest.config.ts
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default'],
    globalSetup: ['tests/e2e/support/database-template.ts'],
  },
});
