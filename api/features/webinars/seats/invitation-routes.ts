/**
 * `POST /api/registrations/join {webinar, lead, token}`: the invitation's one-step sign-up (decision 051).
 * JSON → 200 `{ registration, message }`; a plain HTML form post → 303 to the thank-you page with the
 * signed message. A wrong link → 404 (JSON) or the page saying so.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { registrationJoinSchema } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { limitPerIp } from '../../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../../platform/lib/rate-limit.ts';
import { pageAnswer } from '../../../platform/http/page-answer.ts';
import { joinByInvitation } from './invitation-join.ts';

const joinSchemas = { body: registrationJoinSchema };

export function invitationJoinRouter(): Router {
  const router = apiRouter();

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
