/**
 * The second step of the browser journeys' sign-ins (docs/decisions/149-second-factor-screens.md). The
 * e2e servers run in production, where a second factor is required: every account a journey signs in
 * with enrols an authenticator app once per database (through the API, as the enrolment screen does), and
 * its secret is kept here, per server, for the worker's process (a worker's servers live and die with it).
 *
 * A TOTP code is accepted once (api/features/accounts/factors/totp.ts): the same code, or an older one, is
 * refused afterwards. `freshTotpCode` hands out this step's code, or the next step's (the server accepts
 * one step of drift) when this one was used, and waits for the clock when both were.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../api/features/accounts/factors/totp.ts';

const STEP_MS = 30_000;
const secrets = new Map<string, string>();
const lastSteps = new Map<string, number>();

export interface Account {
  email: string;
  password: string;
}

/** One server, whether reached as 127.0.0.1 or as localhost (passkeys need a domain name: tests/e2e/accounts/passkeys.test.ts). */
function keyOf(baseURL: string, email: string): string {
  const url = new URL(baseURL);
  return `${url.port} ${email.toLowerCase()}`;
}

/** Keeps the TOTP secret an account enrolled on the server at `baseURL`. */
export function rememberSecret(baseURL: string, email: string, secret: string): void {
  secrets.set(keyOf(baseURL, email), secret);
}

export function secretFor(baseURL: string, email: string): string | undefined {
  return secrets.get(keyOf(baseURL, email));
}

/** Forgets an account's secret (an administrator reset its factors). */
export function forgetSecret(baseURL: string, email: string): void {
  secrets.delete(keyOf(baseURL, email));
}

const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** A code of `secret` the server has not accepted yet (see above). */
export async function freshTotpCode(secret: string): Promise<string> {
  const last = lastSteps.get(secret);
  let step = currentStep();
  if (last !== undefined && step <= last) {
    // This step's code is spent: the next one's is accepted now; past that, wait until it is this step's.
    if (last + 1 > step + 1) await expect.poll(currentStep, { timeout: 2 * STEP_MS, intervals: [250] }).toBeGreaterThanOrEqual(last);
    step = last + 1;
  }
  lastSteps.set(secret, step);
  return totpCode(secret, step * STEP_MS);
}

/** Marks the code of `secret` at this step as spent (typed by a journey through a screen). */
export function spendCurrentStep(secret: string): void {
  lastSteps.set(secret, Math.max(lastSteps.get(secret) ?? -1, currentStep()));
}

function api(baseURL: string) {
  const origin = new URL(baseURL).origin;
  return { url: (path: string) => `${origin}${path}`, headers: { origin } };
}

/** Adds an authenticator app to the account `request` is signed in as, and keeps its secret. */
export async function enrolTotp(request: APIRequestContext, baseURL: string, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { url, headers } = api(baseURL);
  const started = await request.post(url('/api/simple-auth/mfa/totp'), { data: {}, headers });
  expect(started.status(), await started.text()).toBe(201);
  const { factorId, secret } = (await started.json()) as { factorId: number; secret: string };
  const confirmed = await request.post(url(`/api/simple-auth/mfa/totp/${factorId}/confirm`), { data: { code: await freshTotpCode(secret) }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  rememberSecret(baseURL, email, secret);
  return { secret, recoveryCodes: ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Signs `request` in as `account`: the password, then the code of its app; an account without a factor yet
 * (a second factor is required) enrols one first.
 */
export async function signInWithSecondFactor(request: APIRequestContext, baseURL: string, account: Account): Promise<void> {
  const { url, headers } = api(baseURL);
  const login = await request.post(url('/api/simple-auth/login'), { data: { email: account.email, password: account.password }, headers });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { mfaRequired?: boolean; enrolmentRequired?: boolean };
  if (body.enrolmentRequired) {
    await enrolTotp(request, baseURL, account.email);
  } else if (body.mfaRequired) {
    const secret = secretFor(baseURL, account.email);
    if (!secret) throw new Error(`${account.email} has a second factor this worker did not enrol`);
    const second = await request.post(url('/api/simple-auth/mfa'), { data: { method: 'totp', code: await freshTotpCode(secret) }, headers });
    expect(second.status(), await second.text()).toBe(200);
  }
}

/** Makes sure `account` has an authenticator app this worker knows, signing it in once on a client of its own. */
export async function ensureEnrolled(baseURL: string, account: Account): Promise<void> {
  if (secretFor(baseURL, account.email)) return;
  const request = await playwrightRequest.newContext();
  try {
    await signInWithSecondFactor(request, baseURL, account);
  } finally {
    await request.dispose();
  }
}

/** On the login screen's second step, types the code of the account's app, as a person does. */
export async function passSecondStep(page: Page, email: string): Promise<void> {
  const secret = secretFor(page.url(), email);
  if (!secret) throw new Error(`no second factor known for ${email}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  await page.getByLabel("Code de l'application d'authentification").fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Vérifier' }).click();
}
