/**
 * The signed-in user's own account: change the password, list and end sessions, edit one's profile
 * (PATCH /api/simple-auth/user). Every role may use these routes: they are
 * outside the prefixes where viewers are read-only (api/platform/http/auth.ts).
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import type { Context } from 'koa';
import { passwordChangeSchema } from '../../contract/passwords.ts';
import { profileUpdateSchema, presentSession, presentUser } from './contract/index.ts';
import { sessionParamsSchema } from '../../contract/params.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireUser, signedInUser } from '../../platform/http/auth.ts';
import { signInSession, signOutSession } from '../../platform/http/session.ts';
import { limitPasswordAttempts, type PasswordAttempt } from '../../platform/http/rate-limit.ts';
import { assertStrongPassword, changePassword, checkPassword } from './auth.ts';
import { endOtherSessions, listSessions, revokeSession } from './sessions.ts';
import { auditRequest } from '../../platform/audit.ts';
import { updateProfile } from './users.ts';
import { HttpError, notFound } from '../../platform/errors.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Le mot de passe actuel est incorrect.';
export const SESSION_NOT_FOUND_MESSAGE = "Cette session n'existe pas ou est déjà terminée.";

const passwordSchemas = { body: passwordChangeSchema };
const sessionSchemas = { params: sessionParamsSchema };
const profileSchemas = { body: profileUpdateSchema };

/** A password change is an attempt on the signed-in account: same limits as a login. */
async function ownAccount(ctx: Context): Promise<PasswordAttempt> {
  const user = signedInUser(ctx);
  return { user, identifier: user.email };
}

export function accountRouter(): Router {
  const router = apiRouter();

  router.post('/api/simple-auth/password', requireUser, validate(passwordSchemas), limitPasswordAttempts(ownAccount), async (ctx) => {
    const { body } = input(ctx, passwordSchemas);
    const user = signedInUser(ctx);
    const attempt = ctx.state.passwordAttempt!;
    const valid = await checkPassword(ctx.passwordHasher, user, body.currentPassword);
    attempt.outcome = valid ? 'succeeded' : 'failed';
    if (!valid) {
      await auditRequest(ctx, 'login_failed', { details: { knownAccount: true, during: 'password_change' } });
      throw new HttpError(403, WRONG_CURRENT_PASSWORD_MESSAGE, { errors: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }] });
    }
    await assertStrongPassword(body.newPassword, [user.email, user.username, user.firstName, user.lastName], 'newPassword');
    await changePassword(ctx.knex, ctx.passwordHasher, user, body.newPassword);
    const ended = await endOtherSessions(ctx.knex, user.id, ctx.session?.publicId);
    await signInSession(ctx, user.id);
    await auditRequest(ctx, 'password_changed', { details: { otherSessionsEnded: ended } });
    ctx.body = { message: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.' };
  });

  router.patch('/api/simple-auth/user', requireUser, validate(profileSchemas), async (ctx) => {
    const { body } = input(ctx, profileSchemas);
    const before = signedInUser(ctx);
    const user = await updateProfile(ctx.knex, before, body);
    ctx.state.user = user;
    // A new e-mail (the sign-in identifier) ends the account's other sessions, as a new password does (decision 144).
    const emailChanged = user.email !== before.email;
    const otherSessionsEnded = emailChanged ? await endOtherSessions(ctx.knex, user.id, ctx.session?.publicId) : 0;
    if (emailChanged) await signInSession(ctx, user.id);
    await auditRequest(ctx, 'user_updated', { details: { targetUserId: user.id, ownProfile: true, ...(emailChanged ? { otherSessionsEnded } : {}) } });
    ctx.body = presentUser(user);
  });

  router.get('/api/simple-auth/sessions', requireUser, async (ctx) => {
    const sessions = await listSessions(ctx.knex, signedInUser(ctx).id);
    ctx.body = { sessions: sessions.map((session) => presentSession(session, ctx.session?.publicId)) };
  });

  // Any text is a well-formed question; an id that is not one of this user's sessions is 404.
  router.delete('/api/simple-auth/sessions/:id', requireUser, validate(sessionSchemas), async (ctx) => {
    const { id } = input(ctx, sessionSchemas).params;
    const current = id === ctx.session?.publicId;
    if (!(await revokeSession(ctx.knex, signedInUser(ctx).id, id))) throw notFound(SESSION_NOT_FOUND_MESSAGE);
    await auditRequest(ctx, 'session_revoked', { details: { current } });
    if (current) signOutSession(ctx);
    ctx.status = 204;
  });

  return router;
}
