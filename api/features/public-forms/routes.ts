/**
 * `POST /api/leads`: the public webinar, contact and newsletter forms. JSON from the site's scripts →
 * 201 `{ status: "received", registration, notice }`, the same whether the email was known or not;
 * a plain HTML form post (no JavaScript) is answered with a 303 to the thank-you or error page.
 * One entry for both forms (rate limits, honeypot, validation, the replay header), then each its own:
 * a contact request is ./submissions.ts (its e-mails: ./prepare-emails.ts), a webinar sign-up is
 * api/features/webinars/seats/sign-up.ts.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { publicLeadSchema } from '../contacts/contract/index.ts';
import { splitFullName } from '../../contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { htmlFormFallback, type PostedForm } from '../../platform/http/html-form-fallback.ts';
import { honeypot } from '../../platform/http/honeypot.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { parseIdempotencyKey } from '../../platform/lib/idempotency.ts';
import { receiptWithoutRecording, submitContactRequest } from './submissions.ts';
import { signUpForNextWebinar } from '../webinars/index.ts';
import { presentPublicSubmission, type PublicSubmissionJson } from '../webinars/contract/index.ts';
import { submissionTouch } from '../attribution/index.ts';

const schemas = { body: publicLeadSchema };

/** Which form was posted: the thank-you and error pages word themselves for it. */
function formType(form: PostedForm): 'webinar' | 'contact' {
  return form.type === 'webinar' ? 'webinar' : 'contact';
}

/**
 * The forms without JavaScript: success → 303 /merci/?type=… (with the webinar's notice, if any); a
 * client mistake → 303 /erreur-envoi/?type=…&message=<French message> (docs/decisions/137-one-public-entry.md).
 */
const formPages = htmlFormFallback({
  // The contact form has one name field; its script splits it, and so does the server when no script ran.
  prepare: (form) => {
    if (typeof form.fullName !== 'string' || form.firstName) return form;
    const { fullName, ...rest } = form;
    return { ...rest, ...splitFullName(fullName) };
  },
  success: (ctx, form) => {
    const notice = (ctx.body as Partial<PublicSubmissionJson> | undefined)?.notice;
    return { path: '/merci/', query: { type: formType(form) }, message: notice ?? undefined };
  },
  failure: (_ctx, form, message) => ({ path: '/erreur-envoi/', query: { type: formType(form) }, message }),
});

/** A robot filling the honeypot gets the receipt a person would get now (for a sign-up: the next webinar's, as it stands). */
const leadsHoneypot = honeypot(async (ctx) => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  ctx.status = 201;
  ctx.body = presentPublicSubmission(await receiptWithoutRecording(ctx.knex, body?.type === 'webinar' ? 'webinar' : 'contact'));
});

export function publicLeadsRouter(): Router {
  const router = apiRouter();

  router.post('/api/leads', formPages, limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay), leadsHoneypot, validate(schemas, { allowForm: true }), async (ctx) => {
    const { website: _honeypot, touchPage, touchReferrer, ...lead } = input(ctx, schemas).body;
    // Where the person came from (decision 115): the request and this process's memory; the visitor's
    // written first source is read by the submission's own statement, so no query runs before it.
    const touch = await submissionTouch(ctx, { touchPage, touchReferrer });
    // The site sends one key per submission attempt and reuses it on retry: a retry replays the answer.
    const idempotencyKey = parseIdempotencyKey(ctx.get('idempotency-key') || undefined);
    // The follow-up e-mails are queued with the submission, atomically: a 201 means they will go out.
    const submission = lead.type === 'contact' ? await submitContactRequest(ctx.knex, { lead, idempotencyKey, touch }) : await signUpForNextWebinar(ctx.knex, { lead, idempotencyKey, touch });
    if (submission.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = presentPublicSubmission(submission.receipt);
  });

  return router;
}
