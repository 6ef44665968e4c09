import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files and tests run in a random order, so a test that leans on what another one left behind fails
 * at once. The order comes from a seed: TEST_SEED when set (to replay a failing order), else a
 * random one; tests/support/test-seed.ts prints it at the end of the run.
 */
function testSeed(): number {
  const raw = process.env.TEST_SEED?.trim();
  if (!raw) return Math.floor(Math.random() * 1_000_000);
  if (!/^\d{1,15}$/.test(raw)) throw new Error(`TEST_SEED must be a whole number, got "${raw}"`);
  return Number(raw);
}

// Unit and http suites; the browser suite has its own config (tests/e2e).
export default defineConfig({
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./resources/js/', import.meta.url)),
      '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/http/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core: vitest's default (cores − 1) runs a 2-core machine's files one by one,
    // while a worker waits on its database much of the time. Each file has its own database.
    maxWorkers: availableParallelism(),
    // One process per worker for all its files, modules loaded once: loading the server for each
    // file again was a third of the run. Files still get their own database (freshDatabase).
    isolate: false,
    reporters: ['default'],
    sequence: { shuffle: { files: true, tests: true }, seed: testSeed() },
    globalSetup: ['tests/support/test-seed.ts', 'tests/support/database-templates.ts'],
  },
});
