import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and http suites; the browser suite has its own config (tests/e2e).
export default defineConfig({
  resolve: { alias: { '@/': fileURLToPath(new URL('./resources/js/', import.meta.url)), '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/http/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
