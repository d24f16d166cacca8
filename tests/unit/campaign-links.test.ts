/** Our e-mails' links to our own site say which e-mail they came from (decision 115), once, for every kind. */
import { describe, expect, it } from 'vitest';
import { documentWithCampaign, withCampaign } from '../../api/platform/mail/campaign-links.ts';
import type { EmailDocument } from '../../api/platform/mail/layout.ts';

const SITE = 'https://innercircle.clairval.ch';

describe('withCampaign', () => {
  it('adds the three UTM parameters to a link of the site, before its anchor', () => {
    expect(withCampaign(`${SITE}/webinaire/#inscription`, SITE, 'webinar_followup')).toBe(`${SITE}/webinaire/?utm_source=emails&utm_medium=email&utm_campaign=webinar_followup#inscription`);
    expect(withCampaign(`${SITE}/rendez-vous/?lead=3`, SITE, 'webinar_followup')).toBe(`${SITE}/rendez-vous/?lead=3&utm_source=emails&utm_medium=email&utm_campaign=webinar_followup`);
  });

  it('leaves other sites, mailto:, signed links and links that name their own campaign as they are', () => {
    for (const url of [
      'https://meet.example.ch/helene',
      'mailto:contact@clairval.ch',
      `${SITE}/annulation/?registration=4&token=abc`,
      `${SITE}/merci/?message=x&sig=y`,
      `${SITE}/?utm_source=linkedin`,
      'pas une adresse',
    ]) {
      expect(withCampaign(url, SITE, 'webinar_confirmation')).toBe(url);
    }
  });
});

describe('documentWithCampaign', () => {
  it('tags the buttons, the paragraphs’ links and the facts’ links, the same in both parts', () => {
    const doc: EmailDocument = {
      subject: 'S',
      preview: 'P',
      signature: [],
      footer: 'F',
      blocks: [
        { type: 'paragraph', text: 'Voir', link: `${SITE}/webinaire` },
        {
          type: 'facts',
          rows: [
            { label: 'Lien', value: 'x', href: `${SITE}/rendez-vous` },
            { label: 'Email', value: 'a@b.ch', href: 'mailto:a@b.ch' },
          ],
        },
        { type: 'button', label: 'Réserver', url: `${SITE}/rendez-vous/` },
        { type: 'list', items: ['un'] },
      ],
    };
    const tagged = documentWithCampaign(doc, SITE, 'contact_acknowledgement');
    const campaign = 'utm_source=emails&utm_medium=email&utm_campaign=contact_acknowledgement';
    expect(tagged.blocks).toEqual([
      { type: 'paragraph', text: 'Voir', link: `${SITE}/webinaire?${campaign}` },
      {
        type: 'facts',
        rows: [
          { label: 'Lien', value: 'x', href: `${SITE}/rendez-vous?${campaign}` },
          { label: 'Email', value: 'a@b.ch', href: 'mailto:a@b.ch' },
        ],
      },
      { type: 'button', label: 'Réserver', url: `${SITE}/rendez-vous/?${campaign}` },
      { type: 'list', items: ['un'] },
    ]);
  });
});
