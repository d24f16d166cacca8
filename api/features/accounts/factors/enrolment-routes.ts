/**
 * The signed-in user's own factors (docs/decisions/144-second-factor-totp-and-recovery-codes.md): list them,
 * add an authenticator app (a QR code of its `otpauth://` URI drawn here as SVG, or the key typed by hand,
 * then a first code to confirm it), remove one, replace the recovery codes. Every role may use these
 * routes (they are in api/platform/http/auth.ts's VIEWER_ALLOWED_CHANGES); a session limited to
 * enrolment may add its first factor (api/platform/http/enrolment.ts).
 */
import type Router from '@koa/router';
import QRCode from 'qrcode';
import { apiRouter } from '../../../platform/http/router.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireUser, signedInUser } from '../../../platform/http/auth.ts';
import { requireRecentFactor } from '../../../platform/http/reauth.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { conflict, HttpError, notFound } from '../../../platform/errors.ts';
import { FACTOR_NOT_FOUND_MESSAGE, factorParamsSchema, presentFactors, presentTotpEnrolment, totpConfirmSchema, totpEnrolSchema, WRONG_CODE_MESSAGE } from '../contract/index.ts';
import { confirmedFactors, confirmFactor, createTotpFactor, deleteFactor, factorRequired, hasConfirmedFactor, ownFactor, unconfirmedTotpFactor } from './factors.ts';
import { acceptTotpCode, newTotpSecret, totpUri } from './totp.ts';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';
import { recordFactorAdded, recordFactorRemoved, requireProofUnlessEnrolling } from './factor-changes.ts';

export const LAST_FACTOR_MESSAGE = 'Gardez au moins un second facteur : il est obligatoire.';
export const NO_FACTOR_YET_MESSAGE = "Ajoutez d'abord un second facteur.";

const enrolSchemas = { body: totpEnrolSchema };
const confirmSchemas = { params: factorParamsSchema, body: totpConfirmSchema };
const factorSchemas = { params: factorParamsSchema };

export function enrolmentRouter(): Router {
  const router = apiRouter();

  router.get('/api/simple-auth/mfa', requireUser, async (ctx) => {
    const user = signedInUser(ctx);
    const [factors, left] = await Promise.all([confirmedFactors(ctx.knex, user.id), recoveryCodesLeft(ctx.knex, user.id)]);
    ctx.body = presentFactors(factors, left, factorRequired(ctx.config, user));
  });

  // Unconfirmed, the factor signs nobody in: creating one needs no proof; confirming it does.
  router.post('/api/simple-auth/mfa/totp', requireUser, validate(enrolSchemas), async (ctx) => {
    const { body } = input(ctx, enrolSchemas);
    const user = signedInUser(ctx);
    const secret = newTotpSecret();
    const factorId = await createTotpFactor(ctx.knex, user.id, body.name, secret);
    const uri = totpUri(secret, user.email);
    ctx.status = 201;
    ctx.body = presentTotpEnrolment(factorId, secret, uri, await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
  });

  router.post('/api/simple-auth/mfa/totp/:factorId/confirm', requireUser, requireProofUnlessEnrolling, validate(confirmSchemas), async (ctx) => {
    const { params, body } = input(ctx, confirmSchemas);
    const user = signedInUser(ctx);
    const factor = await unconfirmedTotpFactor(ctx.knex, user.id, params.factorId);
    if (!factor) throw notFound(FACTOR_NOT_FOUND_MESSAGE);
    if (!(await acceptTotpCode(ctx.knex, factor, body.code))) {
      await auditRequest(ctx, 'mfa_failed', { details: { method: 'totp', during: 'enrolment' } });
      throw new HttpError(401, WRONG_CODE_MESSAGE);
    }
    await confirmFactor(ctx.knex, factor.id);
    const recoveryCodes = await replaceRecoveryCodes(ctx.knex, user.id);
    await recordFactorAdded(ctx, user, { id: factor.id, type: 'totp' });
    ctx.body = { recoveryCodes };
  });

  router.delete('/api/simple-auth/mfa/:factorId', requireUser, requireRecentFactor, validate(factorSchemas), async (ctx) => {
    const { params } = input(ctx, factorSchemas);
    const user = signedInUser(ctx);
    const factor = await ownFactor(ctx.knex, user.id, params.factorId);
    if (!factor) throw notFound(FACTOR_NOT_FOUND_MESSAGE);
    if (factor.confirmedAt && factorRequired(ctx.config, user)) {
      const others = (await confirmedFactors(ctx.knex, user.id)).filter((other) => other.id !== factor.id);
      if (others.length === 0) throw conflict(LAST_FACTOR_MESSAGE);
    }
    await deleteFactor(ctx.knex, user.id, factor.id);
    await recordFactorRemoved(ctx, user, factor);
    ctx.status = 204;
  });

  router.post('/api/simple-auth/mfa/recovery-codes', requireUser, requireRecentFactor, async (ctx) => {
    const user = signedInUser(ctx);
    if (!(await hasConfirmedFactor(ctx.knex, user.id))) throw conflict(NO_FACTOR_YET_MESSAGE);
    const recoveryCodes = await replaceRecoveryCodes(ctx.knex, user.id);
    await auditRequest(ctx, 'recovery_codes_regenerated');
    ctx.body = { recoveryCodes };
  });

  return router;
}
