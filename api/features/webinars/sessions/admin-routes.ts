/** `{base}/webinars…` of the admin API (base: /api/admin or /api/admin-dev): webinars and registrations. */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import {
  attendanceQuerySchema,
  registrationBulkStatusSchema,
  registrationListQuerySchema,
  registrationStatusSchema,
  webinarCreateSchema,
  webinarListQuerySchema,
  webinarUpdateSchema,
  presentAttendance,
  presentBulkStatus,
  presentRegistration,
  presentRegistrationPage,
  presentWebinar,
  presentWebinarPage,
} from '../contract/index.ts';
import { registrationParamsSchema, webinarParamsSchema } from '../../../contract/params.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { requireRecentFactor } from '../../../platform/http/reauth.ts';
import { createWebinar, deleteWebinar, findWebinarOr404, listRegistrations, listWebinars, upcomingWebinars } from './webinars.ts';
import { updateWebinar } from './updates.ts';
import { setRegistrationStatus, setRegistrationsStatus } from './registrations.ts';
import { importAttendance } from './attendance.ts';
import { readCsvBody } from '../../../platform/http/body.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { recordAccess } from '../../../platform/access-log.ts';
import { exportRegistrations } from './registrations-export.ts';
import { sendCsv } from '../../../platform/lib/csv-export.ts';
import { countCancellationRecipients } from './cancellations.ts';

const listSchemas = { query: webinarListQuerySchema };
const oneWebinarSchemas = { params: webinarParamsSchema };
const createSchemas = { body: webinarCreateSchema };
const updateSchemas = { body: webinarUpdateSchema, params: webinarParamsSchema };
const registrationSchemas = { query: registrationListQuerySchema, params: webinarParamsSchema };
const oneStatusSchemas = { body: registrationStatusSchema, params: registrationParamsSchema };
const bulkStatusSchemas = { body: registrationBulkStatusSchema, params: webinarParamsSchema };
const attendanceSchemas = { query: attendanceQuerySchema, params: webinarParamsSchema };

export function adminWebinarsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/webinars', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { webinars, total } = await listWebinars(ctx.knex, query);
    ctx.body = presentWebinarPage(webinars, query, total);
  });

  // Declared before `/webinars/:id`, which would otherwise take "upcoming" for an id.
  router.get('/webinars/upcoming', requireAdmin, async (ctx) => {
    ctx.body = (await upcomingWebinars(ctx.knex)).map(presentWebinar);
  });

  router.get('/webinars/:id', requireAdmin, validate(oneWebinarSchemas), async (ctx) => {
    const { params } = input(ctx, oneWebinarSchemas);
    ctx.body = presentWebinar(await findWebinarOr404(ctx.knex, params.id));
  });

  router.post('/webinars', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    ctx.status = 201;
    ctx.body = presentWebinar(await createWebinar(ctx.knex, body));
  });

  router.patch('/webinars/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { body, params } = input(ctx, updateSchemas);
    ctx.body = presentWebinar(await updateWebinar(ctx.knex, params.id, body));
  });

  router.delete('/webinars/:id', requireAdmin, validate(oneWebinarSchemas), async (ctx) => {
    const { params } = input(ctx, oneWebinarSchemas);
    await deleteWebinar(ctx.knex, params.id);
    await auditRequest(ctx, 'webinar_deleted', { details: { webinarId: params.id } });
    ctx.status = 204;
  });

  router.get('/webinars/:id/registrations', requireAdmin, validate(registrationSchemas), async (ctx) => {
    const { params, query } = input(ctx, registrationSchemas);
    ctx.body = presentRegistrationPage(await listRegistrations(ctx.knex, params.id, query), query);
  });

  router.get('/webinars/:id/registrations.csv', requireAdmin, requireRecentFactor, validate(oneWebinarSchemas), async (ctx) => {
    const { params } = input(ctx, oneWebinarSchemas);
    sendCsv(
      ctx,
      await exportRegistrations(ctx.knex, params.id, async (details, contactIds) => {
        await auditRequest(ctx, 'registrations_exported', { details });
        await recordAccess(ctx, { action: 'registrations_exported', contactIds, details: { ...details, format: 'csv' } });
      }),
    );
  });

  router.patch('/registrations/:id', requireAdmin, validate(oneStatusSchemas), async (ctx) => {
    const { body, params } = input(ctx, oneStatusSchemas);
    ctx.body = presentRegistration(await setRegistrationStatus(ctx.knex, params.id, body.status, ctx.config.mail.reminderOffsets));
  });

  router.post('/webinars/:id/registrations/status', requireAdmin, validate(bulkStatusSchemas), async (ctx) => {
    const { body, params } = input(ctx, bulkStatusSchemas);
    ctx.body = presentBulkStatus(await setRegistrationsStatus(ctx.knex, params.id, body.ids, body.status, ctx.config.mail.reminderOffsets));
  });

  // "Importer les présents": the body is the participants' CSV of Zoom, Teams or Meet.
  router.post('/webinars/:id/attendance', requireAdmin, validate(attendanceSchemas, { allowCsv: true }), async (ctx) => {
    const { params, query } = input(ctx, attendanceSchemas);
    ctx.body = presentAttendance(await importAttendance(ctx.knex, params.id, await readCsvBody(ctx), query.othersNoShow));
  });

  // The deletion dialog: "N personnes inscrites recevront un e-mail d'annulation."
  router.get('/webinars/:id/cancellation-recipients', requireAdmin, validate(oneWebinarSchemas), async (ctx) => {
    const { params } = input(ctx, oneWebinarSchemas);
    const webinar = await findWebinarOr404(ctx.knex, params.id);
    ctx.body = { count: await countCancellationRecipients(ctx.knex, webinar.id) };
  });

  return router;
}
