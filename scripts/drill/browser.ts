/**
 * The drill's browser: talks HTTP to a running SDSTOCK WEB like the Inertia client does — session
 * cookie kept, XSRF token sent back in X-XSRF-TOKEN, X-Inertia headers with the asset version,
 * redirects not followed (a form answers 303; the next visit reads the errors the session carried).
 */

export interface Answer {
  status: number;
  location: string;
  /** Parsed JSON (an Inertia page object, a JSON endpoint) or null. */
  json: InertiaPage | Record<string, unknown> | null;
  text: string;
  ms: number;
}

export interface InertiaPage {
  component: string;
  props: Record<string, unknown> & { errors?: Record<string, string>; flash?: Record<string, string | null> };
  url: string;
  version: string;
}

export class Browser {
  private cookies = new Map<string, string>();
  xsrf = '';
  version = '';
  constructor(
    readonly base: string,
    readonly timeoutMs = 60_000,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (name === 'XSRF-TOKEN') this.xsrf = decodeURIComponent(value);
    }
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    const res = await fetch(new URL(url, this.base), {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: {
        Accept: 'text/html, application/xhtml+xml',
        'X-Inertia': 'true',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Inertia-Version': this.version,
        ...(this.xsrf ? { 'X-XSRF-TOKEN': this.xsrf } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.keep(res);
    const text = await res.text();
    let json: Answer['json'] = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    return {
      status: res.status,
      location: res.headers.get('location') ?? '',
      json,
      text,
      ms: performance.now() - started,
    };
  }

  /** The first page, as a browser opens it: the HTML carries the asset version and the XSRF cookie. */
  async open(): Promise<void> {
    const res = await this.request('GET', '/login', undefined, {
      'X-Inertia': '',
      'X-Requested-With': '',
      Accept: 'text/html',
    });
    const m = /<script data-page="[^"]*" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text);
    const version = m ? (JSON.parse(m[1]) as InertiaPage).version : undefined;
    if (typeof version !== 'string')
      throw new Error(`pas de version Inertia dans la page de connexion (HTTP ${res.status})`);
    this.version = version;
  }

  visit(url: string): Promise<Answer> {
    return this.request('GET', url);
  }

  async send(method: string, url: string, body: unknown = {}): Promise<Answer> {
    if (!this.version) await this.open();
    return this.request(method.toUpperCase(), url, body);
  }

  post(url: string, body: unknown = {}) {
    return this.send('POST', url, body);
  }

  async login(email: string, password: string): Promise<void> {
    if (!this.version) await this.open();
    const res = await this.post('/login', { email, password });
    if (res.status !== 303 || res.location.endsWith('/login'))
      throw new Error(`connexion refusée pour ${email} (HTTP ${res.status} → ${res.location})`);
  }

  /** Password confirmed for the sensitive screens (3 hours). */
  async confirmPassword(password: string): Promise<void> {
    const res = await this.post('/confirm-password', { password });
    if (res.status !== 303 || res.location.endsWith('/confirm-password'))
      throw new Error(`confirmation du mot de passe refusée (HTTP ${res.status})`);
  }

  /** What a form's answer meant: the page it lands on, with the errors and flash the session carried. */
  async outcome(
    answer: Answer,
  ): Promise<{ refused: boolean; errors: Record<string, string>; page: InertiaPage | null }> {
    if (answer.status >= 400) return { refused: true, errors: {}, page: null };
    if (answer.status !== 303 && answer.status !== 302)
      return { refused: false, errors: {}, page: (answer.json as InertiaPage) ?? null };
    // Follow the redirects (a list may send on to its default tab) to the page that renders.
    let next = await this.visit(answer.location);
    for (let hop = 0; hop < 5 && (next.status === 302 || next.status === 303) && next.location; hop++)
      next = await this.visit(next.location);
    const page = next.json && 'component' in next.json ? (next.json as InertiaPage) : null;
    const errors = (page?.props.errors ?? {}) as Record<string, string>;
    const flashError = page?.props.flash?.error;
    return {
      refused: Object.keys(errors).length > 0 || !!flashError,
      errors: flashError ? { ...errors, _flash: flashError } : errors,
      page,
    };
  }
}

/** Parallel logins, a few at a time (argon2 is CPU-bound). */
export async function loggedIn(base: string, n: number, email: string, password: string): Promise<Browser[]> {
  const out: Browser[] = [];
  for (let i = 0; i < n; i += 4) {
    const batch = Array.from({ length: Math.min(4, n - i) }, () => new Browser(base));
    await Promise.all(batch.map((b) => b.login(email, password)));
    out.push(...batch);
  }
  return out;
}
