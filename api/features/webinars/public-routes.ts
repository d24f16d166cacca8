/**
 * The registration links' forms, posted from the pages the e-mails link to (decision 051):
 * - `POST /api/registrations/cancel {registration, token}`: cancels; the first person waiting gets the seat;
 * - `POST /api/registrations/join {webinar, lead, token}`: the invitation's one-step sign-up.
 * JSON → 200 `{ status | registration, message }`; a plain HTML form post (no JavaScript) → 303 to the
 * result page with the signed message (api/platform/lib/signed-message.ts). A wrong link → 404 (JSON) or the
 * result page saying so.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { registrationCancelSchema, registrationJoinSchema } from '../../schemas/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { signMessage } from '../../platform/lib/signed-message.ts';
import { fieldErrorsFromZod, MESSAGES, toHttpError } from '../../platform/errors.ts';
import { ZodError } from 'zod';
import { cancelByLink, joinByInvitation, REGISTRATION_LINK_MESSAGES } from './registration-links.ts';

const cancelSchemas = { body: registrationCancelSchema };
const joinSchemas = { body: registrationJoinSchema };
export const CANCEL_RESULT_PATH = '/annulation/resultat/';

/** A form post is answered with a page (303 + signed message), its errors included; JSON gets JSON. */
function pageAnswer(resultPath: string, type?: string) {
  return async (ctx: Context, next: () => Promise<unknown>) => {
    if (ctx.state.bodyFormat !== 'form') return next();
    let message: string;
    try {
      await next();
      message = (ctx.body as { message: string }).message;
    } catch (error) {
      const known = error instanceof ZodError ? undefined : toHttpError(error);
      if (known && known.status >= 500) throw error;
      message = error instanceof ZodError ? (fieldErrorsFromZod(error)[0]?.message ?? MESSAGES.invalid) : (known?.message ?? MESSAGES.invalid);
    }
    const params = new URLSearchParams({ ...(type ? { type } : {}), message, sig: signMessage(ctx.config.sessionSecret, message) });
    ctx.redirect(`${resultPath}?${params.toString()}`);
    ctx.status = 303;
  };
}

export function publicRegistrationsRouter(): Router {
  const router = apiRouter();

  router.post(
    '/api/registrations/cancel',
    pageAnswer(CANCEL_RESULT_PATH),
    limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay),
    validate(cancelSchemas, { allowForm: true }),
    async (ctx) => {
      const { body } = input(ctx, cancelSchemas);
      const outcome = await cancelByLink(ctx.knex, ctx.config.sessionSecret, body, ctx.config.mail.reminderOffsets);
      ctx.body = { status: outcome, message: outcome === 'cancelled' ? REGISTRATION_LINK_MESSAGES.cancelled : REGISTRATION_LINK_MESSAGES.alreadyCancelled };
    },
  );

  router.post(
    '/api/registrations/join',
    pageAnswer('/merci/', 'webinar'),
    limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay),
    validate(joinSchemas, { allowForm: true }),
    async (ctx) => {
      const { body } = input(ctx, joinSchemas);
      const result = await joinByInvitation(ctx.knex, ctx.config.sessionSecret, body);
      ctx.body = result;
    },
  );

  return router;
}
