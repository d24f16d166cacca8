/** The mail facts of Paramètres: the SMTP host only, never the URL's user or password. */
import { describe, expect, it } from 'vitest';
import { presentMailSettings } from '#contract/operations';

describe('presentMailSettings', () => {
  it('keeps the host and port of the SMTP URL and drops its credentials', () => {
    const answer = presentMailSettings({ smtpUrl: 'smtps://equipe:s3cret-pass@mail.example.ch:465', sender: { name: 'Inner Circle', address: 'bonjour@example.ch' }, notifyEmails: undefined });
    expect(answer).toEqual({ smtpConfigured: true, smtpHost: 'mail.example.ch:465', senderName: 'Inner Circle', senderAddress: 'bonjour@example.ch', notifyEmails: null });
    expect(JSON.stringify(answer)).not.toContain('s3cret');
  });

  it('says when nothing is configured', () => {
    expect(presentMailSettings({ smtpUrl: undefined, sender: { address: 'a@example.ch' }, notifyEmails: ['x@example.ch'] })).toMatchObject({
      smtpConfigured: false,
      smtpHost: null,
      senderName: null,
      notifyEmails: ['x@example.ch'],
    });
  });
});
