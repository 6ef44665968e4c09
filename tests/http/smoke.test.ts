import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';

describe.each(testDatabases())('smoke (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('logs in and sees the dashboard', async () => {
    const c = new Client(t);
    await c.login();
    const res = await c.visit('/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('Dashboard');
    expect(res.body.props.auth.user.email).toBe('admin@test.local');
  });
});
