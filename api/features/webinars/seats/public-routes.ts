/**
 * The cancellation link's form, posted from the page the e-mails link to (decision 051):
 * `POST /api/registrations/cancel {registration, token}` cancels; the first person waiting gets the seat
 * (the invitation's `POST /api/registrations/join`: ./invitation-routes.ts).
 * JSON → 200 `{ status | registration, message }`; a plain HTML form post (no JavaScript) → 303 to the
 * result page with the signed message (api/platform/lib/signed-message.ts). A wrong link → 404 (JSON) or the
 * result page saying so.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { registrationCancelSchema } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { limitPerIp } from '../../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../../platform/lib/rate-limit.ts';
import { pageAnswer } from '../../../platform/http/page-answer.ts';
import { cancelByLink, REGISTRATION_LINK_MESSAGES } from './registration-links.ts';

const cancelSchemas = { body: registrationCancelSchema };
export const CANCEL_RESULT_PATH = '/annulation/resultat/';

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

  return router;
}
