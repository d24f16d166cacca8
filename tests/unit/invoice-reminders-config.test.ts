/** `INVOICE_REMINDER_DAYS`: days after an invoice's due date, validated at start (a bad value names the variable). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config.ts';

const base = { DATA_DIR: '/tmp/innercircle-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('INVOICE_REMINDER_DAYS', () => {
  it('defaults to 10 and 30 days after the due date, smallest first, duplicates dropped', () => {
    expect(loadConfig(base).invoiceReminderDays).toEqual([10, 30]);
    expect(loadConfig({ ...base, INVOICE_REMINDER_DAYS: ' 45, 7 ,45' }).invoiceReminderDays).toEqual([7, 45]);
  });

  it('refuses what is not a list of days between 1 and 365, naming the variable', () => {
    expect(() => loadConfig({ ...base, INVOICE_REMINDER_DAYS: '10 jours' })).toThrow(/^Configuration invalide : INVOICE_REMINDER_DAYS — des nombres de jours séparés par des virgules/);
    expect(() => loadConfig({ ...base, INVOICE_REMINDER_DAYS: '0,30' })).toThrow(/INVOICE_REMINDER_DAYS — chaque rappel doit tomber entre 1 et 365 jours/);
    expect(() => loadConfig({ ...base, INVOICE_REMINDER_DAYS: '400' })).toThrow(/INVOICE_REMINDER_DAYS/);
  });
});
