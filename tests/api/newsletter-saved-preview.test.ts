/**
 * A saved issue's preview, `GET /api/admin/newsletters/{id}/preview` (decision 114): what a viewer (who
 * may not POST the editor's live preview) and the screen of an issue gone out show: the stored content
 * in the e-mail's layout, blocks filled, sanitised; a French 404 for an unknown issue.
 */
import { describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { setUpAppWithUsers, type TestClient } from './harness.ts';

let admin: TestClient;
let viewer: TestClient;
setUpAppWithUsers(['emails', 'newsletters', 'leads', 'webinars'], (users) => {
  ({ admin, member: viewer } = users);
});

const BASE = '/api/admin/newsletters';
const ISSUE = {
  subject: 'Le calme du soir',
  preheader: 'Cinq minutes avant de dormir',
  body: '## Respirer\n\nExpirez **longuement**.\n\n<script>alert(1)</script>\n\n{{appel-decouverte}}',
};

describe('GET /newsletters/{id}/preview', () => {
  it('shows a viewer the saved issue as a subscriber would get it, while the live preview stays for administrators', async () => {
    const created = await admin.post(BASE, ISSUE);
    expect(created.status).toBe(201);
    const preview = await viewer.get(`${BASE}/${created.body.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe(ISSUE.subject);
    expect(preview.body.html).toMatch(/<h2[^>]*>Respirer<\/h2>/);
    expect(preview.body.html).toContain('Cinq minutes avant de dormir');
    expect(preview.body.html).not.toMatch(/<script|alert\(1\)|\{\{/);
    expect(preview.body.text).toContain('Expirez longuement.');
    expect(preview.body.text).toContain('/rendez-vous/');
    // The same content through the administrator's live preview gives the same message.
    const live = await admin.post(`${BASE}/preview`, ISSUE);
    expect(live.status).toBe(200);
    expect(live.body.text).toBe(preview.body.text);
    const refused = await viewer.post(`${BASE}/preview`, ISSUE);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(VIEWER_FORBIDDEN_MESSAGE);
  });

  it('answers 404 with a French message for an unknown issue', async () => {
    const missing = await viewer.get(`${BASE}/999999/preview`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Newsletter non trouvée.');
  });
});
