import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAuth, requirePasswordConfirmed } from '../../server/http/middleware/auth.js';
import { ADMIN, Client, type TestApp, createTestApp, renderProbe } from '../support/app.js';
import { testDatabases } from '../support/databases.js';

/** A sensitive probe page behind the password confirmation guard. */
function sensitive(app: Express) {
  app.get('/sensible', requireAuth, requirePasswordConfirmed, (_req, res) => renderProbe(res, 'Probe', { ok: true }));
}

describe.each(testDatabases())('password confirmation (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, sensitive);
  });
  afterAll(() => t.close());

  it('asks for the password, returns to the page, and asks again after 3 hours', async () => {
    const c = new Client(t);
    await c.login();
    const first = await c.visit('/sensible');
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/confirm-password');
    const form = await c.visit('/confirm-password');
    expect(form.body.component).toBe('auth/ConfirmPassword');
    const confirmed = await c.post('/confirm-password', { password: ADMIN.password });
    expect(confirmed.headers.location).toBe('/sensible');
    const ok = await c.visit('/sensible');
    expect(ok.status).toBe(200);
    expect(ok.body.props.ok).toBe(true);

    // Age the confirmation in the stored session: 3 h later the guard asks again.
    const rows = await t.db('sessions').whereNotNull('user_id');
    for (const row of rows) {
      const data = JSON.parse(row.data);
      if (data.passwordConfirmedAt) {
        data.passwordConfirmedAt -= 3 * 60 * 60 * 1000 + 1000;
        await t
          .db('sessions')
          .where({ sid: row.sid })
          .update({ data: JSON.stringify(data) });
      }
    }
    expect((await c.visit('/sensible')).headers.location).toBe('/confirm-password');
  });
});
