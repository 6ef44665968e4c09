import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~30 ms here, strong enough and keeps login fast.
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// The test runner's cost (1 MiB, 1 pass: well under a millisecond): the suites create and log in
// hundreds of users, and hashing them at the production cost was a large part of their time.
export const TEST_PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 1_024,
  timeCost: 1,
  parallelism: 1,
} as const;

/**
 * The cost of new hashes: the test cost only inside the test runner (vitest sets VITEST=true in its
 * workers, NODE_ENV=test unless told otherwise), the production cost everywhere else — a server, a
 * script, a test run with NODE_ENV=production. A hash carries its parameters, so either verifies.
 */
export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.VITEST === 'true' && env.NODE_ENV === 'test' ? TEST_PASSWORD_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

const OPTIONS = passwordHashOptions();

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash;
}
