/**
 * Invoice numbers never repeat and never skip (decision 127): 50 acceptances at once, some of whose
 * transactions roll back after taking their number, leave exactly the numbers 1 to N of the year, once
 * each. On PostgreSQL they come from four instances (four pools of six connections to the same
 * database, waiting for a connection as long as it takes: the pools are not what is tested) and wait
 * on the counter's row; PGlite has one connection and runs them one after the other.
 */
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { createInvoicesForAcceptedOffer } from '../../api/features/billing/index.ts';
import { swissDay } from '../../api/platform/lib/swiss-day.ts';
import { setUpAppWithUsers, type AppWithUsers } from './harness.ts';
import { acceptedOffer, billingSettings, insertOffers } from './billing-fixture.ts';

let ctx: AppWithUsers;
setUpAppWithUsers(['emails', 'creditNotes', 'invoices', 'documentCounters', 'leads'], (users) => (ctx = users));

let leadId: number;
beforeEach(async () => {
  const [row] = await ctx.app.knex('leads').insert({ firstName: 'Anne-Sophie', lastName: 'Favre', email: 'anne-sophie@example.ch' }).returning('id');
  leadId = row.id;
  await insertOffers(ctx.app.knex, leadId, 50);
  expect((await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
});

class RolledBack extends Error {}

const instances: Knex[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.destroy()));
});

/** The databases the acceptances go through: four more instances on PostgreSQL, the app's own on PGlite. */
async function databases(): Promise<Knex[]> {
  const url = ctx.app.config.databaseUrl;
  if (!url) return [ctx.app.knex];
  for (let index = 0; index < 4; index += 1) {
    instances.push(knexFactory({ ...knexSnakeCaseMappers(), client: 'pg', connection: url, pool: { min: 0, max: 6 }, acquireConnectionTimeout: 120_000 }));
  }
  return instances;
}

describe('invoice numbers under concurrency', () => {
  it('50 concurrent acceptances, every fifth rolled back, give 40 invoices numbered 1 to 40 of the year', async () => {
    const pools = await databases();
    const attempts = Array.from({ length: 50 }, (_, index) =>
      pools[index % pools.length]!.transaction(async (trx) => {
        await createInvoicesForAcceptedOffer(trx, acceptedOffer(leadId, { offerId: index + 1 }));
        if (index % 5 === 4) throw new RolledBack();
      }),
    );
    const results = await Promise.allSettled(attempts);
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failures).toHaveLength(10);
    expect(failures.every((failure) => failure.reason instanceof RolledBack)).toBe(true);

    const year = swissDay(new Date()).slice(0, 4);
    const numbers = (await ctx.app.knex('invoices').pluck('number')) as string[];
    expect(numbers.sort()).toEqual(Array.from({ length: 40 }, (_, index) => `${year}-${String(index + 1).padStart(4, '0')}`));
    const references = (await ctx.app.knex('invoices').pluck('reference')) as string[];
    expect(new Set(references).size).toBe(40);
    // The e-mails of rolled-back acceptances were never written.
    expect(Number((await ctx.app.knex('emails').where({ kind: 'invoice_issued' }).count({ n: '*' }).first())!.n)).toBe(40);
  }, 120_000);
});
