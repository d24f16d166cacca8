/**
 * A tiny HTTP client with a cookie jar, for signing in as an admin and timing API calls the way the
 * admin app makes them (JSON, keep-alive, `Origin` equal to the server on state-changing requests).
 */
import { cookieHeaderOf, storeSetCookies } from '../../tests/support/cookies.ts';

export interface TimedResponse<T = unknown> {
  status: number;
  ms: number;
  body: T;
}

export class ApiSession {
  readonly baseUrl: string;
  private readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<TimedResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.baseUrl;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const started = performance.now();
    const response = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const ms = performance.now() - started;
    storeSetCookies(this.cookies, response.headers);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, ms, body: parsed as T };
  }

  async expect<T = unknown>(method: string, path: string, body: unknown, statuses: number[]): Promise<TimedResponse<T>> {
    const response = await this.request<T>(method, path, body);
    if (!statuses.includes(response.status)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 500)}`);
    }
    return response;
  }
}

export const BENCH_ADMIN = {
  email: 'bench.admin@exemple.fr',
  password: 'Mot-de-passe-bench-2026!',
  firstName: 'Alice',
  lastName: 'Banc',
};

/**
 * Creates the first admin (or reuses it) and signs in; returns the signed-in session. A production
 * server asks for the setup code it logged at start (`setupCodeInLog`).
 */
export async function signInAdmin(baseUrl: string, setupCode?: string): Promise<ApiSession> {
  const session = new ApiSession(baseUrl);
  await session.expect('POST', '/api/simple-auth/setup-admin', { ...BENCH_ADMIN, setupCode }, [200, 201, 409]);
  const login = await session.request('POST', '/api/simple-auth/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return session;
}

/** The one-time setup code a production server wrote to its log (decision 021). */
export function setupCodeInLog(log: string): string | undefined {
  return /"msg":"Code d'installation : ([A-Za-z0-9_-]+)"/.exec(log)?.[1];
}
