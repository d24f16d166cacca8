// Due steps (docs/decisions/150-sequences-engine.md): sent within a run of the engine, once, stopped by an exit, refused to who left marketing.
import { describe, expect, it } from 'vitest';
import { runSequences, sendDueSteps } from '../../../api/features/sequences/index.ts';
import { openDatabase } from '../../../api/platform/db.ts';
import {
  addLead,
  admin,
  app,
  booking,
  createSequence,
  DAY,
  invoicePaid,
  mailTo,
  makeDue,
  registration,
  run,
  runOf,
  setUpSequencesApp,
  smtp,
  step,
  stepEmails,
  TEST_RATE,
  headersOf,
  unsubscribeHeader,
} from './support.ts';

setUpSequencesApp();

const twoSteps = (fields: Record<string, unknown> = {}) =>
  createSequence({
    name: 'Absents',
    entry: { event: 'webinar_absent', afterMinutes: 0 },
    exitOn: ['call_booked'],
    steps: [step('Le replay vous attend'), step('Et si nous en parlions ?', { delayMinutes: 3 * 24 * 60 })],
    ...fields,
  });

describe('due steps', () => {
  it('sends the first step at entry with the first name, the blocks and one-click unsubscribe, the next one only once due', async () => {
    const sequence = await twoSteps();
    const leadId = await addLead('absente@example.ch', { firstName: 'Zoé' });
    await registration(leadId, 'no-show');
    await run();
    const first = await mailTo('absente@example.ch', 'Le replay vous attend');
    expect(first.parsed.text).toContain('Bonjour Zoé,');
    expect(first.parsed.text).toContain('Choisir un créneau');
    const unsubscribe = unsubscribeHeader(first);
    expect(unsubscribe.pathname).toBe('/relances-webinaire/desinscription/');
    expect(unsubscribe.searchParams.get('lead')).toBe(String(leadId));
    const waiting = await runOf(leadId, sequence.id);
    expect(waiting).toMatchObject({ state: 'active', currentStepId: sequence.steps[1]!.id });
    // The second step is counted from the first send: three days later.
    const sentAt = new Date((await stepEmails(leadId))[0].sendAfter).getTime();
    expect(Math.abs(new Date(waiting.nextSendAt).getTime() - sentAt - 3 * DAY)).toBeLessThan(1000);

    await run();
    expect(await stepEmails(leadId)).toHaveLength(1);
    await makeDue(waiting.id);
    await run();
    await mailTo('absente@example.ch', 'Et si nous en parlions ?');
    expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'completed', nextSendAt: null });
    expect(await app.knex('sequenceSends').where({ leadId })).toHaveLength(2);
  });

  it('exits on a call booked before the next step is due, and never sends it', async () => {
    const sequence = await twoSteps();
    const leadId = await addLead('reserve@example.ch');
    await registration(leadId, 'no-show');
    await run();
    await mailTo('reserve@example.ch', 'Le replay vous attend');
    await booking(leadId, 'confirmed', -2 * 24 * 60);
    const waiting = await runOf(leadId, sequence.id);
    await makeDue(waiting.id);
    await run();
    expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'exited', exitReason: 'call_booked', nextSendAt: null });
    await app.jobs.drain();
    expect(await stepEmails(leadId)).toHaveLength(1);
    const stats = await admin.get(`/api/admin/sequences/${sequence.id}/stats`);
    expect(stats.body).toMatchObject({ entered: 1, converted: 1, exited: { call_booked: 1 } });
  });

  it('stops a marketing run when the contact unsubscribes between two steps, before the next step', async () => {
    const sequence = await twoSteps();
    const leadId = await addLead('desinscrite@example.ch');
    await registration(leadId, 'no-show');
    await run();
    const first = await mailTo('desinscrite@example.ch', 'Le replay vous attend');
    // The one-click unsubscribe the e-mail carries (RFC 8058).
    const url = unsubscribeHeader(first);
    const clicked = await fetch(`${app.url}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBeLessThan(400);
    const waiting = await runOf(leadId, sequence.id);
    await makeDue(waiting.id);
    await run();
    expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'exited', exitReason: 'unsubscribed' });
    expect(await stepEmails(leadId)).toHaveLength(1);
  });

  it('sends the onboarding to a client who left marketing, marked transactional, without List-Unsubscribe', async () => {
    await createSequence({ name: 'Bienvenue', entry: { event: 'invoice_paid' }, exitOn: [], steps: [step('Bienvenue dans le programme')] });
    const leadId = await addLead('cliente@example.ch', { webinarMarketingUnsubscribedAt: new Date(), newsletterStatus: 'unsubscribed' });
    await invoicePaid(leadId);
    await run();
    const welcome = await mailTo('cliente@example.ch', 'Bienvenue dans le programme');
    expect(welcome.parsed.text).toContain('Message de service');
    expect(headersOf(welcome)).not.toMatch(/List-Unsubscribe/);
  });

  it('writes each step once when runs overlap and when a second instance runs on the same database', async () => {
    await twoSteps();
    const leads: number[] = [];
    for (let index = 1; index <= 20; index += 1) {
      const leadId = await addLead(`foule-${index}@example.ch`);
      await registration(leadId, 'no-show');
      leads.push(leadId);
    }
    const second = app.config.databaseUrl ? await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir, poolMax: 4 }) : undefined;
    try {
      await Promise.all([run(), run(), run(), ...(second ? [runSequences(second, TEST_RATE)] : [])]);
      const runs = await app.knex('sequenceRuns').whereIn('leadId', leads);
      for (const row of runs) await makeDue(row.id);
      await Promise.all([run(), ...(second ? [sendDueSteps(second, { limit: 6000 })] : []), run()]);
    } finally {
      await second?.destroy();
    }
    const sends = await app.knex('emails').whereIn('leadId', leads).where({ kind: 'sequence_step' }).select('leadId').count({ n: '*' }).groupBy('leadId');
    expect(sends).toHaveLength(20);
    for (const row of sends) expect(Number(row.n)).toBe(2);
    await app.jobs.drain();
    const steps = new Set(['Le replay vous attend', 'Et si nous en parlions ?']);
    const received = await smtp.waitFor((messages) => messages.filter((message) => steps.has(message.parsed.subject ?? '')).length >= 40, 50_000);
    const perPerson = new Map<string, number>();
    for (const message of received.filter((item) => steps.has(item.parsed.subject ?? '')))
      perPerson.set(`${message.envelopeTo[0]} ${message.parsed.subject}`, (perPerson.get(`${message.envelopeTo[0]} ${message.parsed.subject}`) ?? 0) + 1);
    expect(perPerson.size).toBe(40);
    expect(Math.max(...perPerson.values())).toBe(1);
  }, 90_000);
});
