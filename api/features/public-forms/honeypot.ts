/**
 * The public forms' honeypot: a hidden `website` field that people leave empty. A robot filling it gets
 * the answer a person would get (for a sign-up: the next webinar's, as it stands) and nothing is stored;
 * telling it apart would teach it to leave the field empty.
 */
import type { Context, Next } from 'koa';
import { presentPublicSubmission } from '../webinars/contract/index.ts';
import { receiptWithoutRecording } from './submissions.ts';

export async function honeypot(ctx: Context, next: Next): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const trap = body?.website;
  if (trap === undefined || trap === null || (typeof trap === 'string' && trap.trim() === '')) return next();
  ctx.logger.info({ reqId: ctx.state.requestId }, 'honeypot filled: submission ignored');
  const type = body?.type === 'webinar' ? 'webinar' : 'contact';
  ctx.status = 201;
  ctx.body = presentPublicSubmission(await receiptWithoutRecording(ctx.knex, type));
}
