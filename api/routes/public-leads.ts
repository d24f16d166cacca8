/**
 * `POST /api/leads`: the public webinar and contact forms (spec section 3, issue 3).
 * JSON from the site's scripts → 201 `{ id, registration, outcome, notice }`; the same route takes a
 * plain HTML form post (no JavaScript) and answers with 303 redirects to the thank-you or error page.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { publicLeadSchema, splitFullName, type PublicLead } from '../schemas/index.ts';
import { input, validate } from '../middleware/validate.ts';
import { submitContactRequest, submitPublicLead, type PublicSubmissionResult } from '../services/leads.ts';
import { REGISTRATION_NOTICES } from '../services/webinars.ts';
import { assertSameRequest, once, parseIdempotencyKey, requestHash, scopedKey, type StoredResponse } from '../lib/idempotency.ts';
import { fieldErrorsFromZod, HttpError, MESSAGES, toHttpError } from '../errors.ts';
import { ZodError } from 'zod';
import { limitPerIp } from '../middleware/rate-limit.ts';
import { signMessage } from '../lib/signed-message.ts';
import { LIMITS } from '../lib/rate-limit.ts';
import { enqueueSubmissionEmails } from '../services/emails-enqueue.ts';

const schemas = { body: publicLeadSchema };

export function publicLeadsRouter(): Router {
  const router = new Router();

  router.post(
    '/api/leads',
    htmlFormFallback,
    limitPerIp(LIMITS.leadsPerIpMinute, LIMITS.leadsPerIpDay),
    honeypot,
    validate(schemas, { allowForm: true }),
    submitLead,
  );

  return router;
}

async function submitLead(ctx: Context): Promise<void> {
  const { body } = input(ctx, schemas);
  const { website: _honeypot, ...lead } = body;
  // The site sends one key per submission attempt and reuses it on retry: a retry replays the answer.
  const key = parseIdempotencyKey(ctx.get('idempotency-key') || undefined);
  const answer =
    lead.type === 'contact'
      ? await ctx.knex.transaction((trx) => submitContact(trx, lead as PublicLead, key))
      : await ctx.knex.transaction((trx) =>
          once(trx, 'leads', key, lead, async () => {
            const result = await submitPublicLead(trx, lead as PublicLead);
            await enqueueSubmissionEmails(trx, { leadId: result.id, submission: 'webinar', webinarId: result.registration?.webinarId, outcome: result.outcome });
            return { status: 201, body: presentSubmission(result) };
          }),
        );
  if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.status = answer.status;
  ctx.body = answer.body;
}

/**
 * Contact requests take the one-statement path (api/services/leads.ts). A key used before answers as
 * the first time did (the contact of that email, no registration) when the payload is the same.
 */
async function submitContact(db: Knex.Transaction, lead: PublicLead, key: string | undefined): Promise<StoredResponse<unknown> & { replayed: boolean }> {
  const idempotency = key ? { key: scopedKey('leads', key), hash: requestHash(lead) } : undefined;
  const saved = await submitContactRequest(db, lead, idempotency);
  if (saved) await enqueueSubmissionEmails(db, { leadId: saved.id, submission: 'contact' });
  if (saved) return { status: 201, body: presentSubmission({ ...saved, registration: null, outcome: null }), replayed: false };
  await assertSameRequest(db, idempotency!.key, idempotency!.hash);
  const contact = await db('leads').whereRaw('lower(email) = lower(?)', [lead.email]).first<{ id: number } | undefined>('id');
  // Deleted by an administrator since: record the request again rather than answer with a dead id.
  const again = contact ?? (await submitContactRequest(db, lead));
  return { status: 201, body: presentSubmission({ id: again!.id, created: false, registration: null, outcome: null }), replayed: true };
}

function presentSubmission(result: PublicSubmissionResult) {
  return {
    id: result.id,
    registration: result.registration,
    outcome: result.outcome,
    notice: result.outcome && result.outcome !== 'registered' ? REGISTRATION_NOTICES[result.outcome] : null,
  };
}

function submittedType(ctx: Context): 'contact' | 'webinar' {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  return body?.type === 'webinar' ? 'webinar' : 'contact';
}

/**
 * A robot filling the hidden `website` field gets the usual success answer, and nothing is stored
 * (telling it apart would teach it to leave the field empty).
 */
async function honeypot(ctx: Context, next: Next): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const trap = body?.website;
  if (trap === undefined || trap === null || (typeof trap === 'string' && trap.trim() === '')) return next();
  ctx.logger.info({ reqId: ctx.state.requestId }, 'honeypot filled: submission ignored');
  ctx.status = 201;
  ctx.body = { id: 0, registration: null, outcome: null, notice: null };
}

/**
 * Without JavaScript the browser posts the form itself: answer with a page, not JSON.
 * Success → 303 /merci/?type=…; a client mistake → 303 /erreur-envoi/?type=…&message=<French message>.
 */
async function htmlFormFallback(ctx: Context, next: Next): Promise<void> {
  if (ctx.state.bodyFormat !== 'form') return next();
  const type = submittedType(ctx);
  // The contact form has one name field; its script splits it, and so does the server when no script ran.
  const form = ctx.request.body as Record<string, string>;
  if (typeof form.fullName === 'string' && !form.firstName) {
    const { fullName, ...rest } = form;
    ctx.request.body = { ...rest, ...splitFullName(fullName) };
  }
  try {
    await next();
  } catch (error) {
    redirectToPage(ctx, '/erreur-envoi/', { type, message: formErrorMessage(ctx, error) });
    return;
  }
  const outcome = (ctx.body as { outcome?: keyof typeof REGISTRATION_NOTICES | null } | undefined)?.outcome;
  const notice = outcome && outcome !== 'registered' ? REGISTRATION_NOTICES[outcome] : undefined;
  redirectToPage(ctx, '/merci/', notice ? { type, message: notice } : { type });
}

function formErrorMessage(ctx: Context, error: unknown): string {
  if (error instanceof ZodError) return fieldErrorsFromZod(error)[0]?.message ?? MESSAGES.invalid;
  const known = toHttpError(error);
  if (known && known.status < 500) return known.message;
  ctx.logger.error({ err: error, reqId: ctx.state.requestId }, 'public form submission failed');
  return (known ?? new HttpError(500, MESSAGES.internal)).message;
}

/** The message travels signed, so the page can show it without JavaScript (api/lib/signed-message.ts). */
function redirectToPage(ctx: Context, pathname: string, query: { type: string; message?: string }): void {
  const params = new URLSearchParams(query);
  if (query.message) params.set('sig', signMessage(ctx.config.sessionSecret, query.message));
  ctx.redirect(`${pathname}?${params.toString()}`);
  ctx.status = 303;
}
