import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { seedBase } from '../../server/services/setup/first-start.js';
import { ADMIN, Client, type TestApp, testAssets } from '../support/app.js';
import { type DbKind, type TestDatabase, freshDatabase, testDatabases } from '../support/databases.js';

/** Issue 12: compressed text, precompressed hashed assets cached a year, 404 for a missing asset. */
describe.each(testDatabases())('asset delivery (%s)', (kind: DbKind) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let buildDir: string;
  let storageDir: string;
  // A built client in miniature: one hashed script, with its brotli and gzip copies (as the build writes them).
  const script = `console.log(${JSON.stringify('SDSTOCK '.repeat(400))});\n`;

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-build-'));
    fs.mkdirSync(path.join(buildDir, 'assets'));
    fs.writeFileSync(path.join(buildDir, 'assets', 'app-AbC123.js'), script);
    fs.writeFileSync(path.join(buildDir, 'assets', 'app-AbC123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(buildDir, 'assets', 'app-AbC123.js.gz'), gzipSync(script));
    database = await freshDatabase(kind);
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-storage-'));
    const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'test-app-key-0123456789abcdef' } as NodeJS.ProcessEnv, {
      storageDir,
      database: database.config,
    });
    await seedBase(database.db, { email: ADMIN.email, password: ADMIN.password });
    app = createApp({ db: database.db, config, logger: pino({ level: 'silent' }), assets: testAssets, buildDir });
  });

  afterAll(async () => {
    await database.drop();
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** The bytes as they cross the wire (supertest would inflate them). */
  const raw = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        http
          .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              server.close();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', (err) => {
            server.close();
            reject(err);
          });
      });
    });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached a year as immutable', async () => {
    const res = await raw('/build/assets/app-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBeUndefined(); // fetched whole: a header less per asset
    // No page policy on a script: those headers cost a kilobyte on each asset of a first visit.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 5);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await request(app).get('/build/assets/app-AbC123.js').set('Accept-Encoding', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script); // supertest inflates gzip
    const plain = await request(app).get('/build/assets/app-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a plain 404 for an asset that is not there (an old hash), never the application page', async () => {
    for (const url of ['/build/assets/app-Old999.js', '/build/assets/missing.css', '/build/nothing']) {
      const res = await request(app).get(url).set('Accept-Encoding', 'br, gzip');
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).not.toMatch(/immutable/);
      expect(res.text).not.toContain('data-page');
    }
    const inertia = await request(app)
      .get('/build/assets/app-Old999.js')
      .set('X-Inertia', 'true')
      .set('X-Inertia-Version', 'x');
    expect(inertia.status).toBe(404);
    expect(inertia.headers['x-inertia']).toBeUndefined();
  });

  it('compresses the HTML page and the Inertia JSON, which are never cached', async () => {
    const html = await raw('/login', { 'Accept-Encoding': 'br, gzip' });
    expect(html.status).toBe(200);
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(html.body).toString()).toContain('<script data-page="app" type="application/json">');
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");

    // Signed in, the dashboard's Inertia JSON (menu, permissions) is well over the 1 KB threshold.
    const client = new Client({ app, db: database.db } as TestApp);
    await client.login();
    const json = await client.visit('/dashboard', { 'Accept-Encoding': 'gzip' });
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.body.component).toBe('Dashboard');
  });
});
