import { TEST_VERSION } from './app.js';

/**
 * A guest browser over real HTTP (fetch): its own session and XSRF token. A request resolves when
 * the answer's headers arrive, as a browser following a redirect does (supertest waits for the body).
 */
export class HttpGuest {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  private headers(extra: Record<string, string> = {}) {
    return {
      Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-Inertia': 'true',
      'X-Inertia-Version': TEST_VERSION,
      'X-Requested-With': 'XMLHttpRequest',
      ...extra,
    };
  }
  async visit(path: string) {
    const res = this.keep(await fetch(this.base + path, { headers: this.headers(), redirect: 'manual' }));
    return {
      status: res.status,
      location: res.headers.get('location'),
      body: res.status === 200 ? await res.json() : null,
    };
  }
  async post(path: string, body: object, extra: Record<string, string> = {}) {
    const xsrf = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    const res = this.keep(
      await fetch(this.base + path, {
        method: 'POST',
        headers: this.headers({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, ...extra }),
        body: JSON.stringify(body),
        redirect: 'manual',
      }),
    );
    return { status: res.status, location: res.headers.get('location') };
  }
}
