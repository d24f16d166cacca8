/**
 * What follows every change of an account's factors (docs/decisions/144-second-factor-totp-and-recovery-codes.md):
 * the account's other sessions end, the current one is signed in again under a new id (as after a
 * password change), the change is audited, and once the account has a confirmed factor the enrolment
 * limits are lifted. The passkeys' registration goes through `recordFactorAdded` too.
 */
import type { Context, Next } from 'koa';
import type { User } from '../../../models/index.ts';
import { signInSession } from '../../../platform/http/session.ts';
import { requireRecentFactor } from '../../../platform/http/reauth.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { endOtherSessions } from '../sessions.ts';
import type { FactorType } from '../contract/index.ts';
import { clearMustEnrol, hasConfirmedFactor } from './factors.ts';

/**
 * Adding a factor needs a recent proof (api/platform/http/reauth.ts), except the first factor of a
 * session limited to enrolment: its password, typed just now, is the proof.
 */
export async function requireProofUnlessEnrolling(ctx: Context, next: Next): Promise<void> {
  if (ctx.session?.enrolmentRequired && ctx.state.user && !(await hasConfirmedFactor(ctx.knex, ctx.state.user.id))) return next();
  return requireRecentFactor(ctx, next);
}

/** Ends the other sessions and signs this one in again; returns how many ended. */
async function keepOnlyThisSession(ctx: Context, user: User, enrolmentRequired: boolean): Promise<number> {
  const ended = await endOtherSessions(ctx.knex, user.id, ctx.session?.publicId);
  // Its `factorVerifiedAt` restarts: the change was itself made with a proof.
  ctx.session!.enrolmentRequired = enrolmentRequired || undefined;
  await signInSession(ctx, user.id);
  return ended;
}

/** After a factor was confirmed (a TOTP code typed, a passkey registered). */
export async function recordFactorAdded(ctx: Context, user: User, factor: { id: number; type: FactorType }): Promise<void> {
  await clearMustEnrol(ctx.knex, user.id);
  const ended = await keepOnlyThisSession(ctx, user, false);
  await auditRequest(ctx, 'mfa_enrolled', { details: { factorId: factor.id, type: factor.type, otherSessionsEnded: ended } });
}

/** After a factor was removed by its owner. */
export async function recordFactorRemoved(ctx: Context, user: User, factor: { id: number; type: FactorType }): Promise<void> {
  const ended = await keepOnlyThisSession(ctx, user, ctx.session?.enrolmentRequired === true);
  await auditRequest(ctx, 'mfa_removed', { details: { factorId: factor.id, type: factor.type, otherSessionsEnded: ended } });
}
