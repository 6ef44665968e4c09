import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { pruneErrorLog, recordServerError } from '../../../server/services/support/error-log.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The error journal does not grow for ever: ERROR_LOG_RETENTION_DAYS (default 90) days are kept,
 * older rows deleted by pruneErrorLog (run at start and by the hourly sweep of server/main.ts).
 */
describe.each(testDatabases())('error_log retention (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('ERROR_LOG_RETENTION_DAYS: 90 days by default, a whole number of days from 1 to 3650', () => {
    const base = { NODE_ENV: 'test', APP_KEY: 'x'.repeat(32) };
    expect(loadConfig({ ...base }).errorLogRetentionDays).toBe(90);
    expect(loadConfig({ ...base, ERROR_LOG_RETENTION_DAYS: '30' }).errorLogRetentionDays).toBe(30);
    expect(() => loadConfig({ ...base, ERROR_LOG_RETENTION_DAYS: '0' })).toThrow();
    expect(() => loadConfig({ ...base, ERROR_LOG_RETENTION_DAYS: 'beaucoup' })).toThrow();
  });

  it('keeps the errors of the last N days and deletes the older ones', async () => {
    const tag = uniqueTag();
    const now = new Date('2026-11-24T08:00:00.000Z');
    for (const [days, id] of [
      [200, 'old'],
      [91, 'past'],
      [89, 'kept'],
      [0, 'today'],
    ] as const) {
      await recordServerError(t.db, {
        requestId: `${tag}-${id}`,
        method: 'GET',
        route: '/x',
        status: 500,
        error: new Error('boum'),
        user: null,
        ip: null,
      });
      await t
        .db('error_log')
        .where({ request_id: `${tag}-${id}` })
        .update({ occurred_at: new Date(now.getTime() - days * 86_400_000).toISOString() });
    }
    const left = async () =>
      (await t.db('error_log').where('request_id', 'like', `${tag}-%`).orderBy('occurred_at').select('request_id')).map(
        (r) => String(r.request_id).slice(tag.length + 1),
      );
    expect(await pruneErrorLog(t.db, 90, now)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual(['kept', 'today']);
    await pruneErrorLog(t.db, 1, now);
    expect(await left()).toEqual(['today']);
  });
});
