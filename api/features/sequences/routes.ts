/**
 * `{base}/sequences…` of the admin API (base: /api/admin or /api/admin-dev; docs/decisions/150-sequences-engine.md).
 * Viewers read; only administrators change (the central role guard refuses a viewer's other methods
 * before this runs).
 * - `GET /sequences`, `POST /sequences`, `GET`/`PATCH`/`DELETE /sequences/:id`, `POST /sequences/:id/pause|resume`;
 * - `GET /sequences/:id/stats`; `POST /sequences/preview`, `POST /sequences/:id/steps/:stepId/test`;
 * - `GET /leads/:id/sequence-runs`, `POST /sequence-runs/:id/stop`.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin, signedInUser } from '../../platform/http/auth.ts';
import { auditRequest } from '../../platform/audit.ts';
import {
  presentSequence,
  presentSequenceList,
  presentSequencePreview,
  presentSequenceRun,
  presentSequenceRuns,
  presentSequenceStats,
  sequenceCreateSchema,
  sequenceLeadParamsSchema,
  sequenceParamsSchema,
  sequencePreviewSchema,
  sequenceRunParamsSchema,
  sequenceStepParamsSchema,
  sequenceTestSchema,
  sequenceUpdateSchema,
} from './contract/index.ts';
import { createSequence, deleteSequence, listSequences, readSequence, setSequenceState, updateSequence } from './store.ts';
import { runsOfLead, sequenceStats, stopRun } from './runs.ts';
import { previewStep, sendStepTest } from './preview.ts';

const oneSchemas = { params: sequenceParamsSchema };
const createSchemas = { body: sequenceCreateSchema };
const updateSchemas = { params: sequenceParamsSchema, body: sequenceUpdateSchema };
const previewSchemas = { body: sequencePreviewSchema };
const testSchemas = { params: sequenceStepParamsSchema, body: sequenceTestSchema };
const leadSchemas = { params: sequenceLeadParamsSchema };
const runSchemas = { params: sequenceRunParamsSchema };

/** A change of state, by PATCH or by its own route, is recorded as what it is (docs/decisions/155-sequences-audit-events.md). */
const STATE_AUDIT = { paused: 'sequence_paused', active: 'sequence_resumed' } as const;

export function adminSequencesRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/sequences', requireAdmin, async (ctx) => {
    ctx.body = presentSequenceList(await listSequences(ctx.knex));
  });

  router.post('/sequences', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    const id = await createSequence(ctx.knex, body);
    const { sequence, steps } = await readSequence(ctx.knex, id);
    await auditRequest(ctx, 'sequence_created', { details: { sequenceId: id, steps: steps.length, status: sequence.state } });
    ctx.status = 201;
    ctx.body = presentSequence(sequence, steps);
  });

  router.post('/sequences/preview', requireAdmin, validate(previewSchemas), async (ctx) => {
    const { body } = input(ctx, previewSchemas);
    ctx.body = presentSequencePreview(await previewStep(ctx.knex, body, { publicUrl: ctx.config.publicUrl ?? ctx.origin }));
  });

  router.get('/sequences/:id', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const { sequence, steps } = await readSequence(ctx.knex, params.id);
    ctx.body = presentSequence(sequence, steps);
  });

  router.patch('/sequences/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { params, body } = input(ctx, updateSchemas);
    const before = await updateSequence(ctx.knex, params.id, body);
    const { sequence, steps } = await readSequence(ctx.knex, params.id);
    // The fields sent, by name only (never their text); a state sent alone is a pause or a resume, not an edit.
    const fields = Object.keys(body).filter((field) => field !== 'status' && body[field as keyof typeof body] !== undefined);
    if (fields.length > 0) await auditRequest(ctx, 'sequence_updated', { details: { sequenceId: params.id, fields: fields.join(', '), steps: steps.length } });
    if (sequence.state !== before) await auditRequest(ctx, STATE_AUDIT[sequence.state], { details: { sequenceId: params.id } });
    ctx.body = presentSequence(sequence, steps);
  });

  router.delete('/sequences/:id', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const { runs } = await deleteSequence(ctx.knex, params.id);
    await auditRequest(ctx, 'sequence_deleted', { details: { sequenceId: params.id, runs } });
    ctx.status = 204;
  });

  for (const [action, state] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    router.post(`/sequences/:id/${action}`, requireAdmin, validate(oneSchemas), async (ctx) => {
      const { params } = input(ctx, oneSchemas);
      // A pause of a paused sequence changes nothing and is not recorded.
      if (await setSequenceState(ctx.knex, params.id, state)) await auditRequest(ctx, STATE_AUDIT[state], { details: { sequenceId: params.id } });
      const { sequence, steps } = await readSequence(ctx.knex, params.id);
      ctx.body = presentSequence(sequence, steps);
    });
  }

  router.get('/sequences/:id/stats', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    ctx.body = presentSequenceStats(await sequenceStats(ctx.knex, params.id));
  });

  router.post('/sequences/:id/steps/:stepId/test', requireAdmin, validate(testSchemas), async (ctx) => {
    const { params, body } = input(ctx, testSchemas);
    const emailId = await sendStepTest(ctx.knex, params.id, params.stepId, body.to ?? signedInUser(ctx).email);
    ctx.status = 202;
    ctx.body = { emailId };
  });

  router.get('/leads/:id/sequence-runs', requireAdmin, validate(leadSchemas), async (ctx) => {
    const { params } = input(ctx, leadSchemas);
    ctx.body = presentSequenceRuns(await runsOfLead(ctx.knex, params.id));
  });

  router.post('/sequence-runs/:id/stop', requireAdmin, validate(runSchemas), async (ctx) => {
    const { params } = input(ctx, runSchemas);
    const run = await stopRun(ctx.knex, params.id);
    // A contact's run changed by hand: in the security record with the contact's id; not an access (decision 155).
    await auditRequest(ctx, 'sequence_run_stopped', { details: { runId: run.id, sequenceId: run.sequenceId, leadId: run.leadId, stepId: run.currentStepId } });
    ctx.body = presentSequenceRun(run);
  });

  return router;
}
