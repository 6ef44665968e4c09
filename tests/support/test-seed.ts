import type { TestProject } from 'vitest/node';

/**
 * The server suite runs its files and tests in a random order (vitest.config.ts), so a test that
 * leans on another one fails at once. When the run ends, this prints the seed of the order it used,
 * next to the results, with the command that replays it.
 */
export default function announceSeed(project: TestProject) {
  return () => {
    const { seed } = project.config.sequence;
    // on stderr: stdout may be machine-read (vitest list --json)
    process.stderr.write(
      `\nRandom test order, seed ${seed}. Replay it: TEST_SEED=${seed} npm run test:server (or TEST_SEED=${seed} npx vitest run <files>)\n\n`,
    );
  };
}
