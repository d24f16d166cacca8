/**
 * Newsletter issues through the admin API (decision 112): create, read, list, change and delete, the
 * French messages of every refusal, the role guard (viewers read, administrators change), the audience
 * count, the editor's preview and its Markdown sanitising (decision 113).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from './harness.ts';
import { BASE, ISSUE, addContact } from './newsletter-fixture.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
setUpAppWithUsers(['emails', 'newsletters', 'leads', 'webinars'], (users) => {
  ({ app, admin, member: viewer } = users);
});

describe('issues: create, read, change', () => {
  it('creates a draft with every field of the answer, and lists it newest first', async () => {
    const created = await admin.post(BASE, { ...ISSUE, tags: ['VIP', 'vip', 'Genève'], archive: true });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      subject: ISSUE.subject,
      preheader: ISSUE.preheader,
      body: ISSUE.body,
      tags: ['vip', 'Genève'],
      archive: true,
      slug: null,
      status: 'draft',
      scheduledAt: null,
      sentAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      pausedReason: null,
      counts: { recipients: 0, queued: 0, sent: 0, failed: 0, cancelled: 0 },
      unsubscribedSince: 0,
    });
    const second = await admin.post(BASE, { subject: 'Deuxième', body: 'Texte' });
    expect(second.body).toMatchObject({ preheader: '', tags: [], archive: false });
    const list = await viewer.get(BASE);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([second.body.id, created.body.id]);
    expect((await viewer.get(`${BASE}/${created.body.id}`)).body).toEqual(created.body);
  });

  it('answers each mistake with a French message, and an unknown issue with 404', async () => {
    const missing = await admin.post(BASE, { preheader: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'subject', message: 'L’objet est obligatoire.' },
        { path: 'body', message: 'Le contenu est obligatoire.' },
      ]),
    );
    const long = await admin.post(BASE, { subject: 'x'.repeat(201), body: 'x' });
    expect(long.body.errors).toEqual([{ path: 'subject', message: 'L’objet ne doit pas dépasser 200 caractères.' }]);
    const archive = await admin.post(BASE, { ...ISSUE, archive: 'oui' });
    expect(archive.body.errors).toEqual([{ path: 'archive', message: 'Le choix de publication doit valoir vrai ou faux.' }]);
    for (const path of [`${BASE}/999999`, `${BASE}/abc`]) {
      const answer = await admin.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Newsletter non trouvée.');
    }
  });

  it('changes a draft, refuses content changes once sent but lets archive change, deletes only drafts', async () => {
    await addContact(app.knex, 'lea@example.ch');
    const { body: issue } = await admin.post(BASE, ISSUE);
    const patched = await admin.patch(`${BASE}/${issue.id}`, { subject: 'Nouvel objet', tags: ['Sommeil'] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ subject: 'Nouvel objet', tags: ['Sommeil'], body: ISSUE.body });

    const draft = await admin.post(BASE, { subject: 'Brouillon', body: 'x' });
    expect((await admin.delete(`${BASE}/${draft.body.id}`)).status).toBe(204);
    expect((await admin.get(`${BASE}/${draft.body.id}`)).status).toBe(404);

    await app.knex('newsletters').where({ id: issue.id }).update({ status: 'sent', startedAt: new Date(), sentAt: new Date() });
    const refused = await admin.patch(`${BASE}/${issue.id}`, { body: 'Autre texte' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/seul le choix de la publier/);
    const published = await admin.patch(`${BASE}/${issue.id}`, { archive: true });
    expect(published.body).toMatchObject({ archive: true, slug: 'nouvel-objet', body: ISSUE.body });
    // An issue named like one of the archive's own pages gets another address, never hidden behind it.
    const { body: thanks } = await admin.post(BASE, { subject: 'Merci !', body: 'x' });
    await app.knex('newsletters').where({ id: thanks.id }).update({ status: 'sent', startedAt: new Date(), sentAt: new Date() });
    expect((await admin.patch(`${BASE}/${thanks.id}`, { archive: true })).body.slug).toBe('merci-2');
    const deleted = await admin.delete(`${BASE}/${issue.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe('Seul un brouillon peut être supprimé.');
    const sentAgain = await admin.post(`${BASE}/${issue.id}/send`, {});
    expect(sentAgain.status).toBe(409);
    expect(sentAgain.body.message).toBe('Cette newsletter a déjà été envoyée.');
  });

  it('lets a viewer read but change nothing', async () => {
    const { body: issue } = await admin.post(BASE, ISSUE);
    expect((await viewer.get(`${BASE}/${issue.id}/recipients`)).status).toBe(200);
    for (const [method, path] of [
      ['POST', BASE],
      ['PATCH', `${BASE}/${issue.id}`],
      ['DELETE', `${BASE}/${issue.id}`],
      ['POST', `${BASE}/${issue.id}/send`],
      ['POST', `${BASE}/${issue.id}/test`],
      ['POST', `${BASE}/${issue.id}/pause`],
      ['POST', `${BASE}/${issue.id}/cancel`],
      ['POST', `${BASE}/${issue.id}/retry-failed`],
    ] as const) {
      const answer = await viewer.request(method, path, { json: ISSUE });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.message).toBe(VIEWER_FORBIDDEN_MESSAGE);
    }
    expect((await app.client().get(BASE)).status).toBe(401);
    expect((await admin.get(`${BASE}/${issue.id}`)).body.status).toBe('draft');
  });
});

describe('the audience', () => {
  beforeEach(async () => {
    await addContact(app.knex, 'confirme@example.ch', { tags: ['VIP'] });
    await addContact(app.knex, 'confirme2@example.ch', { tags: ['genève'] });
    await addContact(app.knex, 'confirme3@example.ch');
    await addContact(app.knex, 'attente@example.ch', { status: 'pending', tags: ['vip'] });
    await addContact(app.knex, 'parti@example.ch', { status: 'unsubscribed', tags: ['vip'] });
    await addContact(app.knex, 'rebond@example.ch', { status: 'bounced', tags: ['vip'] });
    await addContact(app.knex, 'jamais@example.ch', { status: null, tags: ['vip'] });
  });

  it('counts confirmed subscribers only, with at least one of the tags, compared case-insensitively', async () => {
    expect((await viewer.get(`${BASE}/audience`)).body).toEqual({ count: 3 });
    expect((await viewer.get(`${BASE}/audience`, { query: { tags: 'vip' } })).body).toEqual({ count: 1 });
    expect((await viewer.get(`${BASE}/audience`, { query: { tags: 'vip,GENÈVE' } })).body).toEqual({ count: 2 });
    expect((await viewer.get(`${BASE}/audience`, { query: { tags: 'inconnu' } })).body).toEqual({ count: 0 });
  });

  it('refuses to send to nobody', async () => {
    const { body: issue } = await admin.post(BASE, { ...ISSUE, tags: ['inconnu'] });
    const answer = await admin.post(`${BASE}/${issue.id}/send`, {});
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Aucun abonné confirmé ne correspond à cette audience : rien n’a été envoyé.');
    expect((await admin.get(`${BASE}/${issue.id}`)).body.status).toBe('draft');
  });
});

describe('the preview and the Markdown', () => {
  it('renders the e-mail with its layout and a plain-text part; script, raw HTML, javascript: links and images never get through', async () => {
    const body = [
      '# Titre',
      '',
      'Un **texte** et <script>alert("x")</script><img src="https://pixel.example/p.gif"> <a href="https://ailleurs.example" onclick="x()">brut</a>.',
      '',
      '<iframe src="https://evil.example"></iframe>',
      '',
      '[piège](javascript:alert(1)) [écrire](mailto:equipe@clairval.ch) [site](https://autre.example/page)',
      '',
      '![photo](https://images.example/photo.jpg)',
    ].join('\n');
    const answer = await admin.post(`${BASE}/preview`, { subject: 'Objet', preheader: 'Aperçu', body });
    expect(answer.status).toBe(200);
    const { html, text, subject } = answer.body;
    expect(subject).toBe('Objet');
    expect(html).toContain('Clairval Inner Circle');
    expect(html).toContain('<strong>texte</strong>');
    for (const banned of ['<script', '<img', '<iframe', 'javascript:', 'onclick', 'pixel.example', 'ailleurs.example']) expect(html).not.toContain(banned);
    expect(html).toContain('href="mailto:equipe@clairval.ch"');
    expect(html).toContain('href="https://autre.example/page"');
    // An image is a link to it, never loaded.
    expect(html).toMatch(/<a href="https:\/\/images.example\/photo.jpg"[^>]*>photo<\/a>/);
    expect(text).toContain('Titre\n\nUn texte et');
    expect(text).toContain('photo (https://images.example/photo.jpg)');
    expect(text).not.toContain('<');
  });

  it('fills the blocks with the sessions to come and the booking page', async () => {
    await app.knex('webinars').insert({ title: 'Dormir mieux', datetime: new Date(Date.now() + 7 * 86_400_000), duration: 60, location: 'online', maxAttendees: 20, isActive: true });
    await app.knex('webinars').insert({ title: 'Session passée', datetime: new Date(Date.now() - 86_400_000), duration: 60, location: 'online', maxAttendees: 20, isActive: true });
    const answer = await admin.post(`${BASE}/preview`, { subject: 'Objet', preheader: '', body: 'Avant\n\n{{prochains-webinaires}}\n\n{{appel-decouverte}}\n\nAprès' });
    const { text } = answer.body;
    expect(text).toContain('Prochains webinaires');
    expect(text).toContain('Dormir mieux — ');
    expect(text).toContain('20 places restantes');
    expect(text).not.toContain('Session passée');
    expect(text).toContain('Réserver un appel découverte');
    expect(text).toMatch(/\/rendez-vous\//);
    expect(text.indexOf('Avant')).toBeLessThan(text.indexOf('Prochains webinaires'));
    expect(text.indexOf('Réserver un appel découverte')).toBeLessThan(text.indexOf('Après'));
  });
});
