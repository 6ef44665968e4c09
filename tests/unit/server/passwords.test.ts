import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_HASH_OPTIONS,
  passwordHashOptions,
  TEST_PASSWORD_HASH_OPTIONS,
  verifyPassword,
} from '../../../server/auth/passwords.js';
import { ROOT } from '../../support/processes.js';

/** The parameters written in an argon2id hash ($argon2id$v=19$m=…,p=…,t=…$salt$hash). */
const parameters = (hash: string) =>
  Object.fromEntries(
    hash
      .split('$')[3]
      .split(',')
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k, Number(v)]),
  );
const production = {
  m: PASSWORD_HASH_OPTIONS.memoryCost,
  t: PASSWORD_HASH_OPTIONS.timeCost,
  p: PASSWORD_HASH_OPTIONS.parallelism,
};

describe('password hashing cost', () => {
  it('is the production cost (19 MiB, 2 passes) everywhere but inside the test runner', () => {
    expect(production).toEqual({ m: 19_456, t: 2, p: 1 });
    expect(passwordHashOptions({})).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'production' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'production', VITEST: 'true' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'test', VITEST: 'true' })).toBe(TEST_PASSWORD_HASH_OPTIONS);
  });

  it('a process started outside the test runner hashes at the production cost, and its hash verifies here', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    delete env.VITEST;
    const script =
      "import { hashPassword } from './server/auth/passwords.ts'; process.stdout.write(await hashPassword('Prod-Secret-123'))";
    const hash = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(parameters(hash)).toEqual(production);
    expect(await verifyPassword(hash, 'Prod-Secret-123')).toBe(true);
    expect(await verifyPassword(hash, 'Prod-Secret-124')).toBe(false);
  });

  it('the test runner hashes at the test cost', async () => {
    const hash = await hashPassword('Test-Secret-123');
    expect(parameters(hash)).toEqual({
      m: TEST_PASSWORD_HASH_OPTIONS.memoryCost,
      t: TEST_PASSWORD_HASH_OPTIONS.timeCost,
      p: 1,
    });
    expect(await verifyPassword(hash, 'Test-Secret-123')).toBe(true);
  });
});
