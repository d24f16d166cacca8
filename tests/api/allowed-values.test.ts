/**
 * The lists a check constraint allows are written once: the browser contract's labels name every e-mail
 * kind and audit event type, and each migration names only the values it adds (decision 118). These tests
 * prove both lists agree with the migrated database, and that the migrations' helper adds and removes values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { AUDIT_EVENT_TYPES, EMAIL_KIND_VALUES } from '#contract';
import { addAllowedValues, addEmailKinds, allowedValues, AUDIT_TYPES, EMAIL_KINDS, removeAllowedValues, removeEmailKinds } from '../../migrations/helpers/allowed-values.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the lists the database allows', () => {
  it('allows exactly the e-mail kinds the browser contract labels', async () => {
    expect([...(await allowedValues(app.knex, EMAIL_KINDS))].sort()).toEqual([...EMAIL_KIND_VALUES].sort());
  });

  it('allows exactly the audit event types the Journal tab labels', async () => {
    expect(await allowedValues(app.knex, AUDIT_TYPES)).toEqual([...AUDIT_EVENT_TYPES]);
  });
});

describe('the migrations’ helper', () => {
  it('adds kinds after those allowed, then removes them and the e-mails of those kinds', async () => {
    const trx = await app.knex.transaction();
    try {
      const before = await allowedValues(trx, EMAIL_KINDS);
      await addEmailKinds(trx, ['essai_helper', before[0]!]);
      expect(await allowedValues(trx, EMAIL_KINDS)).toEqual([...before, 'essai_helper']);

      const email = { kind: 'essai_helper', cause_key: 'essai-helper', to_address: 'essai@example.org' };
      await trx('emails').insert(email);
      await removeEmailKinds(trx, ['essai_helper']);
      expect(await allowedValues(trx, EMAIL_KINDS)).toEqual(before);
      expect(await trx('emails').where({ kind: 'essai_helper' })).toEqual([]);
      await expect(trx('emails').insert(email)).rejects.toThrow(/emails_kind_check/);
    } finally {
      await trx.rollback();
    }
  });

  it('refuses a value that could not be written inline in the DDL', async () => {
    await expect(addAllowedValues(app.knex, AUDIT_TYPES, ["x') or (true"])).rejects.toThrow(/Valeur refusée/);
    await expect(removeAllowedValues(app.knex, AUDIT_TYPES, [])).resolves.toBeUndefined();
    expect(await allowedValues(app.knex, AUDIT_TYPES)).toEqual([...AUDIT_EVENT_TYPES]);
  });
});
