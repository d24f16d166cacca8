/**
 * Runs the real Koa app in-process on a real database, over real HTTP on a loopback port:
 * - TEST_DB=pglite: a fresh embedded PGlite database (in memory) per app;
 * - TEST_DB=pg: a fresh database created on the server of TEST_DATABASE_URL, dropped afterwards.
 * Under the API projects both start as a copy of the run's migrated template (decision 094,
 * tests/template-database.ts); elsewhere (the fault runs) the migrations run here.
 * Nothing is mocked: requests go through the whole middleware chain.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../api/platform/config.ts';
import { openDatabase, bindModels, migrateLatest, type Database } from '../../api/platform/db.ts';
import { createApp } from '../../api/app.ts';
import { createLogger } from '../../api/platform/logger.ts';
import { announceSetupCode } from '../../api/features/accounts/setup-code.ts';
import type { PasswordHasher } from '../../api/platform/lib/password-hasher.ts';
import type { VisitCounter } from '../../api/features/attribution/index.ts';
import { hashPassword } from '../../api/platform/lib/passwords.ts';
import { User } from '../../api/models/index.ts';
import { startJobs, type RunningJobs } from '../../api/jobs.ts';
import { createQuietGate, createRequestLoad } from '../../api/platform/lib/request-load.ts';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';
import { pgliteTemplate } from '../template-database.ts';
import { assertNoPersonalDataInLogs } from '../support/log-scan.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { cookieHeaderOf, storeSetCookies } from '../support/cookies.ts';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

/** A fetch-based HTTP client with its own cookie jar (one per simulated browser). */
export class TestClient {
  readonly baseUrl: string;
  cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  async request<T = any>(method: string, pathname: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const url = new URL(pathname, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
    storeSetCookies(this.cookies, response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(pathname: string, options?: RequestOptions) {
    return this.request<T>('GET', pathname, options);
  }
  post<T = any>(pathname: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', pathname, { ...options, json });
  }
  patch<T = any>(pathname: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', pathname, { ...options, json });
  }
  delete<T = any>(pathname: string, options?: RequestOptions) {
    return this.request<T>('DELETE', pathname, options);
  }
}

export interface TestApp {
  url: string;
  knex: Database;
  config: Config;
  /** The app's bounded Argon2 runner: tests read how many computations started (`started`, `peak`). */
  passwordHasher: PasswordHasher;
  /** The one-time setup code (production only). */
  setupCode: string | undefined;
  jobs: RunningJobs;
  /** The visit counter (decision 111): `flush()` writes what it counted; `close()` stops it as a graceful stop does. */
  visits: VisitCounter;
  /** A new client with an empty cookie jar. */
  client: () => TestClient;
  /** Requests the server is answering right now (api/platform/lib/request-load.ts). */
  requestsInFlight: () => number;
  /** How many times the workers' quiet gate has held a job back because requests were in flight (decision 079). */
  gateDeferrals: () => number;
  /** Creates a user directly in the database (default: an admin) and returns a client signed in as them. */
  /** Creates an account and signs it in: an administrator unless `role: 'viewer'` (or the older `isAdmin: false`). */
  /**
   * Empties tables between tests, in one transaction. The app's workers may still be finishing the
   * previous test's jobs (sending, the every-minute crons) and take the same rows in another order:
   * PostgreSQL then aborts one side with a deadlock, and, as its manual advises, the cleanup retries.
   */
  emptyTables: (...tables: string[]) => Promise<void>;
  signIn: (user?: Partial<{ email: string; password: string; isAdmin: boolean; role: 'admin' | 'viewer'; firstName: string; lastName: string }>) => Promise<TestClient>;
  close: () => Promise<void>;
}

export const TEST_PASSWORD = 'motdepasse-solide-42';

/**
 * Test apps hash passwords at a tiny Argon2id cost: every sign-in hashes once and verifies once, and
 * at 64 MiB that was most of a file's time (decision 093). The stored string carries its cost, so
 * verification is the same code.
 */
export const TEST_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' } as const;
/** The cheapest cost production accepts (OWASP's minimum): apps started with NODE_ENV=production get it. */
export const MINIMUM_PRODUCTION_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' } as const;
/** For the tests that measure hashing itself (bounded hasher, equal answer times): production's cost. */
export const PRODUCTION_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '2' } as const;

async function createPgDatabase(): Promise<ScratchDatabase> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for TEST_DB=pg');
  return createScratchDatabase('test', { template: inject('pgTemplateDatabase') });
}

export interface TestAppOptions {
  /** Collects every log line the app writes (at debug level) instead of discarding them. */
  logLines?: string[];
  /** Rewrites the fresh database's URL before the app connects (e.g. through a fault-injecting proxy). */
  connectThrough?: (databaseUrl: string) => string;
}

/** Builds the app on a fresh database. `env` overrides configuration variables (e.g. short session timeouts). */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-test-'));
  const usePg = process.env.TEST_DB === 'pg';
  const pgDatabase = usePg ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Rate limits would make unrelated tests depend on how many requests came before them;
    // tests/api/rate-limits.test.ts turns them on.
    RATE_LIMITS: 'off',
    // The app listens on an ephemeral port (below): links use the bound address unless PUBLIC_URL is given.
    PORT: '0',
    // Many files run at once against one PostgreSQL server: a small pool each. The e-mail workers size
    // their share from it (api/platform/mail/workers.ts), so it is given as production gives it.
    DATABASE_POOL_MAX: '5',
    // Production refuses a cost below OWASP's minimum (exit 78): it gets the minimum.
    ...(env.NODE_ENV === 'production' ? MINIMUM_PRODUCTION_PASSWORD_HASH_COST : TEST_PASSWORD_HASH_COST),
    DATABASE_URL: pgDatabase && options.connectThrough ? options.connectThrough(pgDatabase.url) : pgDatabase?.url,
    ...env,
  });
  const templateFile = usePg ? undefined : inject('pgliteTemplateFile');
  const knex = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    inMemory: true,
    poolMax: config.databasePoolMax,
    loadDataDir: templateFile ? pgliteTemplate(templateFile) : undefined,
  });
  bindModels(knex);
  // A copy of the template is migrated already.
  if (usePg ? !inject('pgTemplateDatabase') : !templateFile) await migrateLatest(knex);
  // Every line is kept, at debug level, and scanned for personal data when the app closes (decision 064).
  const capturedLines: string[] = [];
  const logger = createLogger('debug', {
    write: (line: string) => {
      capturedLines.push(line);
      options.logLines?.push(line);
      if (config.logLevel === 'debug') process.stdout.write(line);
    },
  });
  // Each test file's own queue, in its own database (pg-boss schema beside the app's tables).
  let url = '';
  // As api/server.ts: e-mail workers wait while many requests are in flight (decision 079).
  const requestLoad = createRequestLoad();
  let gateDeferrals = 0;
  const deferOnce = (ms: number) => {
    gateDeferrals += 1;
    return new Promise((resolve) => setTimeout(resolve, ms));
  };
  const jobs = await startJobs({ config, knex, logger, publicUrl: () => url, graceMs: 2000, whenQuiet: createQuietGate({ quietFor: requestLoad.quietFor, wait: deferOnce }) });
  const app = createApp({ config, knex, logger });
  // As `npm start` does (api/server.ts): in production with no account, the setup code goes to the log.
  await announceSetupCode(knex, logger, app.context.setupCode);
  const server = http.createServer(requestLoad.track(app.callback()));
  // As api/server.ts: the server keeps an idle connection longer than the test's fetch client does, so
  // on a loaded machine the client never reuses a socket the server is closing at that moment
  // (Node's 5 s default raced undici's 4 s one and gave ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  url = `http://127.0.0.1:${port}`;
  let userCounter = 0;

  return {
    url,
    knex,
    config,
    passwordHasher: app.context.passwordHasher,
    setupCode: app.context.setupCode.value,
    jobs,
    visits: app.context.visits,
    client: () => new TestClient(url),
    requestsInFlight: requestLoad.inFlight,
    gateDeferrals: () => gateDeferrals,
    async emptyTables(...tables) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await knex.transaction(async (trx) => {
            for (const table of tables) await trx(table).delete();
          });
          return;
        } catch (error) {
          const retryable = ['40P01', '40001'].includes((error as { code?: string }).code ?? '');
          if (!retryable || attempt === 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    async signIn(user = {}) {
      userCounter += 1;
      const email = user.email ?? `admin${userCounter}@example.ch`;
      const password = user.password ?? TEST_PASSWORD;
      await User.query().insert({
        username: email,
        email,
        password: await hashPassword(password, app.context.passwordHasher.cost),
        firstName: user.firstName ?? 'Camille',
        lastName: user.lastName ?? 'Rochat',
        role: user.role ?? (user.isAdmin === false ? 'viewer' : 'admin'),
      });
      const client = new TestClient(url);
      const response = await client.post('/api/simple-auth/login', { email, password });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.context.visits.stop();
      await jobs.stop();
      await knex.destroy();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      assertNoPersonalDataInLogs(capturedLines);
    },
  };
}

/** Registers contacts to a webinar, listed by their registration's status: `{ attended: [leadId, …], 'no-show': […] }`. */
export async function registerByStatus(app: TestApp, webinarId: number, byStatus: Record<string, number[]>): Promise<void> {
  await app.knex('webinarRegistrations').insert(Object.entries(byStatus).flatMap(([status, leadIds]) => leadIds.map((leadId) => ({ webinarId, leadId, status }))));
}

export interface AppWithUsers {
  app: TestApp;
  admin: TestClient;
  member: TestClient;
  /** The administrator's user id. */
  adminId: number;
}

/** The app with a signed-in administrator and a signed-in viewer, « Lecture seule » (the admin API tests). */
export async function startTestAppWithUsers(): Promise<AppWithUsers> {
  const app = await startTestApp();
  const admin = await app.signIn();
  const adminId = (await app.knex('users').where({ role: 'admin' }).orderBy('id', 'desc').first('id')).id as number;
  return { app, admin, adminId, member: await app.signIn({ email: 'membre@example.ch', role: 'viewer' }) };
}

/**
 * The head of an admin API test file: one app per file with its administrator and viewer signed in
 * (startTestAppWithUsers), handed to `started` before the first test, `tables` emptied before each
 * test, the app closed after the last.
 */
export function setUpAppWithUsers(tables: string[], started: (users: AppWithUsers) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    const users = await startTestAppWithUsers();
    app = users.app;
    started(users);
  });
  afterAll(() => app?.close());
  beforeEach(() => app!.emptyTables(...tables));
}

/**
 * setUpAppWithUsers for the tests of one contact's records: before each test, once `tables` are
 * emptied, the contact `lead` is inserted and handed to `ready` with the app and its users.
 */
export function setUpAppWithUsersAndLead(tables: string[], lead: Record<string, unknown>, ready: (users: AppWithUsers & { leadId: number }) => void): void {
  let users: AppWithUsers | undefined;
  setUpAppWithUsers(tables, (started) => (users = started));
  beforeEach(async () => {
    const [row] = await users!.app.knex('leads').insert(lead).returning('id');
    ready({ ...users!, leadId: row.id });
  });
}

export interface AppWithSmtp {
  app: TestApp;
  smtp: SmtpSink;
  admin: TestClient;
}

/**
 * The head of a test file that reads what goes out on a real SMTP server (tests/support/smtp-sink.ts):
 * the sink, one app per file sending to it (failed sends retried after a second, then `env`) with its
 * administrator signed in, handed to `started` before the first test; when `tables` are named, they are
 * emptied and the sink's messages forgotten before each test; both closed after the last.
 */
export function setUpAppWithSmtp(env: Record<string, string>, tables: string[], started: (running: AppWithSmtp) => void): void {
  let app: TestApp | undefined;
  let smtp: SmtpSink | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_DELAY_SECONDS: '1', ...env });
    started({ app, smtp, admin: await app.signIn() });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  if (tables.length > 0) {
    beforeEach(async () => {
      await app!.emptyTables(...tables);
      smtp!.messages.length = 0;
    });
  }
}
