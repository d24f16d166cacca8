/** The sequences screens' pure rules: delays typed in a person's unit, the editor's draft as the API takes it, the figures per step. */
import { describe, expect, test } from 'vitest';
import type { SequenceAnswer, SequenceStatsAnswer } from '#contract/sequences';
import { toHuman, toMinutes } from '../../site/admin/features/sequences/units.ts';
import { bodyOf, draftOf } from '../../site/admin/features/sequences/draft.ts';
import { stepFigures } from '../../site/admin/features/sequences/stats-chart.ts';

describe('delays', () => {
  test('a stored delay is shown in the largest unit that divides it', () => {
    expect(toHuman(0)).toEqual({ value: '0', unit: 'days' });
    expect(toHuman(3 * 24 * 60)).toEqual({ value: '3', unit: 'days' });
    expect(toHuman(36 * 60)).toEqual({ value: '36', unit: 'hours' });
    expect(toHuman(90)).toEqual({ value: '90', unit: 'minutes' });
  });

  test('a typed delay becomes minutes; a comma is a decimal point; an empty one is left to the schema, text too', () => {
    expect(toMinutes({ value: '3', unit: 'days' })).toBe(4320);
    expect(toMinutes({ value: '1,5', unit: 'hours' })).toBe(90);
    expect(toMinutes({ value: '45', unit: 'minutes' })).toBe(45);
    expect(toMinutes({ value: ' ', unit: 'days' })).toBeUndefined();
    expect(toMinutes({ value: 'abc', unit: 'days' })).toBe('abc');
  });
});

const SAVED: SequenceAnswer = {
  id: 4,
  name: 'Après le webinaire',
  entry: { event: 'webinar_attended', afterMinutes: 0 },
  exitOn: ['call_booked'],
  steps: [
    { id: 11, position: 1, delayMinutes: 1440, subject: 'Merci', preview: '', body: 'Bonjour {{prenom}}', window: true },
    { id: 12, position: 2, delayMinutes: 4320, subject: 'Et ensuite ?', preview: 'Un mot', body: '{{appel-decouverte}}', window: false },
  ],
  window: { from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] },
  status: 'active',
  goal: 'call_booked',
  reentry: false,
  transactional: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('the editor', () => {
  test('a saved sequence comes back unchanged from its draft: delays in minutes, steps by id in their order', () => {
    expect(bodyOf(draftOf(SAVED))).toEqual({
      name: 'Après le webinaire',
      entry: { event: 'webinar_attended', afterMinutes: 0 },
      exitOn: ['call_booked'],
      goal: 'call_booked',
      reentry: false,
      window: { from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] },
      steps: [
        { id: 11, delayMinutes: 1440, subject: 'Merci', preview: '', body: 'Bonjour {{prenom}}', window: true },
        { id: 12, delayMinutes: 4320, subject: 'Et ensuite ?', preview: 'Un mot', body: '{{appel-decouverte}}', window: false },
      ],
    });
  });

  test('a new sequence starts on webinar_absent with one step a day after the entry, within the default window', () => {
    const body = bodyOf(draftOf(undefined));
    expect(body.entry).toEqual({ event: 'webinar_absent', afterMinutes: 0 });
    expect(body.window).toEqual({ from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] });
    expect(body.steps).toEqual([{ delayMinutes: 1440, subject: '', preview: '', body: '', window: true }]);
  });
});

test('per step, the people who arrived are those sent it, waiting on it, or gone while waiting', () => {
  const stats: SequenceStatsAnswer = {
    sequenceId: 4,
    goal: 'call_booked',
    entered: 5,
    active: 2,
    completed: 0,
    exited: { call_booked: 2, stopped: 1 },
    converted: 2,
    steps: [
      { stepId: 11, position: 1, subject: 'Merci', deleted: false, sent: 3, waiting: 1, exited: { stopped: 1 }, converted: 1 },
      { stepId: 12, position: 2, subject: 'Et ensuite ?', deleted: false, sent: 0, waiting: 1, exited: { call_booked: 2 }, converted: 0 },
    ],
  };
  const figures = stepFigures(stats, (reason) => (reason === 'stopped' ? 'Retiré·e à la main' : 'Appel réservé'));
  expect(figures.map((step) => [step.arrived, step.sent, step.waiting, step.exited, step.converted])).toEqual([
    [5, 3, 1, 1, 1],
    [3, 0, 1, 2, 0],
  ]);
  expect(figures[1]!.exitedByReason).toEqual([['Appel réservé', 2]]);
});
