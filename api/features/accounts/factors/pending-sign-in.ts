/**
 * Placeholder with the agreed signatures until the mfa-core branch (which owns this file) is merged:
 * no pending sign-in exists yet, and completing one opens the session as a login does.
 */
import type { Context } from 'koa';
import type { User } from '../../../models/index.ts';
import { signInSession } from '../../../platform/http/session.ts';
import { issueDeviceCookie } from '../../../platform/http/device-cookie.ts';
import { auditRequest } from '../../../platform/audit.ts';

export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey';

export async function readPendingSignIn(_ctx: Context): Promise<User | undefined> {
  return undefined;
}

export async function completeSignIn(ctx: Context, user: User, method: SignInMethod): Promise<void> {
  await signInSession(ctx, user.id);
  issueDeviceCookie(ctx, user.id);
  ctx.state.user = user;
  await auditRequest(ctx, 'login_succeeded', { userId: user.id, details: { method } });
}
