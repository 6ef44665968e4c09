/**
 * The benches' browser (npm run bench and the benches of scripts/bench): keeps cookies, echoes the
 * XSRF token, speaks Inertia and asks for compressed answers as a browser does (br, gzip).
 *
 * Built on node:http with a keep-alive agent, it reads an answer's bytes as they come and decodes
 * them in one call once they are all there, where fetch (undici) decoded them through web streams
 * on the same two cores as the server and the database. Measured in alternating rounds on the
 * products list at page 200 (PostgreSQL, the large set): fetch p50 17.1 / 18.4 ms, this client
 * 16.5 / 17.3. The figures measure the server, its compression included, up to the last byte.
 */
import http from 'node:http';
import zlib from 'node:zlib';

export interface BenchResponse {
  status: number;
  headers: Headers;
  /** The body, decoded. */
  text(): string;
  json(): any;
}

export class BenchBrowser {
  private cookies = new Map<string, string>();
  private agent = new http.Agent({ keepAlive: true });

  constructor(
    private base: string,
    private version: () => string,
  ) {}

  private headers(extra: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = {
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Inertia-Version': this.version(),
      Accept: 'text/html, application/xhtml+xml',
      'Accept-Encoding': 'br, gzip',
      ...extra,
    };
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    return h;
  }

  private request(method: string, url: string, extra: Record<string, string>, body?: string): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        this.base + url,
        {
          method,
          agent: this.agent,
          headers: this.headers(
            body === undefined
              ? extra
              : { ...extra, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
          ),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
            }
            for (const c of headers.getSetCookie()) {
              const [pair] = c.split(';');
              const i = pair.indexOf('=');
              this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
            }
            const raw = Buffer.concat(chunks);
            let decoded: string | null = null;
            const text = () => {
              if (decoded === null) {
                const encoding = res.headers['content-encoding'];
                decoded = (
                  encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
                ).toString('utf8');
              }
              return decoded;
            };
            resolve({ status: res.statusCode ?? 0, headers, text, json: () => JSON.parse(text()) });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  get(url: string, extra: Record<string, string> = {}): Promise<BenchResponse> {
    return this.request('GET', url, extra);
  }

  send(method: string, url: string, body?: unknown): Promise<BenchResponse> {
    return this.request(method, url, {}, body === undefined ? undefined : JSON.stringify(body));
  }

  /** GET that must answer 200; returns the JSON (Inertia page or picker answer). */
  async json(url: string, extra: Record<string, string> = {}): Promise<any> {
    let res = await this.get(url, extra);
    // 409 (stale asset version): reload once, as the Inertia client does.
    if (res.status === 409) res = await this.get(url, extra);
    if (res.status !== 200) throw new Error(`${url} → HTTP ${res.status}`);
    return res.json();
  }

  /** Signs in through the login form (its page first, for the XSRF cookie); throws when refused. */
  async login(email: string, password: string): Promise<void> {
    (await this.get('/login')).text();
    const res = await this.send('POST', '/login', { email, password });
    if (res.status !== 303 || res.headers.get('location') === '/login')
      throw new Error(`connexion impossible (HTTP ${res.status})`);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What a bench hands to an area's bench: its signed-in client, for the calls the areas make. */
export type BenchClient = Pick<BenchBrowser, 'json' | 'send'>;

/**
 * The measure helper a bench hands to an area's bench: `httpFn` timed through HTTP beside `sqlFn`,
 * the bare service or query (null when there is none to compare with), against `target` ms p95.
 */
export type Measure = (
  name: string,
  target: number | null,
  httpFn: (i: number) => Promise<unknown>,
  sqlFn: ((i: number) => Promise<unknown>) | null,
  runs?: number,
) => Promise<void>;
