/**
 * Links of our own e-mails to our own site carry `utm_source=emails&utm_medium=email&utm_campaign=<kind>`
 * (decision 115), so a visit or a sign-up that follows an e-mail is credited to it (decision 111's
 * counting reads them). Done once here, on the composed document, for every kind: the HTML and the
 * text parts get the same addresses. Left as they are: links to other sites and `mailto:`, a link that
 * already names a UTM parameter, and the signed links (a `token` or `sig` parameter: cancel, manage,
 * unsubscribe, one-step sign-up), which stay exactly the address the headers (List-Unsubscribe) carry.
 */
import type { Block, EmailDocument } from './layout.ts';

export function withCampaign(url: string, publicUrl: string, kind: string): string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url;
  }
  if (target.origin !== new URL(publicUrl).origin) return url;
  const keys = [...target.searchParams.keys()];
  if (keys.some((key) => key.startsWith('utm_') || key === 'token' || key === 'sig')) return url;
  target.searchParams.set('utm_source', 'emails');
  target.searchParams.set('utm_medium', 'email');
  target.searchParams.set('utm_campaign', kind);
  return target.toString();
}

function blockWithCampaign(block: Block, tag: (url: string) => string): Block {
  switch (block.type) {
    case 'paragraph':
      return block.link ? { ...block, link: tag(block.link) } : block;
    case 'facts':
      return { ...block, rows: block.rows.map((row) => (row.href ? { ...row, href: tag(row.href) } : row)) };
    case 'button':
      return { ...block, url: tag(block.url) };
    case 'list':
      return block;
    case 'html':
      // A newsletter's body: its renderer tags our links with the issue itself (decision 113).
      return block;
  }
}

export function documentWithCampaign(doc: EmailDocument, publicUrl: string, kind: string): EmailDocument {
  if (!publicUrl) return doc;
  const tag = (url: string) => withCampaign(url, publicUrl, kind);
  return { ...doc, blocks: doc.blocks.map((block) => blockWithCampaign(block, tag)) };
}
